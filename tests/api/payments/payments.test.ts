import Stripe from 'stripe';
import { POST as createIntentRoute } from '@/app/api/create-payment-intent/route';
import { DELETE as cancelRoute, PATCH as payRoute } from '@/app/api/order/[id]/route';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { POST as confirmCardRoute } from '@/app/api/test-gateway/confirm/route';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';
import { cancelOrder } from '@/lib/orders';
import { confirmOrderPayment, UNDER_CARD_MINIMUM } from '@/lib/payments';
import { checkCard, luhnValid } from '@/lib/payments/cards';
import type { UserDTO } from '@/lib/auth/users';
import { Order, OrderOutcome, Part, PaymentIntent, StockMove, WebhookEvent } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makePart, makeUser } from '@/tests/helpers/factories';
import { resetEnv } from '@/lib/platform/env';

const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

let customer: UserDTO;
let other: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Paula Payer' });
  other = await makeUser();
  admin = await makeUser({ admin: true });
});

async function newOrder(as: UserDTO = customer, { price = 42.5, quantity = 2 } = {}) {
  const partId = await makePart({ price, stock: 20 });
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as, body: { partId, ...CONTACT, quantity } });
  return { orderId: res.body.insertedId as string, partId };
}

const createIntent = (as: UserDTO | null, body: Record<string, unknown>) =>
  callRoute(createIntentRoute, '/api/create-payment-intent', { method: 'POST', as, body });
const confirmCard = (as: UserDTO | null, clientSecret: string, card = GOOD_CARD) =>
  callRoute(confirmCardRoute, '/api/test-gateway/confirm', { method: 'POST', as, body: { clientSecret, ...card } });
const pay = (as: UserDTO | null, orderId: string, transactionId: string) =>
  callRoute(payRoute, `/api/order/${orderId}`, {
    method: 'PATCH',
    params: { id: orderId },
    as,
    body: { payment: { order: orderId, transactionId } },
  });

describe('card checks of the test gateway', () => {
  it('checks Luhn, expiry and CVC, and knows the documented test cards', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    const now = new Date('2026-11-21');
    expect(checkCard(GOOD_CARD, now)).toEqual({ ok: true });
    expect(checkCard({ ...GOOD_CARD, number: '4000 0000 0000 0002' }, now)).toMatchObject({
      ok: false,
      message: 'Your card was declined.',
      declined: true,
    });
    expect(checkCard({ ...GOOD_CARD, number: '4000000000009995' }, now)).toMatchObject({
      message: 'Your card has insufficient funds.',
      declined: true,
    });
    expect(checkCard({ ...GOOD_CARD, number: '1234 5678 9012 3456' }, now)).toMatchObject({
      message: 'Your card number is invalid.',
      declined: false,
    });
    expect(checkCard({ ...GOOD_CARD, expiry: '10/26' }, now)).toMatchObject({ message: "Your card's expiration year is in the past." });
    expect(checkCard({ ...GOOD_CARD, expiry: '11/26' }, now)).toEqual({ ok: true });
    expect(checkCard({ ...GOOD_CARD, expiry: '13/30' }, now)).toMatchObject({ message: "Your card's expiration month is invalid." });
    expect(checkCard({ ...GOOD_CARD, cvc: '12' }, now)).toMatchObject({ message: "Your card's security code is incomplete." });
    expect(checkCard({ number: '3782 822463 10005', expiry: '12/34', cvc: '123' }, now)).toMatchObject({ ok: false });
    expect(checkCard({ number: '3782 822463 10005', expiry: '12/34', cvc: '1234' }, now)).toEqual({ ok: true });
  });
});

