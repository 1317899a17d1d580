'use client';

import { useState } from 'react';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { alertError } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { orderTokenHeaders, type CardFieldsProps } from '@/components/payments/types';

const CARD_FIELDS = [
  { name: 'number', label: 'Card number', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/34' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
] as const;

/** Formats the expiry as it is typed: "1229" reads 12/29. */
export function formatExpiry(value: string): string {
  if (value.includes('/')) return value;
  const digits = value.replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The offline test gateway's card form (no Stripe keys): checked on the server like Stripe would. */
export function TestCardFields({ clientSecret, billing, onConfirmed, orderToken }: CardFieldsProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [paying, setPaying] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!clientSecret) return;
    setPaying(true);
    const res = await fetchJson<{ id: string }>('/api/test-gateway/confirm', {
      method: 'POST',
      json: { clientSecret, ...card, ...billing },
      headers: orderTokenHeaders(orderToken),
    });
    if (!res.ok) await alertError(res.data.error ?? 'The payment failed');
    else await onConfirmed(res.data.id);
    setPaying(false);
  }

  const set = (field: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setCard((value) => ({ ...value, [field]: field === 'expiry' ? formatExpiry(event.target.value) : event.target.value }));
  return (
    <form onSubmit={pay} aria-label="Card payment" className="space-y-4">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        Test payments: no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.
      </p>
      <div className="grid grid-cols-2 gap-4">
        {CARD_FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`card-${field.name}`}
            label={field.label}
            className={field.name === 'number' ? 'col-span-2' : undefined}
          >
            <input
              id={`card-${field.name}`}
              inputMode={field.name === 'expiry' ? 'text' : 'numeric'}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              value={card[field.name]}
              onChange={set(field.name)}
              className={inputClass}
            />
          </Field>
        ))}
      </div>
      <Button type="submit" variant="success" size="lg" className="w-full" disabled={!clientSecret} loading={paying}>
        Pay
      </Button>
    </form>
  );
}
