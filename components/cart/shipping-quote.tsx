'use client';

import { useEffect, useState } from 'react';
import { CountrySelect } from '@/components/cart/country-select';
import { formatDay, priceOrFree, taxLabelOf } from '@/components/cart/cart-texts';
import { readDestination, rememberDestination } from '@/components/cart/destination';
import type { Quote } from '@/components/cart/types';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/client/fetch-json';
import { formatPrice } from '@/lib/platform/money';

/**
 * The cart's delivered cost: a country and a postcode, nothing personal, and every shipping method
 * with its price, arrival date, tax and total. `version` changes whenever the cart does: the quote
 * is asked for again.
 */
export function ShippingQuote({ version }: { version: string }) {
  const [country, setCountry] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [asked, setAsked] = useState<{ country: string; postalCode: string } | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const saved = readDestination();
    if (!saved) return;
    // The browser's saved destination (localStorage) is only known after hydration.
    setCountry(saved.country); // eslint-disable-line react-hooks/set-state-in-effect
    setPostalCode(saved.postalCode);
    setAsked(saved);
  }, []);

  useEffect(() => {
    if (!asked) return;
    let active = true;
    setBusy(true); // eslint-disable-line react-hooks/set-state-in-effect
    void fetchJson<Quote>('/api/checkout/quote', { method: 'POST', json: asked }).then((res) => {
      if (!active) return;
      setBusy(false);
      if (res.ok) {
        setQuote(res.data);
        setError(null);
        rememberDestination(asked);
      } else {
        setQuote(null);
        const fields = res.data.fieldErrors;
        setError(fields?.postalCode?.[0] ?? fields?.country?.[0] ?? res.data.error ?? 'The delivery cost could not be worked out');
      }
    });
    return () => {
      active = false;
    };
  }, [asked, version]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!country) return setError('Choose a country');
    if (!postalCode.trim()) return setError('Enter a postcode');
    setAsked({ country, postalCode: postalCode.trim() });
  }

  return (
    <section aria-labelledby="quote-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="quote-heading" className="text-lg font-semibold text-slate-900">
        Delivery
      </h2>
      <p className="mt-1 text-sm text-slate-600">See shipping, tax and the total before you check out.</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" aria-label="Delivery cost">
        <Field id="quote-country" label="Country">
          <CountrySelect id="quote-country" value={country} onChange={(event) => setCountry(event.target.value)} />
        </Field>
        <Field id="quote-postcode" label="Postcode">
          <input
            id="quote-postcode"
            autoComplete="postal-code"
            className={inputClass}
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="dark" loading={busy}>
          Show delivery
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      {quote && !error && <QuoteTable quote={quote} />}
    </section>
  );
}

/** Every method of a quote: its price, when it arrives, and the order's tax and total with it. */
export function QuoteTable({ quote }: { quote: Quote }) {
  if (!quote.methods.length) {
    return (
      <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
        We do not deliver to this address yet.
      </p>
    );
  }
  return (
    <div className="mt-4" data-testid="quote">
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {quote.methods.map((method) => (
          <li key={method.id} className="grid grid-cols-2 gap-x-3 gap-y-1 p-3 text-sm" data-testid="quote-method">
            <p className="font-semibold text-slate-900">{method.label}</p>
            <p className="text-right font-semibold text-slate-900 tabular-nums">{priceOrFree(method.amount)}</p>
            <p className="col-span-2 text-slate-600">Arrives by {formatDay(method.estimate.by)}</p>
            {method.discount > 0 && (
              <>
                <p className="text-slate-600">Discount</p>
                <p className="text-right text-emerald-700 tabular-nums">-{formatPrice(method.discount)}</p>
              </>
            )}
            <p className="text-slate-600" data-testid="quote-tax-label">
              {taxLabelOf(quote)}
            </p>
            <p className="text-right text-slate-900 tabular-nums" data-testid="quote-tax">
              {formatPrice(method.tax)}
            </p>
            <p className="font-medium text-slate-900">Total</p>
            <p className="text-right font-bold text-brand-700 tabular-nums" data-testid="quote-total">
              {formatPrice(method.total)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
