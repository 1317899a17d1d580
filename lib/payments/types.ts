import type { PaymentProviderName } from '@/lib/platform/types';

/** A payment as the provider reports it, amounts in integer cents. */
export type Intent = {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
};

/** What a card payment provider does for the shop: Stripe, or the offline test gateway. */
export interface PaymentGateway {
  readonly name: PaymentProviderName;
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider has no such payment. */
  retrieveIntent(id: string): Promise<Intent | null>;
  refund(intentId: string): Promise<void>;
}
