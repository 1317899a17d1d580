'use client';

import type { Quote, QuoteMethod } from '@/components/cart/types';
import type { CheckoutFieldsProps } from '@/components/checkout/use-checkout';
import { Field, inputClass } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/core/money';

type CheckoutCodeProps = CheckoutFieldsProps & {
  quote: Quote | null;
  method: QuoteMethod | null;
  appliedCode: string | undefined;
  applyCode: () => void;
  removeCode: () => void;
};

/** The discount code: typed and applied (Enter or the button), then what it takes off, with its removal. */
export function CheckoutCode({ quote, method, appliedCode, applyCode, removeCode, input, errors }: CheckoutCodeProps) {
  return (
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
      {appliedCode && quote?.discountCode && <AppliedCode code={quote.discountCode} method={method} onRemove={removeCode} />}
    </section>
  );
}

type AppliedCodeProps = { code: NonNullable<Quote['discountCode']>; method: QuoteMethod | null; onRemove: () => void };

function AppliedCode({ code, method, onRemove }: AppliedCodeProps) {
  return (
    <p role="status" className="mt-2 text-sm font-medium text-emerald-700" data-testid="code-applied">
      Code {code.code} applied
      {method && method.discount > 0
        ? `: ${formatPrice(method.discount)} off`
        : code.kind === 'free-shipping'
          ? ': free shipping'
          : ''}.{' '}
      <button type="button" className="ml-1 text-slate-600 underline" onClick={onRemove}>
        Remove
      </button>
    </p>
  );
}
