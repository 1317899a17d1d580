'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { alertError, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { signOutTo } from '@/lib/client/sign-out';
import { TEXT } from '@/lib/core/texts';

export const PROMOTED = 'Successfully Promoting to Admin';

/** Make Admin, with a confirmation as Revoke has: the role opens every admin page and the shop's data. */
export function MakeAdminButton({ email }: { email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function promote() {
    const confirmed = await confirmDialog({
      title: 'Make admin?',
      text: `${email} will be able to manage products, orders, reviews and other admins at once.`,
      confirmText: 'Yes, Make Admin',
      cancelText: 'No',
    });
    if (!confirmed) return;
    setBusy(true);
    const res = await fetchJson<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });
    setBusy(false);
    if (res.status === 403) {
      await alertError(TEXT.notAdmin);
      await signOutTo('/');
      return;
    }
    if (res.ok && res.data.modifiedCount > 0) toast.success(PROMOTED);
    else if (!res.ok) toast.error(res.data.error ?? 'Something went wrong');
    router.refresh();
  }

  return (
    <Button variant="dark" size="sm" loading={busy} onClick={() => void promote()} aria-label={`Make Admin ${email}`}>
      Make Admin
    </Button>
  );
}
