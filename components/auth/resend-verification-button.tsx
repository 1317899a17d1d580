'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { fetchJson } from '@/lib/client/fetch-json';

export function ResendVerificationButton() {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    const res = await fetchJson('/api/verify-email/resend', { method: 'POST' });
    setSending(false);
    if (res.ok) toast.success(res.data.message ?? 'Verification email sent');
    else toast.error(res.data.error ?? 'The email could not be sent, please try again');
  }
  return (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={sending}
      className="rounded-md bg-amber-900 px-3 py-1 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
    >
      {sending ? 'Sending…' : 'Resend verification email'}
    </button>
  );
}
