'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { alertError, confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';

/** Pause (after a confirmation: customers are refused the code at once) or resume a code. */
export function PauseCodeButton({ code, paused }: { code: string; paused: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (
      !paused &&
      !(await confirmDialog({
        title: `Pause ${code}?`,
        text: 'Customers who enter it from now on are refused it, also at checkout.',
        confirmText: 'Yes, Pause it',
        cancelText: 'No',
      }))
    )
      return;
    setBusy(true);
    const res = await fetchJson(`/api/admin/discount-codes/${encodeURIComponent(code)}`, { method: 'PATCH', json: { paused: !paused } });
    setBusy(false);
    if (!res.ok) {
      await alertError(res.data.error ?? 'Something was Wrong, please try again');
      return;
    }
    toast.success(paused ? `${code} resumed` : `${code} paused`);
    router.refresh();
  }
  return (
    <Button
      variant={paused ? 'success' : 'outline'}
      size="sm"
      loading={busy}
      onClick={() => void toggle()}
      aria-label={`${paused ? 'Resume' : 'Pause'} ${code}`}
    >
      {paused ? 'Resume' : 'Pause'}
    </Button>
  );
}
