'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';

type DeleteRecordButtonProps = { url: string; name: string; what: string; doneText: string; then?: string };

/** Delete a zone or a tax rate, after a confirmation. */
export function DeleteRecordButton({ url, name, what, doneText, then }: DeleteRecordButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function remove() {
    const confirmed = await confirmDialog({
      title: `Delete ${what}?`,
      text: `${name} will be removed; checkouts stop offering it at once.`,
      confirmText: 'Yes, Delete it!',
      cancelText: 'No',
    });
    if (!confirmed) return;
    setBusy(true);
    const res = await fetchJson(url, { method: 'DELETE' });
    setBusy(false);
    if (!res.ok) {
      await alertError(res.data.error ?? 'Something was Wrong, please try again');
      return;
    }
    toast.success(doneText);
    if (then) router.push(then);
    else router.refresh();
  }
  return (
    <Button variant="danger" size="sm" loading={busy} onClick={() => void remove()} aria-label={`Delete ${what} ${name}`}>
      Delete
    </Button>
  );
}
