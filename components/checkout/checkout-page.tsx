'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { CountrySelect } from '@/components/cart/country-select';
import { formatDay, priceOrFree, taxLabelOf } from '@/components/cart/cart-texts';
import { readDestination, rememberDestination } from '@/components/cart/destination';
import type {
  AddressDTO,
  CartView,
  CheckoutAddress,
  PlacedOrder,
  Quote,
  QuoteMethod,
  SavedAddresses,
  SavedQuote,
} from '@/components/cart/types';
import { reloadCart } from '@/components/cart/use-cart';
import type { CheckoutFormInput, CheckoutFormValues } from '@/components/checkout/form-schema';
import { lazyCheckoutResolver } from '@/components/checkout/lazy-resolver';
import { SaveAddressCheckbox } from '@/components/checkout/save-address-checkbox';
import { SavedAddressSelect } from '@/components/checkout/saved-address-select';
import { describedBy, Field, inputClass } from '@/components/forms/field';
import { ReadOnlyField } from '@/components/forms/read-only-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { confirmDialog } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { submitJson } from '@/lib/client/submit';
import { ADDRESS_BOOK_SIZE } from '@/lib/accounts/types';
import { formatPrice } from '@/lib/core/money';

const FIELDS: ReadonlyArray<Path<CheckoutFormInput>> = [
  'email',
  'address.name',
  'address.line1',
  'address.line2',
  'address.city',
  'address.region',
  'address.postalCode',
  'address.country',
  'phone',
  'shippingMethod',
  'discountCode',
];

type CheckoutFormProps = {
  cart: CartView;
  customer: { name: string; email: string } | null;
  /** The quote of the destination this browser kept (lib/cart/destination.ts), shown from the first paint. */
  savedQuote: SavedQuote | null;
};

const cleanAddress = (address: CheckoutFormValues['address']): CheckoutAddress => ({
  name: address.name,
  line1: address.line1,
  ...(address.line2 ? { line2: address.line2 } : {}),
  city: address.city,
  ...(address.region ? { region: address.region } : {}),
  postalCode: address.postalCode,
  country: address.country,
});

/** A saved address as the form's fields hold it (empty text for what it lacks). */
const formAddress = (address: AddressDTO): CheckoutFormInput['address'] => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  region: address.region ?? '',
  postalCode: address.postalCode,
  country: address.country,
});

