import { RegisterForm, SignInPage } from '@dblearn/app-providers/sign-in';
import { Link, useNavigate } from '@dblearn/web/router';

export default function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <SignInPage heading="Create your DBLearn account">
      <RegisterForm onSignedIn={() => navigate('/', { replace: true })} />
      <p className="auth-page__switch">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </SignInPage>
  );
}
