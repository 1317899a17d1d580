import type { Metadata } from 'next';
import { AuthCard, OrDivider } from '@/components/auth/auth-card';
import { AuthSwitchLink } from '@/components/auth/auth-switch-link';
import { GoogleButton } from '@/components/auth/google-button';
import { RegisterForm } from '@/components/auth/register-form';
import { googleConfigured } from '@/lib/platform/env';

export const metadata: Metadata = { title: 'Register', description: 'Create your PartsMart account.', robots: { index: false } };

/** Static: the form reads `callbackUrl` from the URL in the browser. */
export default function RegisterPage() {
  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account? <AuthSwitchLink page="/login">Login</AuthSwitchLink>
        </>
      }
    >
      <RegisterForm />
      <OrDivider />
      <GoogleButton enabled={googleConfigured()} />
    </AuthCard>
  );
}
