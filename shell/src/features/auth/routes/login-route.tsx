import { Link, useNavigate } from 'react-router-dom';
import { LoginForm } from '../components/login-form.js';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <section className="auth-page" aria-labelledby="login-heading">
      <h1 id="login-heading">Sign in to DBLearn</h1>
      <LoginForm onSignedIn={() => navigate('/', { replace: true })} />
      <p className="auth-page__switch">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </section>
  );
}