describe('paying with the offline test gateway', () => {
  it('creates the payment for the server-computed total, for the owner only', async () => {
    const { orderId } = await newOrder(customer, { price: 42.5, quantity: 3 });
    expect((await createIntent(null, { orderId })).status).toBe(401);
    const byAdmin = await createIntent(admin, { orderId });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe("admin can't purchase");
    expect((await createIntent(other, { orderId })).status).toBe(404);

    const res = await createIntent(customer, { orderId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/), provider: 'test', amount: 127.5 });
    const stored = await PaymentIntent.findOne({ clientSecret: res.body.clientSecret }).lean();
    expect(stored).toMatchObject({ amount: 12750, currency: 'usd', orderId, status: 'requires_payment_method' });

    const again = await createIntent(customer, { orderId, price: 127.5 });
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(await PaymentIntent.countDocuments({ orderId })).toBe(1);
  });

  it('refuses to start a card payment for a total under what a card can be charged (409), and creates nothing', async () => {
    const { orderId } = await newOrder(customer, { price: 0.1, quantity: 2 });
    const res = await createIntent(customer, { orderId });
    expect(res).toMatchObject({ status: 409, body: { error: UNDER_CARD_MINIMUM } });
    expect(UNDER_CARD_MINIMUM).toBe('A card cannot pay a total under $0.50: cancel this order and order more');
    expect(await PaymentIntent.countDocuments({ orderId })).toBe(0);
  });

  it('refuses a price that differs from the order total (400) and creates nothing', async () => {
    const { orderId } = await newOrder(customer, { price: 10, quantity: 2 });
    const res = await createIntent(customer, { orderId, price: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The price does not match the order total');
    expect(await PaymentIntent.countDocuments({ orderId })).toBe(0);
  });

  it('confirms cards like Stripe: declines are 402 with the message, bad details 400, a good card succeeds', async () => {
    const { orderId } = await newOrder();
    const { clientSecret } = (await createIntent(customer, { orderId })).body;
    const declined = await confirmCard(customer, clientSecret, { ...GOOD_CARD, number: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe('Your card was declined.');
    const funds = await confirmCard(customer, clientSecret, { ...GOOD_CARD, number: '4000000000009995' });
    expect(funds.body.error).toBe('Your card has insufficient funds.');
    expect((await confirmCard(customer, clientSecret, { ...GOOD_CARD, number: '4242424242424241' })).status).toBe(400);
    expect((await confirmCard(other, clientSecret)).status).toBe(404);
    expect((await PaymentIntent.findOne({ clientSecret }).lean())?.status).toBe('requires_payment_method');

    const ok = await confirmCard(customer, clientSecret);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: expect.stringMatching(/^pi_test_/), status: 'succeeded' });
  });

  it('marks the order paid only after a verified payment, exactly once', async () => {
    const { orderId } = await newOrder();
    const { clientSecret } = (await createIntent(customer, { orderId })).body;
    const intentId = clientSecret.split('_secret_')[0];

    // Not yet confirmed, made up, or for another order: never paid.
    const unconfirmed = await pay(customer, orderId, intentId);
    expect(unconfirmed.status).toBe(402);
    expect(unconfirmed.body.error).toBe('The payment is not completed');
    expect((await pay(customer, orderId, 'pi_test_made_up')).body.error).toBe('No such payment');
    const otherOrder = await newOrder();
    const otherSecret = (await createIntent(customer, { orderId: otherOrder.orderId })).body.clientSecret;
    await confirmCard(customer, otherSecret);
    expect((await pay(customer, orderId, otherSecret.split('_secret_')[0])).body.error).toBe('This payment is for another order');
    expect((await Order.findById(orderId).lean())?.paid).toBe(false);

    await confirmCard(customer, clientSecret);
    expect((await pay(null, orderId, intentId)).status).toBe(401);
    expect((await pay(other, orderId, intentId)).status).toBe(404);
    expect((await pay(admin, orderId, intentId)).status).toBe(403);
    expect((await Order.findById(orderId).lean())?.paid).toBe(false);

    const res = await pay(customer, orderId, intentId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, modifiedCount: 1, transactionId: intentId });
    const stored = await Order.findById(orderId).lean();
    expect(stored).toMatchObject({ paid: true, transactionId: intentId, status: 'pending' });
    expect(stored?.paidAt).toBeInstanceOf(Date);
    expect(await OrderOutcome.findOne({ orderId }).lean()).toMatchObject({ outcome: 'paid', intentId, amountCents: 8500 });

    // Paying twice: the same payment repeats harmlessly, another one is refused.
    expect((await pay(customer, orderId, intentId)).body).toEqual({ acknowledged: true, modifiedCount: 0, transactionId: intentId });
    const secondPayment = await pay(customer, orderId, otherSecret.split('_secret_')[0]);
    expect(secondPayment.status).toBe(409);
    expect(secondPayment.body.error).toBe('This order is already paid');
    expect((await createIntent(customer, { orderId })).status).toBe(409);
    expect((await Order.findById(orderId).lean())?.transactionId).toBe(intentId);
  });

  it('refuses to pay a cancelled order', async () => {
    const { orderId } = await newOrder();
    const { clientSecret } = (await createIntent(customer, { orderId })).body;
    await callRoute(cancelRoute, `/api/order/${orderId}`, { method: 'DELETE', params: { id: orderId }, as: customer });
    for (const res of [
      await confirmCard(customer, clientSecret),
      await pay(customer, orderId, clientSecret.split('_secret_')[0]),
      await createIntent(customer, { orderId }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This order was cancelled');
    }
    expect(await Order.findById(orderId).lean()).toMatchObject({ paid: false, cancelledBy: 'customer' });
  });

  it('never lets one payment pay two orders', async () => {
    const first = await newOrder(customer, { price: 5, quantity: 1 });
    const secret = (await createIntent(customer, { orderId: first.orderId })).body.clientSecret;
    await confirmCard(customer, secret);
    const intentId = secret.split('_secret_')[0];
    expect((await pay(customer, first.orderId, intentId)).status).toBe(200);
    // A second order with the same total: the intent names the first order, so it is refused.
    const second = await newOrder(customer, { price: 5, quantity: 1 });
    expect((await pay(customer, second.orderId, intentId)).status).toBe(402);
    expect((await Order.findById(second.orderId).lean())?.paid).toBe(false);
  });

  it('a pay and a cancel racing on one order leave it paid, or cancelled with its stock returned and the payment refunded, never both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round++) {
      const { orderId, partId } = await newOrder(customer, { price: 3, quantity: 2 });
      const secret = (await createIntent(customer, { orderId })).body.clientSecret;
      await confirmCard(customer, secret);
      const intentId = secret.split('_secret_')[0];
      const actor = asActor(customer);
      // Both calls run at once; the one started a few milliseconds later alternates, so both outcomes show.
      const later = <T>(start: () => Promise<T>) =>
        new Promise<T>((resolve, reject) => setTimeout(() => start().then(resolve, reject), 15));
      const pay = () => confirmOrderPayment(actor, orderId, intentId);
      const cancel = () => cancelOrder(actor, orderId);
      const [paid, cancelled] = await Promise.allSettled(round % 2 ? [later(pay), cancel()] : [pay(), later(cancel)]);

      const stored = await Order.findById(orderId).lean();
      const stock = (await Part.findById(partId).lean())!.availableQuantity;
      const cancelMoves = await StockMove.countDocuments({ orderId, reason: 'cancel' });
      const outcome = (await OrderOutcome.findOne({ orderId }).lean())!.outcome;
      const refunded = (await PaymentIntent.findById(intentId).lean())!.refunded;
      expect(paid.status === 'fulfilled' && cancelled.status === 'fulfilled').toBe(false);
      if (outcome === 'paid') {
        expect(paid.status).toBe('fulfilled');
        expect(stored).toMatchObject({ paid: true, transactionId: intentId });
        expect(stock).toBe(18);
        expect(cancelMoves).toBe(0);
        expect(refunded).toBe(false);
      } else {
        expect(cancelled.status).toBe('fulfilled');
        expect(stored).toMatchObject({ paid: false, cancelledBy: 'customer' });
        expect(stored?.cancelledAt).toBeInstanceOf(Date);
        expect(stock).toBe(20);
        expect(cancelMoves).toBe(1);
        // The card was charged before the cancel won: the payment is refunded.
        expect(paid.status === 'rejected' && String(paid.reason)).toMatch(/refunded/);
        expect(refunded).toBe(true);
      }
      outcomes.push(outcome);
    }
    expect(outcomes.length).toBe(12);
    // Both ends of the race were exercised: some orders paid, some cancelled with the card refunded.
    expect(new Set(outcomes)).toEqual(new Set(['paid', 'cancelled']));
  });
});

