'use client';

import { useEffect, useRef, useState } from 'react';
import { CountrySelect } from '@/components/cart/country-select';
import { formatDay, priceOrFree, taxLabelOf } from '@/components/cart/cart-texts';
import { readDestination, rememberDestination } from '@/components/cart/destination';
import type { Destination, Quote, SavedQuote } from '@/components/cart/types';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { fetchJson } from '@/lib/client/fetch-json';
import { formatPrice } from '@/lib/core/money';

/** What a quote was asked for: the destination, and the cart as it was. */
const askedFor = (destination: Destination, version: string) => `${destination.country}|${destination.postalCode}|${version}`;

/** The destination typed, and the quote asked for it (again whenever the cart changes), or why there is none. */
function useShippingQuote(version: string, saved: SavedQuote | null) {
  const [country, setCountry] = useState(saved?.destination.country ?? '');
  const [postalCode, setPostalCode] = useState(saved?.destination.postalCode ?? '');
  const [asked, setAsked] = useState<Destination | null>(saved?.destination ?? null);
  const [quote, setQuote] = useState<Quote | null>(saved?.quote ?? null);
  // What the quote on show was asked for: the same question is not asked again.
  const shownFor = useRef(saved ? askedFor(saved.destination, version) : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (saved) return;
    // A destination the server could not quote, or one kept in this browser's storage before the cookie.
    const kept = readDestination();
    if (!kept) return;
    setCountry(kept.country); // eslint-disable-line react-hooks/set-state-in-effect
    setPostalCode(kept.postalCode);
    setAsked(kept);
  }, [saved]);

  useEffect(() => {
    if (!asked || askedFor(asked, version) === shownFor.current) return;
    let active = true;
    setBusy(true);
    void fetchJson<Quote>('/api/checkout/quote', { method: 'POST', json: asked }).then((res) => {
      if (!active) return;
      setBusy(false);
      if (res.ok) {
        setQuote(res.data);
        shownFor.current = askedFor(asked, version);
        setError(null);
        rememberDestination(asked);
      } else {
        setQuote(null);
        shownFor.current = null;
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

  return { country, setCountry, postalCode, setPostalCode, quote, error, busy, submit };
}

/** The cart's delivered cost per shipping method from a country and postcode only (nothing personal). `saved` paints
 * the browser's kept destination from the start; a new `version` (the cart changed) asks again. */
export function ShippingQuote({ version, saved }: { version: string; saved: SavedQuote | null }) {
  const { country, setCountry, postalCode, setPostalCode, quote, error, busy, submit } = useShippingQuote(version, saved);
  // Disabled in the server's HTML, as the cart's line controls are: hydration would reset a country chosen before it.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="quote-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="quote-heading" className="text-lg font-semibold text-slate-900">
        Delivery
      </h2>
      <p className="mt-1 text-sm text-slate-600">See shipping, tax and the total before you check out.</p>
      {/* The country on a row of its own: beside the postcode it was squeezed in the sidebar of a laptop's layout. */}
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3" aria-label="Delivery cost">
        <Field id="quote-country" label="Country" className="col-span-2">
          <CountrySelect id="quote-country" value={country} disabled={!hydrated} onChange={(event) => setCountry(event.target.value)} />
        </Field>
        <Field id="quote-postcode" label="Postcode">
          <input
            id="quote-postcode"
            autoComplete="postal-code"
            className={inputClass}
            value={postalCode}
            disabled={!hydrated}
            onChange={(event) => setPostalCode(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="dark" loading={busy} disabled={!hydrated}>
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
