'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';

export const ALERT_STOPPED = 'Done: this alert is stopped and its email address removed.';

/** The one click of an alert email's unsubscribe link: DELETE /api/alerts/{token}, never done by merely opening the page. */
export function UnsubscribeAlert({ token }: { token: string }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function stop() {
    setBusy(true);
    const res = await fetchJson(`/api/alerts/${encodeURIComponent(token)}`, { method: 'DELETE' });
    setBusy(false);
    setResult(res.ok ? { ok: true, text: ALERT_STOPPED } : { ok: false, text: res.data.error ?? 'Please try again in a moment' });
  }

  if (result)
    return (
      <p
        role={result.ok ? 'status' : 'alert'}
        className={result.ok ? 'rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900' : 'rounded-xl bg-red-50 p-3 text-sm text-red-700'}
      >
        {result.text}
      </p>
    );
  return (
    <Button onClick={stop} loading={busy}>
      Unsubscribe
    </Button>
  );
}
