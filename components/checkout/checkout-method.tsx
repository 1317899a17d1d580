'use client';

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { formatDay, priceOrFree } from '@/components/cart/cart-texts';
import type { Quote, QuoteMethod } from '@/components/cart/types';
import type { CheckoutFormInput } from '@/components/checkout/form-schema';

type CheckoutMethodProps = {
  quote: Quote | null;
  quoteError: string | null;
  quoting: boolean;
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
};

/** The shipping methods the address's quote offers, each with its arrival day and price; or why there are none yet. */
export function CheckoutMethod({ quote, quoteError, quoting, register, errors }: CheckoutMethodProps) {
  return (
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
            <MethodOption key={option.id} option={option} register={register} />
          ))}
        </fieldset>
      )}
      {errors.shippingMethod?.message && (
        <p id="shippingMethod-error" role="alert" className="mt-2 text-sm text-red-600">
          {errors.shippingMethod.message}
        </p>
      )}
    </section>
  );
}

function MethodOption({ option, register }: { option: QuoteMethod; register: UseFormRegister<CheckoutFormInput> }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500">
      <input type="radio" value={option.id} {...register('shippingMethod')} className="h-4 w-4 accent-brand-600" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{option.label}</span>
        <span className="block text-sm text-slate-600">Arrives by {formatDay(option.estimate.by)}</span>
      </span>
      <span className="font-semibold text-slate-900 tabular-nums">{priceOrFree(option.amount)}</span>
    </label>
  );
}
