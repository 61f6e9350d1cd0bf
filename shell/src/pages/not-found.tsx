import { Link } from '@dblearn/web/router';

export default function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page Not Found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
