'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { confirmAndSend } from '@/lib/client/submit';

type DeleteButtonProps = {
  url: string;
  label: string;
  itemName: string;
  doneText: string;
  /** Said after the spec's question. */ note?: string;
};

export const DELETE_CONFIRM = {
  title: 'Are you sure?',
  text: "You won't be able to Delete this Product?",
  confirmText: 'Yes, Delete it!',
  cancelText: 'No',
};

/** Delete with the spec's confirmation: 'Are you sure?' / "You won't be able to Delete this Product?". */
export function DeleteButton({ url, label, itemName, doneText, note }: DeleteButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const done = await confirmAndSend({
      confirm: note ? { ...DELETE_CONFIRM, text: `${DELETE_CONFIRM.text} ${note}` } : DELETE_CONFIRM,
      declined: { title: 'Product not Deleted!' },
      url,
      method: 'DELETE',
      done: { title: 'Deleted!', text: doneText },
      failure: 'Something was Wrong, please try again',
    });
    setBusy(false);
    if (done) router.refresh();
  }

  return (
    <Button variant="danger" loading={busy} onClick={() => void remove()} aria-label={`${label} ${itemName}`}>
      {label}
    </Button>
  );
}
