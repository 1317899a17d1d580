'use client';

import { signIn } from 'next-auth/react';
import { currentCallbackUrl } from '@/lib/client/callback-url';

type GoogleButtonProps = { enabled: boolean };

/** Google sign-in; shown disabled, with a note, when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set. */
export function GoogleButton({ enabled }: GoogleButtonProps) {
  return (
    <div>
      <button
        type="button"
        disabled={!enabled}
        onClick={() => void signIn('google', { callbackUrl: currentCallbackUrl() })}
        aria-describedby={enabled ? undefined : 'google-note'}
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path fill="#4285F4" d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6a5.1 5.1 0 01-2.2 3.3v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0012 23z" />
          <path fill="#FBBC05" d="M5.8 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.1H2.1a11 11 0 000 9.8L5.8 14z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 002.1 7.1L5.8 10C6.7 7.3 9.1 5.4 12 5.4z" />
        </svg>
        Continue with Google
      </button>
      {!enabled && (
        <p id="google-note" className="mt-2 text-center text-xs text-slate-500">
          Google sign-in is not configured on this shop.
        </p>
      )}
    </div>
  );
}
