'use client';

import { useState } from 'react';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { alertError } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import type { CardFieldsProps } from '@/components/payments/payment-form';

/** The offline test gateway's card form (no Stripe keys): checked on the server like Stripe would. */
export function TestCardFields({ clientSecret, billing, onConfirmed }: CardFieldsProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [paying, setPaying] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!clientSecret) return;
    setPaying(true);
    const res = await fetchJson<{ id: string }>('/api/test-gateway/confirm', {
      method: 'POST',
      json: { clientSecret, ...card, ...billing },
    });
    if (!res.ok) await alertError(res.data.error ?? 'The payment failed');
    else await onConfirmed(res.data.id);
    setPaying(false);
  }

  const set = (field: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setCard((value) => ({ ...value, [field]: event.target.value }));
  return (
    <form onSubmit={pay} aria-label="Card payment" className="space-y-4">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        Test payments: no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.
      </p>
      <Field id="card-number" label="Card number">
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.number}
          onChange={set('number')}
          className={inputClass}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label="Expiry (MM/YY)">
          <input
            id="card-expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={card.expiry}
            onChange={set('expiry')}
            className={inputClass}
          />
        </Field>
        <Field id="card-cvc" label="CVC">
          <input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            onChange={set('cvc')}
            className={inputClass}
          />
        </Field>
      </div>
      <Button type="submit" variant="success" className="w-full py-3 text-base" disabled={!clientSecret} loading={paying}>
        Pay
      </Button>
    </form>
  );
}
