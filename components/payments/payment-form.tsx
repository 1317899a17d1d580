'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { TestCardFields } from '@/components/payments/test-card-fields';
import { alertError, alertSuccess } from '@/lib/client/alerts';
import { fetchJson } from '@/lib/client/fetch-json';
import { orderTokenHeaders, type CardFieldsProps } from '@/components/payments/types';
import type { PaymentProviderName as ProviderName } from '@/lib/payments/types';

// Stripe.js loads only here, and only when Stripe is the configured provider.
const StripeCardFields = dynamic(() => import('@/components/payments/stripe-card-fields'), { ssr: false });

type PaymentFormProps = {
  orderId: string;
  total: number;
  provider: ProviderName;
  publishableKey: string | null;
  billing: { name: string; email: string };
  /** A guest's order token (the order's signed link): the payment calls send it instead of a session. */
  orderToken?: string;
};

export const PAYMENT_DONE = 'congrats! Your payment is completed';

/** Creates the payment for the order's server-computed total, then lets the customer confirm the card. */
export function PaymentForm({ orderId, total, provider, publishableKey, billing, orderToken }: PaymentFormProps) {
  const router = useRouter();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void fetchJson<{ clientSecret: string }>('/api/create-payment-intent', {
      method: 'POST',
      json: { orderId, price: total },
      headers: orderTokenHeaders(orderToken),
    }).then((res) => {
      if (!active) return;
      if (res.ok) setClientSecret(res.data.clientSecret);
      else setProblem(res.data.error ?? 'The payment could not be started');
    });
    return () => {
      active = false;
    };
  }, [orderId, total, orderToken]);

  async function onConfirmed(transactionId: string) {
    const res = await fetchJson(`/api/order/${orderId}`, {
      method: 'PATCH',
      json: { payment: { order: orderId, transactionId } },
      headers: orderTokenHeaders(orderToken),
    });
    if (!res.ok) {
      await alertError(res.data.error ?? 'The payment could not be recorded');
      return;
    }
    await alertSuccess(PAYMENT_DONE);
    router.refresh();
  }

  if (problem) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-700">
        {problem}
      </p>
    );
  }
  const props: CardFieldsProps = { clientSecret, billing, onConfirmed, orderToken };
  return provider === 'stripe' && publishableKey ? (
    <StripeCardFields {...props} publishableKey={publishableKey} />
  ) : (
    <TestCardFields {...props} />
  );
}
