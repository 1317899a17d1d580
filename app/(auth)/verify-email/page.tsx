import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';

export const metadata: Metadata = { title: 'Email verification', robots: { index: false } };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ status?: string; message?: string }> }) {
  const { status, message } = await searchParams;
  const verified = status === 'verified';
  return (
    <AuthCard title={verified ? 'Email verified' : 'Email not verified'}>
      <p role="status" className="text-center text-slate-700">
        {verified
          ? 'Thank you, your email address is verified.'
          : (message ?? 'This link is invalid or has expired, please ask for a new one.')}
      </p>
      <div className="flex justify-center gap-3">
        <Link href="/" className="rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-white hover:bg-brand-600">
          Go shopping
        </Link>
        <Link href="/dashboard" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          Dashboard
        </Link>
      </div>
    </AuthCard>
  );
}
