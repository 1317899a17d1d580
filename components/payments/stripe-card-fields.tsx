'use client';

import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { alertError } from '@/lib/client/alerts';
import type { CardFieldsProps } from '@/components/payments/types';

const stripes = new Map<string, Promise<Stripe | null>>();
function getStripe(key: string) {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
}

function CardForm({ clientSecret, billing, onConfirmed }: CardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setPaying(true);
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: billing } });
    if (error) await alertError(error.message ?? 'The payment failed');
    else if (paymentIntent?.status === 'succeeded') await onConfirmed(paymentIntent.id);
    setPaying(false);
  }

  return (
    <form onSubmit={pay} aria-label="Card payment" className="space-y-4">
      <div className="rounded-lg border border-slate-300 bg-white px-3 py-3">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#0f172a' } } }} />
      </div>
      <Button type="submit" variant="success" size="lg" className="w-full" disabled={!stripe || !clientSecret} loading={paying}>
        Pay
      </Button>
    </form>
  );
}

/** Stripe's card Element; the card is confirmed in the browser with the billing name and email. */
export default function StripeCardFields({ publishableKey, ...props }: CardFieldsProps & { publishableKey: string }) {
  return (
    <Elements stripe={getStripe(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
