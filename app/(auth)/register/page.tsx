import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard, OrDivider } from '@/components/auth/auth-card';
import { GoogleButton } from '@/components/auth/google-button';
import { RegisterForm } from '@/components/auth/register-form';
import { googleConfigured } from '@/lib/env';
import { safeCallbackUrl } from '@/lib/utils';

export const metadata: Metadata = { title: 'Register', description: 'Create your PartsMart account.', robots: { index: false } };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const target = safeCallbackUrl((await searchParams).callbackUrl);
  const loginHref = target === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(target)}`;
  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account?{' '}
          <Link href={loginHref} className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <RegisterForm callbackUrl={target} />
      <OrDivider />
      <GoogleButton enabled={googleConfigured()} callbackUrl={target} />
    </AuthCard>
  );
}
