import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInLinkForm } from '@/components/auth/sign-in-link-form';

export const metadata: Metadata = { title: 'Sign in with your link', robots: { index: false } };

/** Static: the form reads the link's `token` in the browser. */
export default function SignInLinkPage() {
  return (
    <AuthCard title="Sign in with your link">
      <SignInLinkForm />
    </AuthCard>
  );
}
