import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard, OrDivider } from '@/components/auth/auth-card';
import { GoogleButton } from '@/components/auth/google-button';
import { LoginForm } from '@/components/auth/login-form';
import { signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { googleConfigured } from '@/lib/env';
import { safeCallbackUrl } from '@/lib/utils';

export const metadata: Metadata = {
  title: 'Login',
  description: 'Log in to order parts, pay and follow your orders.',
  robots: { index: false },
};

type LoginPageProps = { searchParams: Promise<{ callbackUrl?: string; error?: string }> };

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { callbackUrl, error } = await searchParams;
  const target = safeCallbackUrl(callbackUrl);
  const registerHref = target === '/' ? '/register' : `/register?callbackUrl=${encodeURIComponent(target)}`;
  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to PartsMart?{' '}
          <Link href={registerHref} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm callbackUrl={target} initialError={error ? signInErrorMessage(error) : undefined} />
      <OrDivider />
      <GoogleButton enabled={googleConfigured()} callbackUrl={target} />
    </AuthCard>
  );
}
