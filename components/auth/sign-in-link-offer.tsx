'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';

/** On /login after the limits refused a sign-in: the owner always has a way in, a one-time email link (lib/auth/sign-in-link.ts). */
export function SignInLinkOffer({ message, email }: { message: string; email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function send() {
    setSending(true);
    const res = await fetchJson('/api/sign-in-link', { method: 'POST', json: { email } });
    setSending(false);
    if (res.ok) setSent(res.data.message ?? 'Check your inbox');
    else toast.error(res.data.error ?? 'Something went wrong, please try again');
  }

  return (
    <div role="status" className="space-y-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <p>{message}</p>
      {sent ? (
        <p className="font-medium">{sent}</p>
      ) : (
        <Button type="button" variant="outline" loading={sending} disabled={!email} onClick={send} className="w-full">
          Email me a sign-in link
        </Button>
      )}
    </div>
  );
}
