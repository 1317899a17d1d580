import { getPaymentClientConfig } from '@/lib/payments/payments';
import { resetEnv } from '@/lib/platform/env';

const KEYS = ['STRIPE_SECRET_KEY', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'PAYMENTS_PROVIDER'] as const;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnv();
});

describe("the payment page's client configuration comes from the gateway", () => {
  it('is the offline test gateway, with no publishable key, when no Stripe key is set', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.PAYMENTS_PROVIDER;
    resetEnv();
    expect(await getPaymentClientConfig()).toEqual({ provider: 'test', publishableKey: null });
  });

  it("is Stripe with the shop's publishable key, without creating Stripe's client", async () => {
    process.env.PAYMENTS_PROVIDER = 'stripe';
    delete process.env.STRIPE_SECRET_KEY;
    process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = 'pk_test_partsmart';
    resetEnv();
    expect(await getPaymentClientConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_partsmart' });
  });
});
