import { ResendVerificationButton } from '@/components/auth/resend-verification-button';
import { getSessionUser, getViewer } from '@/lib/auth/viewer';

/** For a signed-in user whose email is not verified yet: a banner offering to resend the email. */
export async function VerifyEmailBanner() {
  if (!(await getSessionUser())) return null;
  const viewer = await getViewer().catch(() => null);
  if (!viewer || viewer.emailVerified) return null;
  return (
    <div role="region" aria-label="Email verification" className="bg-amber-100 text-amber-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6">
        <p>
          Please verify your email address: we sent a link to <strong>{viewer.email}</strong>.
        </p>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
