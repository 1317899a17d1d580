import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false } };

// Read per request from its link's token, before anything is sent: no shared shell to prerender.
export const instant = false;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="text-center text-slate-600">
          This link is incomplete. Ask for a new one from the{' '}
          <Link href="/login" className="font-semibold text-brand-700 underline">
            login page
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
