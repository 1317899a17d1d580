'use client';

import { useState } from 'react';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';
import { EMAIL_PATTERN } from '@/lib/validations/common';

export const LOOKUP_SENT = 'If an order with this number belongs to this email, we have sent its link there. Check your inbox.';

/** A guest's way back to an order: its number and email, and the link comes again by email. */
export function OrderLookupForm() {
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ number?: string; email?: string }>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!number.trim()) next.number = 'Order number is Required';
    if (!email.trim()) next.email = 'Email is Required';
    else if (!EMAIL_PATTERN.test(email.trim())) next.email = 'Provide a valid Email';
    setErrors(next);
    if (next.number || next.email) return;
    setBusy(true);
    const res = await fetchJson('/api/orders/lookup', { method: 'POST', json: { number: number.trim(), email: email.trim() } });
    setBusy(false);
    if (res.ok) setResult({ ok: true, text: LOOKUP_SENT });
    else {
      const fields = res.data.fieldErrors ?? {};
      setErrors({ number: fields.number?.[0], email: fields.email?.[0] });
      setResult(fields.number || fields.email ? null : { ok: false, text: res.data.error ?? 'Please try again in a moment' });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Find my order" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <Field id="lookup-number" label="Order number" error={errors.number} hint="From your confirmation email: PM-100234, or 100234.">
        <input
          id="lookup-number"
          className={inputClass}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          {...describedBy('lookup-number', errors.number)}
        />
      </Field>
      <Field id="lookup-email" label="Email" error={errors.email}>
        <input
          id="lookup-email"
          type="email"
          autoComplete="email"
          className={inputClass}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...describedBy('lookup-email', errors.email)}
        />
      </Field>
      <Button type="submit" loading={busy} className="w-full">
        Send me the link
      </Button>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900' : 'rounded-xl bg-red-50 p-3 text-sm text-red-700'}
        >
          {result.text}
        </p>
      )}
    </form>
  );
}
