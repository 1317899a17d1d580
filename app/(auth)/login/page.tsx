import type { Metadata } from 'next';
import { AuthCard, OrDivider } from '@/components/auth/auth-card';
import { AuthSwitchLink } from '@/components/auth/auth-switch-link';
import { GoogleButton } from '@/components/auth/google-button';
import { LoginForm } from '@/components/auth/login-form';
import { googleConfigured } from '@/lib/platform/env';

export const metadata: Metadata = {
  title: 'Login',
  description: 'Log in to order parts, pay and follow your orders.',
  robots: { index: false },
};

/** Static: the form reads `callbackUrl` and `error` from the URL in the browser. */
export default function LoginPage() {
  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to PartsMart? <AuthSwitchLink page="/register">Create an account</AuthSwitchLink>
        </>
      }
    >
      <LoginForm />
      <OrDivider />
      <GoogleButton enabled={googleConfigured()} />
    </AuthCard>
  );
}