/** The checkout: who and where (a customer's last address filled in), the method, a code, then the order and its payment. */
export function CheckoutForm({ cart, customer, savedQuote }: CheckoutFormProps) {
  const router = useRouter();
  const guest = !customer;
  const validation = useMemo(() => lazyCheckoutResolver(guest), [guest]);
  const { register, handleSubmit, formState, setError, clearErrors, setValue, getValues, control, reset } = useForm<
    CheckoutFormInput,
    unknown,
    CheckoutFormValues
  >({
    resolver: validation.resolver,
    defaultValues: {
      email: '',
      address: {
        name: customer?.name ?? '',
        line1: '',
        line2: '',
        city: '',
        region: '',
        postalCode: savedQuote?.destination.postalCode ?? '',
        country: savedQuote?.destination.country ?? '',
      },
      phone: '',
      // The cheapest method, as the quote's effect below would choose it, already in the first paint.
      shippingMethod: savedQuote?.quote.methods[0]?.id ?? '',
      discountCode: '',
      saveAddress: false,
    },
  });
  const { errors, isSubmitting } = formState;
  const [saved, setSaved] = useState<SavedAddresses | null>(null);
  const [quote, setQuote] = useState<Quote | null>(savedQuote?.quote ?? null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [appliedCode, setAppliedCode] = useState<string | undefined>(undefined);
  const [changed, setChanged] = useState<string | null>(null);

  // The country and postcode quoted on the cart page, so nobody types them twice.
  useEffect(() => {
    const quoted = readDestination();
    if (!quoted || getValues('address.country') || getValues('address.postalCode')) return;
    setValue('address.country', quoted.country);
    setValue('address.postalCode', quoted.postalCode);
  }, [getValues, setValue]);

  // A customer's default address (else the last order's) and last phone, filled in so nobody types them twice.
  useEffect(() => {
    if (!customer) return;
    let active = true;
    void fetchJson<SavedAddresses>('/api/checkout/addresses').then((res) => {
      if (!active || !res.ok) return;
      setSaved(res.data);
      const fill = res.data.prefill;
      if (fill) {
        const current = getValues();
        reset({ ...current, address: formAddress(fill.address), phone: current.phone || fill.phone });
      }
    });
    return () => {
      active = false;
    };
  }, [customer, getValues, reset]);

  const [country, postalCode, region, chosen] = useWatch({
    control,
    name: ['address.country', 'address.postalCode', 'address.region', 'shippingMethod'],
  });
  const cartVersion = cart.lines.map((line) => `${line.partId}:${line.quantity}:${line.unitPrice}`).join('|');

  // The delivered cost for the address as it is typed (after a short pause), with the applied code.
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
        if (res.ok) {
          setQuote(res.data);
          setQuoteError(null);
          rememberDestination(destination);
          // A refused code's message stays under its field: the quote without it is asked for next.
          clearErrors(['address.postalCode', 'address.country', 'address.region']);
          return;
        }
        const fields = res.data.fieldErrors ?? {};
        if (fields.discountCode?.[0]) {
          setError('discountCode', { type: 'server', message: fields.discountCode[0] });
          setAppliedCode(undefined);
          return;
        }
        setQuote(null);
        // A region the postcode contradicts is refused under its own field, as the submit would.
        if (fields.region?.[0]) setError('address.region', { type: 'server', message: fields.region[0] });
        setQuoteError(fields.postalCode?.[0] ?? fields.country?.[0] ?? res.data.error ?? 'The delivery cost could not be worked out');
      });
    }, 400);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [country, postalCode, region, appliedCode, cartVersion, clearErrors, setError]);

  // The cheapest method is chosen until the customer picks another that the address offers.
  useEffect(() => {
    if (!quote?.methods.length) return;
    if (!quote.methods.some((method) => method.id === getValues('shippingMethod'))) {
      setValue('shippingMethod', quote.methods[0]!.id, { shouldValidate: formState.isSubmitted });
    }
  }, [quote, getValues, setValue, formState.isSubmitted]);

  const method: QuoteMethod | null = quote?.methods.find((candidate) => candidate.id === chosen) ?? null;

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

  async function place(values: CheckoutFormValues, quotedTotal: number): Promise<void> {
    const body = {
      ...(guest ? { email: values.email } : {}),
      address: cleanAddress(values.address),
      phone: values.phone,
      shippingMethod: values.shippingMethod,
      ...(appliedCode ? { discountCode: appliedCode } : {}),
      ...(values.saveAddress ? { saveAddress: true } : {}),
      quotedTotal,
    };
    // One key per attempt: a retry after a dropped connection cannot place a second order.
    const init = { method: 'POST', json: body, headers: { 'Idempotency-Key': crypto.randomUUID() } };
    const send = () => submitJson<PlacedOrder & { quote?: Quote }, CheckoutFormInput>('/api/checkout', init, { setError, fields: FIELDS });
    let res = await send();
    if (res.status === 0) res = await send();
    if (res.ok) {
      void reloadCart();
      toast.success(`Order ${res.data.orderNumber} is placed: now pay for it`);
      // Straight to the card form, in place of this page: Back from it lands on the cart, which offers the order.
      router.replace(res.data.payUrl ?? res.data.orderUrl);
      return;
    }
    if (res.status === 409 && res.data.quote) {
      const next = res.data.quote;
      setQuote(next);
      const nextMethod = next.methods.find((candidate) => candidate.id === values.shippingMethod) ?? null;
      if (!nextMethod) {
        toast.error(res.data.error ?? 'This shipping method is no longer offered: choose another');
        return;
      }
      const raised = next.lines
        .filter((line) => line.problems.includes('price-raised') || line.problems.includes('price-lowered'))
        .map((line) => `${line.name}: now ${formatPrice(line.unitPrice)} (was ${formatPrice(line.addedPrice)})`);
      const summary = `Your total is now ${formatPrice(nextMethod.total)} instead of ${formatPrice(quotedTotal)}.`;
      setChanged([res.data.error, ...raised, summary].filter(Boolean).join(' '));
      const go = await confirmDialog({
        title: 'Your order has changed',
        text: [res.data.error, ...raised, summary].filter(Boolean).join(' '),
        confirmText: `Place order for ${formatPrice(nextMethod.total)}`,
        cancelText: 'Go back',
      });
      if (go) return place(values, nextMethod.total);
      void reloadCart();
      return;
    }
    if (!res.fieldErrorsShown) toast.error(res.data.error ?? 'The order could not be placed, please try again');
    if (res.status === 409) void reloadCart();
  }

  async function onSubmit(values: CheckoutFormValues) {
    if (!quote || !method) {
      setError('shippingMethod', { type: 'manual', message: 'Choose a shipping method' });
      return;
    }
    // The submit button stays disabled (isSubmitting) until this returns: one order per click.
    await place(values, method.total);
  }

  const input = (name: Path<CheckoutFormInput>, error?: string) => ({ ...describedBy(name, error), ...register(name) });
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={() => void validation.load()}
      noValidate
      aria-label="Checkout"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
    >
      <div className="space-y-6">
        <section aria-labelledby="contact-heading" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          <h2 id="contact-heading" className="text-lg font-semibold text-slate-900 sm:col-span-2">
            Contact
          </h2>
          {customer ? (
            <ReadOnlyField id="checkout-email" label="Email" value={customer.email} />
          ) : (
            <Field id="email" label="Email" error={errors.email?.message} hint="We send your order and its link here.">
              <input id="email" type="email" autoComplete="email" className={inputClass} {...input('email', errors.email?.message)} />
            </Field>
          )}
          <Field id="phone" label="Phone" error={errors.phone?.message}>
            <input id="phone" type="tel" autoComplete="tel" className={inputClass} {...input('phone', errors.phone?.message)} />
          </Field>
          {guest && (
            <p className="text-sm text-slate-600 sm:col-span-2">
              Have an account?{' '}
              <Link href="/login?callbackUrl=%2Fcheckout" className="font-semibold text-brand-700 underline">
                Sign in
              </Link>{' '}
              and your cart comes with you.
            </p>
          )}
        </section>

        <section aria-labelledby="address-heading" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          <h2 id="address-heading" className="text-lg font-semibold text-slate-900 sm:col-span-2">
            Delivery address
          </h2>
          {saved && (
            <SavedAddressSelect
              saved={saved}
              onChoose={(address) => setValue('address', formAddress(address), { shouldValidate: formState.isSubmitted })}
            />
          )}
          <Field id="address.name" label="Full name" error={errors.address?.name?.message} className="sm:col-span-2">
            <input id="address.name" autoComplete="name" className={inputClass} {...input('address.name', errors.address?.name?.message)} />
          </Field>
          <Field id="address.line1" label="Address" error={errors.address?.line1?.message} className="sm:col-span-2">
            <input
              id="address.line1"
              autoComplete="address-line1"
              className={inputClass}
              {...input('address.line1', errors.address?.line1?.message)}
            />
          </Field>
          <Field id="address.line2" label="Apartment, suite (optional)" error={errors.address?.line2?.message} className="sm:col-span-2">
            <input
              id="address.line2"
              autoComplete="address-line2"
              className={inputClass}
              {...input('address.line2', errors.address?.line2?.message)}
            />
          </Field>
          <Field id="address.city" label="City" error={errors.address?.city?.message}>
            <input
              id="address.city"
              autoComplete="address-level2"
              className={inputClass}
              {...input('address.city', errors.address?.city?.message)}
            />
          </Field>
          <Field id="address.region" label="State or region (optional)" error={errors.address?.region?.message}>
            <input
              id="address.region"
              autoComplete="address-level1"
              className={inputClass}
              {...input('address.region', errors.address?.region?.message)}
            />
          </Field>
          <Field id="address.postalCode" label="Postcode" error={errors.address?.postalCode?.message}>
            <input
              id="address.postalCode"
              autoComplete="postal-code"
              className={inputClass}
              {...input('address.postalCode', errors.address?.postalCode?.message)}
            />
          </Field>
          <Field id="address.country" label="Country" error={errors.address?.country?.message}>
            <CountrySelect id="address.country" {...input('address.country', errors.address?.country?.message)} />
          </Field>
          {saved && saved.book.length < ADDRESS_BOOK_SIZE && <SaveAddressCheckbox field={register('saveAddress')} />}
        </section>

        <section aria-labelledby="method-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="method-heading" className="text-lg font-semibold text-slate-900">
            Shipping
          </h2>
          {!quote && !quoteError && (
            <p className="mt-2 text-sm text-slate-600">
              {quoting ? 'Working out the delivery cost…' : 'Fill in the country and postcode to see the shipping options.'}
            </p>
          )}
          {quoteError && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {quoteError}
            </p>
          )}
          {quote && !quote.methods.length && (
            <p role="alert" className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              We do not deliver to this address yet.
            </p>
          )}
          {quote && quote.methods.length > 0 && (
            <fieldset className="mt-3 space-y-2" aria-describedby={errors.shippingMethod ? 'shippingMethod-error' : undefined}>
              <legend className="sr-only">Shipping method</legend>
              {quote.methods.map((option) => (
                <label
                  key={option.id}
                  className="flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500"
                >
                  <input type="radio" value={option.id} {...register('shippingMethod')} className="h-4 w-4 accent-brand-600" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{option.label}</span>
                    <span className="block text-sm text-slate-600">Arrives by {formatDay(option.estimate.by)}</span>
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums">{priceOrFree(option.amount)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {errors.shippingMethod?.message && (
            <p id="shippingMethod-error" role="alert" className="mt-2 text-sm text-red-600">
              {errors.shippingMethod.message}
            </p>
          )}
        </section>

        <section aria-labelledby="code-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="code-heading" className="text-lg font-semibold text-slate-900">
            Discount code
          </h2>
          <div className="mt-3 flex items-start gap-2">
            <Field id="discountCode" label="Code" error={errors.discountCode?.message} className="flex-1">
              <input
                id="discountCode"
                autoComplete="off"
                autoCapitalize="characters"
                className={inputClass}
                {...input('discountCode', errors.discountCode?.message)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    applyCode();
                  }
                }}
              />
            </Field>
            <Button variant="outline" className="mt-6" onClick={applyCode}>
              Apply
            </Button>
          </div>
          {appliedCode && quote?.discountCode && (
            <p role="status" className="mt-2 text-sm font-medium text-emerald-700" data-testid="code-applied">
              Code {quote.discountCode.code} applied
              {method && method.discount > 0
                ? `: ${formatPrice(method.discount)} off`
                : quote.discountCode.kind === 'free-shipping'
                  ? ': free shipping'
                  : ''}
              .{' '}
              <button
                type="button"
                className="ml-1 text-slate-600 underline"
                onClick={() => {
                  setAppliedCode(undefined);
                  setValue('discountCode', '');
                }}
              >
                Remove
              </button>
            </p>
          )}
        </section>
      </div>

      <OrderSummary cart={cart} quote={quote} method={method} changed={changed} submitting={isSubmitting} />
    </form>
  );
}

