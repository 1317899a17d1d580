'use client';

import { ResendVerificationButton } from '@/components/auth/resend-verification-button';
import { useViewer } from '@/components/session/use-viewer';

/** For a signed-in user whose email is not verified yet: a banner offering to resend the email. */
export function VerifyEmailBanner() {
  const state = useViewer();
  if (state.status !== 'signed-in' || state.viewer.emailVerified) return null;
  return (
    <div role="region" aria-label="Email verification" className="bg-amber-100 text-amber-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6">
        <p>
          Please verify your email address: we sent a link to <strong>{state.viewer.email}</strong>.
        </p>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
