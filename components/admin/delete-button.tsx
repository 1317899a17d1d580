'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { alertError, alertSuccess, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';

type DeleteButtonProps = { url: string; label: string; itemName: string; doneText: string };

/** Delete with the spec's confirmation: 'Are you sure?' / "You won't be able to Delete this Product?". */
export function DeleteButton({ url, label, itemName, doneText }: DeleteButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    const confirmed = await confirmDialog({
      title: 'Are you sure?',
      text: "You won't be able to Delete this Product?",
      confirmText: 'Yes, Delete it!',
      cancelText: 'No',
    });
    if (!confirmed) {
      await alertError('Product not Deleted!');
      return;
    }
    setBusy(true);
    const res = await fetchJson(url, { method: 'DELETE' });
    setBusy(false);
    if (!res.ok) {
      await alertError(res.data.error ?? 'Something was Wrong, please try again');
      return;
    }
    await alertSuccess('Deleted!', doneText);
    router.refresh();
  }

  return (
    <Button variant="danger" loading={busy} onClick={() => void remove()} aria-label={`${label} ${itemName}`}>
      {label}
    </Button>
  );
}
