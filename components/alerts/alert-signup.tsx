'use client';

import { useState } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { useViewer } from '@/components/session/use-viewer';
import { Button } from '@/components/ui/button';
import { ALERT_SAVED } from '@/lib/alerts/types';
import { fetchJson } from '@/lib/client/fetch-json';
import type { VehicleChoice } from '@/lib/catalog/fitment';

export type AlertSignupProps = {
  /** What the alert waits for: an out-of-stock part, or a vehicle with no fitting part. */
  target: { partId: string } | { vehicle: VehicleChoice };
  /** The button's words: "Email me when it is back", "Email me when a part for my 2019 Mazda CX-5 arrives". */
  action: string;
  id: string;
};

/** "Tell me when": one click for a signed-in shopper (the account's email), an email field for a guest. */
export function AlertSignup({ target, action, id }: AlertSignupProps) {
  const state = useViewer();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const guest = state.status !== 'signed-in';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    let body: Record<string, unknown> = target;
    if (guest) {
      // Loaded on the first submit: the part page ships no form library up front (tests/first-load.test.ts).
      const { alertEmailSchema } = await import('@/lib/validations/alerts');
      const parsed = alertEmailSchema.safeParse({ email });
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      if (!parsed.success) return;
      body = { ...target, email: parsed.data.email };
    }
    setBusy(true);
    const res = await fetchJson('/api/alerts', { method: 'POST', json: body });
    setBusy(false);
    const fieldError = res.data.fieldErrors?.email?.[0];
    if (fieldError) return setError(fieldError);
    setResult(res.ok ? { ok: true, text: ALERT_SAVED } : { ok: false, text: res.data.error ?? 'Please try again in a moment' });
  }

  if (result?.ok)
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
        {result.text}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate aria-label={action} className="space-y-3">
      {guest && (
        <Field id={`${id}-email`} label="Your email" error={error}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...describedBy(`${id}-email`, error)}
          />
        </Field>
      )}
      <Button type="submit" loading={busy} disabled={state.status === 'loading'} variant="outline">
        {action}
      </Button>
      {result && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
          {result.text}
        </p>
      )}
    </form>
  );
}
