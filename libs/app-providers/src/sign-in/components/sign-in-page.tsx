// Imported here, not in the sign-in index: a bundler skips a re-exporting index (and the CSS it
// imports) when the page imports names through it.
import '../sign-in.css';
import { useId, type ReactNode } from 'react';

export interface SignInPageProps {
  heading: string;
  children: ReactNode;
}

/** The card a sign-in or register form sits in. */
export function SignInPage({ heading, children }: SignInPageProps) {
  const headingId = useId();
  return (
    <section className="auth-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      {children}
    </section>
  );
}
