'use client';

import { CheckoutAddress, CheckoutContact } from '@/components/checkout/checkout-address';
import { CheckoutCode } from '@/components/checkout/checkout-code';
import { CheckoutMethod } from '@/components/checkout/checkout-method';
import { CheckoutSummary } from '@/components/checkout/checkout-summary';
import { useCheckout, type CheckoutProps } from '@/components/checkout/use-checkout';

/** The checkout: who and where (a customer's last address filled in), the method, a code, then the order and its payment. */
export function CheckoutForm({ cart, customer, savedQuote }: CheckoutProps) {
  const checkout = useCheckout({ cart, customer, savedQuote });
  const { quote, method, input, errors, register } = checkout;
  return (
    <form
      onSubmit={checkout.submit}
      onFocus={() => void checkout.validation.load()}
      noValidate
      aria-label="Checkout"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
    >
      <div className="space-y-6">
        <CheckoutContact customer={customer} input={input} errors={errors} />
        <CheckoutAddress saved={checkout.saved} onChoose={checkout.chooseAddress} register={register} input={input} errors={errors} />
        <CheckoutMethod quote={quote} quoteError={checkout.quoteError} quoting={checkout.quoting} register={register} errors={errors} />
        <CheckoutCode
          quote={quote}
          method={method}
          appliedCode={checkout.appliedCode}
          applyCode={checkout.applyCode}
          removeCode={checkout.removeCode}
          input={input}
          errors={errors}
        />
      </div>
      <CheckoutSummary cart={cart} quote={quote} method={method} changed={checkout.changed} submitting={checkout.isSubmitting} />
    </form>
  );
}
