import { LoginForm, SignInPage } from '@dblearn/app-providers/sign-in';
import { Link, useNavigate } from '@dblearn/web/router';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <SignInPage heading="Sign in to DBLearn">
      <LoginForm onSignedIn={() => navigate('/', { replace: true })} />
      <p className="auth-page__switch">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </SignInPage>
  );
}
