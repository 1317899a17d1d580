import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyEmailForm } from '@/components/auth/verify-email-form';
import { INVALID_LINK, USED_LINK } from '@/lib/auth';
import { verificationStep } from '@/lib/accounts';
import { getViewer } from '@/lib/auth';
import { buttonClass } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Email verification', robots: { index: false } };

// Read per request from its link's token, before anything is sent: no shared shell to prerender.
export const instant = false;

// Only a status code comes in the URL; the text is always the shop's own.
const MESSAGES: Record<string, string> = {
  verified: 'Thank you, your email address is verified.',
  'already-verified': 'Your email address is already verified: there is nothing more to do.',
  used: USED_LINK,
  invalid: INVALID_LINK,
};

type Params = { status?: string | string[]; token?: string | string[] };

/** The verification email's link: a form that confirms (opening it uses nothing), or an outcome. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  let status = typeof params.status === 'string' ? params.status : 'invalid';
  if (params.token !== undefined) {
    const token = typeof params.token === 'string' && params.token.length <= 200 ? params.token : '';
    const step = await verificationStep(token, await getViewer());
    if (step.state === 'confirm') {
      return (
        <AuthCard title="Verify your email">
          <VerifyEmailForm token={token} email={step.email} needsPassword={step.needsPassword} />
        </AuthCard>
      );
    }
    status = step.state;
  }
  const verified = status === 'verified' || status === 'already-verified';
  return (
    <AuthCard title={status === 'already-verified' ? 'Email already verified' : verified ? 'Email verified' : 'Email not verified'}>
      <p role="status" className="text-center text-slate-700">
        {MESSAGES[status] ?? INVALID_LINK}
      </p>
      <div className="flex justify-center gap-3">
        <Link href="/" className={buttonClass('primary')}>
          Go shopping
        </Link>
        <Link href="/dashboard" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          Dashboard
        </Link>
      </div>
    </AuthCard>
  );
}
