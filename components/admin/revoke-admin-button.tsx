'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { alertError, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { signOutTo } from '@/lib/client/sign-out';
import { TEXT } from '@/lib/core/texts';

export const REVOKED = 'Admin role revoked';

/** Revoke (with a confirmation): the server refuses oneself and the last admin with a message we show. */
export function RevokeAdminButton({ email }: { email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function revoke() {
    const confirmed = await confirmDialog({
      title: 'Revoke admin?',
      text: `${email} will lose access to the admin pages at once.`,
      confirmText: 'Yes, Revoke',
      cancelText: 'No',
    });
    if (!confirmed) return;
    setBusy(true);
    const res = await fetchJson<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' });
    setBusy(false);
    if (res.status === 401 || res.status === 403) {
      // Our own role is gone (or the session): the spec's Make Admin refusal.
      await alertError(TEXT.notAdmin);
      await signOutTo('/');
      return;
    }
    if (!res.ok) await alertError(res.data.error ?? 'The role could not be revoked');
    else if (res.data.modifiedCount > 0) toast.success(REVOKED);
    router.refresh();
  }

  return (
    <Button variant="outline" size="sm" loading={busy} onClick={() => void revoke()} aria-label={`Revoke admin ${email}`}>
      Revoke
    </Button>
  );
}