describe('the Stripe webhook on a shop that uses the offline test gateway', () => {
  it('does not exist there: 404 with a message, nothing stored', async () => {
    const res = await callRoute(webhookRoute, '/api/webhooks/stripe', {
      method: 'POST',
      rawBody: '{"id":"evt_x","type":"payment_intent.succeeded"}',
      origin: null,
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Stripe webhooks are not enabled on this shop');
  });
});

describe('paying with Stripe (the Stripe SDK against stripe-mock)', () => {
  const WEBHOOK_SECRET = 'whsec_test_partsmart';
  const stripe = new Stripe('sk_test_partsmart');

  beforeAll(() => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_partsmart';
    process.env.STRIPE_API_BASE = process.env.STRIPE_MOCK_URL;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    resetEnv();
  });
  afterAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_BASE;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnv();
  });

  const succeededEvent = (id: string, orderId: string, amount: number, intentId = `pi_${id}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount, currency: 'usd', metadata: { orderId } } },
    });
  const sendWebhook = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
    callRoute(webhookRoute, '/api/webhooks/stripe', {
      method: 'POST',
      rawBody: payload,
      origin: null,
      headers: { 'stripe-signature': signature },
    });

  it('creates a PaymentIntent through the SDK and answers its client secret', async () => {
    const { orderId } = await newOrder(customer, { price: 42.5, quantity: 2 });
    const res = await createIntent(customer, { orderId });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('stripe');
    expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(res.body.amount).toBe(85);
  });

  it('does not mark the order paid when Stripe reports the payment not succeeded', async () => {
    const { orderId } = await newOrder();
    const res = await pay(customer, orderId, 'pi_123');
    expect(res.status).toBe(402);
    expect((await Order.findById(orderId).lean())?.paid).toBe(false);
    expect(await OrderOutcome.exists({ orderId })).toBeNull();
  });

  it('the test gateway is not reachable while Stripe is configured', async () => {
    const { orderId } = await newOrder();
    expect((await confirmCard(customer, `pi_test_x_secret_${orderId}`)).status).toBe(404);
  });

  it('pays the order from a signed payment_intent.succeeded webhook, once per event', async () => {
    const { orderId } = await newOrder(customer, { price: 42.5, quantity: 2 });
    const payload = succeededEvent('evt_paid_1', orderId, 8500, 'pi_webhook_paid');
    const res = await sendWebhook(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await Order.findById(orderId).lean()).toMatchObject({ paid: true, transactionId: 'pi_webhook_paid' });
    expect(await WebhookEvent.exists({ _id: 'evt_paid_1' })).not.toBeNull();

    const replay = await sendWebhook(payload);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    // The browser's PATCH for the same payment then agrees without paying twice.
    expect(await OrderOutcome.countDocuments({ orderId })).toBe(1);
  });

  it('refuses a forged signature (400) and changes nothing', async () => {
    const { orderId } = await newOrder();
    const payload = succeededEvent('evt_forged', orderId, 8500);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const res = await sendWebhook(payload, forged);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid webhook signature');
    expect((await sendWebhook(payload, 'not-a-signature')).status).toBe(400);
    expect((await Order.findById(orderId).lean())?.paid).toBe(false);
    expect(await WebhookEvent.exists({ _id: 'evt_forged' })).toBeNull();
  });

  it('refunds a payment that a signed webhook reports for an order already cancelled, and leaves it cancelled', async () => {
    // Every Stripe client shares its resources' prototypes: the spy records the refund and lets the real call to stripe-mock run.
    const spy = jest.spyOn(Object.getPrototypeOf(stripe.refunds) as { create: (...args: unknown[]) => unknown }, 'create');
    try {
      const { orderId } = await newOrder(customer, { price: 42.5, quantity: 2 });
      expect(
        (await callRoute(cancelRoute, `/api/order/${orderId}`, { method: 'DELETE', params: { id: orderId }, as: customer })).status,
      ).toBe(200);
      const res = await sendWebhook(succeededEvent('evt_after_cancel', orderId, 8500, 'pi_after_cancel'));
      expect(res.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toEqual({ payment_intent: 'pi_after_cancel' });
      expect(await Order.findById(orderId).lean()).toMatchObject({ paid: false, cancelledBy: 'customer' });
      expect((await OrderOutcome.findOne({ orderId }).lean())?.outcome).toBe('cancelled');
    } finally {
      spy.mockRestore();
    }
  });

  it('does not pay an order from a webhook whose amount is not the order total', async () => {
    const { orderId } = await newOrder(customer, { price: 42.5, quantity: 2 });
    const res = await sendWebhook(succeededEvent('evt_short', orderId, 100));
    expect(res.status).toBe(200);
    expect((await Order.findById(orderId).lean())?.paid).toBe(false);
  });
});
