import { Link, useNavigate } from 'react-router-dom';
import { RegisterForm } from '../components/register-form.js';

export default function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <section className="auth-page" aria-labelledby="register-heading">
      <h1 id="register-heading">Create your DBLearn account</h1>
      <RegisterForm onSignedIn={() => navigate('/', { replace: true })} />
      <p className="auth-page__switch">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}
