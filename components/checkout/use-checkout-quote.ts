'use client';

import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useWatch } from 'react-hook-form';
import { rememberDestination } from '@/components/cart/destination';
import type { Destination, Quote, QuoteMethod, SavedQuote } from '@/components/cart/types';
import type { CheckoutFormMethods } from '@/components/checkout/use-checkout';
import { fetchJson, type JsonResult } from '@/lib/client/fetch-json';

type QuoteSetters = {
  setQuote: Dispatch<SetStateAction<Quote | null>>;
  setQuoteError: Dispatch<SetStateAction<string | null>>;
  setAppliedCode: Dispatch<SetStateAction<string | undefined>>;
} & Pick<CheckoutFormMethods, 'clearErrors' | 'setError'>;

/** A quote's answer on the form: the quote shown, or the refusal under its field. */
function showQuoteAnswer(res: JsonResult<Quote>, destination: Destination, on: QuoteSetters): void {
  if (res.ok) {
    on.setQuote(res.data);
    on.setQuoteError(null);
    rememberDestination(destination);
    // A refused code's message stays under its field: the quote without it is asked for next.
    on.clearErrors(['address.postalCode', 'address.country', 'address.region']);
    return;
  }
  const fields = res.data.fieldErrors ?? {};
  if (fields.discountCode?.[0]) {
    on.setError('discountCode', { type: 'server', message: fields.discountCode[0] });
    on.setAppliedCode(undefined);
    return;
  }
  on.setQuote(null);
  // A region the postcode contradicts is refused under its own field, as the submit would.
  if (fields.region?.[0]) on.setError('address.region', { type: 'server', message: fields.region[0] });
  on.setQuoteError(fields.postalCode?.[0] ?? fields.country?.[0] ?? res.data.error ?? 'The delivery cost could not be worked out');
}

/** The delivered cost for the address as typed (debounced), picking the cheapest method until the customer chooses another. */
export function useCheckoutQuote(form: CheckoutFormMethods, savedQuote: SavedQuote | null, cartVersion: string) {
  const { control, getValues, setValue, clearErrors, setError, formState } = form;
  const [quote, setQuote] = useState<Quote | null>(savedQuote?.quote ?? null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [appliedCode, setAppliedCode] = useState<string | undefined>(undefined);
  const [country, postalCode, region, chosen] = useWatch({
    control,
    name: ['address.country', 'address.postalCode', 'address.region', 'shippingMethod'],
  });

  useEffect(() => {
    const postcode = postalCode?.trim() ?? '';
    if (!country || !postcode) return;
    let active = true;
    const timer = setTimeout(() => {
      setQuoting(true);
      const destination = { country, postalCode: postcode, ...(region?.trim() ? { region: region.trim() } : {}) };
      void fetchJson<Quote>('/api/checkout/quote', {
        method: 'POST',
        json: { ...destination, ...(appliedCode ? { discountCode: appliedCode } : {}) },
      }).then((res) => {
        if (!active) return;
        setQuoting(false);
        showQuoteAnswer(res, destination, { setQuote, setQuoteError, setAppliedCode, clearErrors, setError });
      });
    }, 400);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [country, postalCode, region, appliedCode, cartVersion, clearErrors, setError]);

  useEffect(() => {
    if (!quote?.methods.length) return;
    if (!quote.methods.some((method) => method.id === getValues('shippingMethod'))) {
      setValue('shippingMethod', quote.methods[0]!.id, { shouldValidate: formState.isSubmitted });
    }
  }, [quote, getValues, setValue, formState.isSubmitted]);

  const method: QuoteMethod | null = quote?.methods.find((candidate) => candidate.id === chosen) ?? null;
  const code = discountCodeActions(form, { country, postalCode, appliedCode, setAppliedCode });
  return { quote, setQuote, quoteError, quoting, method, appliedCode, ...code };
}

type CodeState = { country?: string; postalCode?: string; appliedCode: string | undefined } & Pick<QuoteSetters, 'setAppliedCode'>;

/** The discount code: applied (the quote is asked for again with it) once the address can be quoted, or removed. */
function discountCodeActions({ getValues, setValue, clearErrors, setError }: CheckoutFormMethods, state: CodeState) {
  const { country, postalCode, appliedCode, setAppliedCode } = state;
  function applyCode() {
    const code = (getValues('discountCode') ?? '').trim();
    clearErrors('discountCode');
    if (!code) return setAppliedCode(undefined);
    if (!country || !postalCode?.trim()) {
      setError('discountCode', { type: 'manual', message: 'Fill in the country and postcode first' });
      return;
    }
    setAppliedCode(code.toUpperCase() === appliedCode?.toUpperCase() ? appliedCode : code);
  }
  function removeCode() {
    setAppliedCode(undefined);
    setValue('discountCode', '');
  }
  return { applyCode, removeCode };
}
