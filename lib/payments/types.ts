export type PaymentProviderName = 'stripe' | 'test';
/** A payment as the provider reports it, amounts in integer cents. */
export type Intent = {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
};

/** What the payment page's browser code needs to take a card with this provider. */
export type PaymentClientConfig = { provider: PaymentProviderName; publishableKey: string | null };

/** A provider's event, checked as the provider's own; `paidIntent` when it reports a payment that succeeded. */
export type GatewayEvent = { id: string; type: string; paidIntent: Intent | null };

/** A card payment provider (Stripe or the test gateway); a new one implements this and joins PaymentProviderName. */
export interface PaymentGateway {
  readonly name: PaymentProviderName;
  clientConfig(): PaymentClientConfig;
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider has no such payment. */
  retrieveIntent(id: string): Promise<Intent | null>;
  refund(intentId: string): Promise<void>;
  /** Pays back part of a payment once per key: the same key answers the same refund (Stripe's idempotency key). */
  refundPart(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** The provider's signed webhook, checked; absent when the provider sends none. Throws ValidationError for a bad signature. */
  readWebhook?(rawBody: string, signature: string | null): GatewayEvent;
}
