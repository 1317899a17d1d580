'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';
import { FIT_NO_THANKS, FIT_THANKS, fitQuestion, type FitConfirmationDTO } from '@/lib/fit-confirmations/types';

export type FitAnswerProps = {
  orderId: string;
  partId: string;
  vehicle: string;
  /** The fit-check email's signed link: it answers without a sign-in. */
  token?: string;
  /** A guest's order link, on the guest's order page. */
  orderToken?: string;
  /** The answer the email's link was for: shown first. */
  suggested?: 'yes' | 'no';
};

/** "Did it fit your 2016 Toyota Corolla?" with Yes and No: one POST per click, never sent by merely opening a page. A No leads
 * to the return form with "does not fit" chosen. */
export function FitAnswer({ orderId, partId, vehicle, token, orderToken, suggested }: FitAnswerProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function answer(fits: boolean) {
    setBusy(true);
    const res = await fetchJson<FitConfirmationDTO>(`/api/parts/${partId}/fit-confirmations`, {
      method: 'POST',
      json: { orderId, fits, ...(token ? { token } : {}) },
      headers: orderToken ? { 'X-Order-Token': orderToken } : {},
    });
    setBusy(false);
    if (res.ok && res.data.returnUrl) return router.push(res.data.returnUrl);
    setResult(
      res.ok
        ? { ok: true, text: fits ? FIT_THANKS : FIT_NO_THANKS }
        : { ok: false, text: res.data.error ?? 'Please try again in a moment' },
    );
    if (res.ok && !token) router.refresh();
  }

  if (result)
    return (
      <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
        {result.text}
      </p>
    );
  const yes = (
    <Button key="yes" size="sm" variant={suggested === 'no' ? 'outline' : 'success'} loading={busy} onClick={() => void answer(true)}>
      Yes, it fits
    </Button>
  );
  const no = (
    <Button key="no" size="sm" variant={suggested === 'no' ? 'danger' : 'outline'} loading={busy} onClick={() => void answer(false)}>
      No, it does not fit
    </Button>
  );
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900">{fitQuestion(vehicle)}</p>
      <div className="flex flex-wrap gap-2">{suggested === 'no' ? [no, yes] : [yes, no]}</div>
    </div>
  );
}