function OrderSummary({
  cart,
  quote,
  method,
  changed,
  submitting,
}: {
  cart: CartView;
  quote: Quote | null;
  method: QuoteMethod | null;
  changed: string | null;
  submitting: boolean;
}) {
  const lines = quote?.lines.length ? quote.lines : cart.lines;
  const rows: Array<[string, string, string]> = [['Subtotal', formatPrice(quote?.subtotal ?? cart.subtotal), 'summary-subtotal']];
  if (method) {
    if (method.discount > 0) rows.push(['Discount', `-${formatPrice(method.discount)}`, 'summary-discount']);
    rows.push(['Shipping', priceOrFree(method.amount), 'summary-shipping']);
    rows.push([quote ? taxLabelOf(quote) : 'Tax', formatPrice(method.tax), 'summary-tax']);
  }
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 lg:sticky lg:top-24">
      <h2 id="order-summary-heading" className="text-lg font-semibold text-slate-900">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {lines.map((line) => (
          <li key={line.partId} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words text-slate-700">
              {line.name} <span className="text-slate-500">× {line.quantity}</span>
            </span>
            <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-slate-600">{label}</dt>
            <dd className="tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between pt-2 text-base">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-bold text-brand-700 tabular-nums" data-testid="summary-total">
            {method ? formatPrice(method.total) : '—'}
          </dd>
        </div>
      </dl>
      {changed && (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="price-changed"
        >
          {changed}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-4 w-full" loading={submitting} disabled={!method}>
        Place order and pay
      </Button>
      <p className="mt-2 text-xs text-slate-500">You pay by card on the next page.</p>
    </section>
  );
}
