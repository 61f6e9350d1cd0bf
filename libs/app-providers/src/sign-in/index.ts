export { LoginForm, type LoginFormProps } from './components/login-form.js';
export { RegisterForm, type RegisterFormProps } from './components/register-form.js';
export { SignInPage, type SignInPageProps } from './components/sign-in-page.js';
