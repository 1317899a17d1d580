import 'server-only';
import { randomBytes } from 'node:crypto';
import { connectDb } from '@/lib/platform/db';
import { NotFoundError, PaymentError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { PaymentIntent, PaymentRefund } from '@/models';
import { checkCard } from './cards';
import type { Intent, PaymentGateway } from './types';

/** The offline test gateway: Stripe's flow with intents in the database and Stripe's test cards checked on the server. */
const token = () => randomBytes(12).toString('hex');

type StoredIntent = { _id: string; clientSecret: string; amount: number; currency: string; orderId: string; status: string };

const toIntent = (intent: StoredIntent): Intent => ({
  id: intent._id,
  status: intent.status,
  amountCents: intent.amount,
  currency: intent.currency,
  orderId: intent.orderId,
});

/** The offline gateway sends no webhooks: the browser's confirmation is checked on the server instead. */
export const testGateway: PaymentGateway = {
  name: 'test',
  clientConfig: () => ({ provider: 'test', publishableKey: null }),
  async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
    await connectDb();
    const existing = await PaymentIntent.findOne({ idempotencyKey }).lean<StoredIntent>();
    if (existing) return { id: existing._id, clientSecret: existing.clientSecret };
    const id = `pi_test_${token()}`;
    try {
      await PaymentIntent.create({
        _id: id,
        clientSecret: `${id}_secret_${token()}`,
        idempotencyKey,
        orderId,
        amount: amountCents,
        currency,
        status: 'requires_payment_method',
      });
    } catch (error) {
      // The same key at the same moment: answer the intent that won, as Stripe does.
      if (!isDuplicateKey(error)) throw error;
    }
    const intent = await PaymentIntent.findOne({ idempotencyKey }).lean<StoredIntent>();
    return { id: intent!._id, clientSecret: intent!.clientSecret };
  },
  async retrieveIntent(id) {
    await connectDb();
    const intent = await PaymentIntent.findById(id).lean<StoredIntent>();
    return intent ? toIntent(intent) : null;
  },
  async refund(intentId) {
    await connectDb();
    await PaymentIntent.updateOne({ _id: intentId }, { $set: { refunded: true } });
  },
  async refundPart({ intentId, amountCents, idempotencyKey }) {
    await connectDb();
    const existing = await PaymentRefund.findById(idempotencyKey).lean();
    if (existing) return { id: existing.refundId };
    const intent = await PaymentIntent.findById(intentId).lean<StoredIntent>();
    if (!intent || intent.status !== 'succeeded') throw new PaymentError('No such payment to refund');
    const refunds = await PaymentRefund.find({ intentId }, { amount: 1 }).lean();
    // As Stripe: never more back than was paid.
    if (refunds.reduce((sum, refund) => sum + refund.amount, 0) + amountCents > intent.amount)
      throw new PaymentError('The refund is more than what remains of the payment');
    try {
      await PaymentRefund.create({ _id: idempotencyKey, refundId: `re_test_${token()}`, intentId, amount: amountCents });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return { id: (await PaymentRefund.findById(idempotencyKey).lean())!.refundId };
  },
};

export type TestCardInput = { clientSecret: string; number: string; expiry: string; cvc: string };

/** The browser's card confirmation as Stripe.js does it (declines 402); `authorize` checks the caller before the card is read. */
export async function confirmTestCard(input: TestCardInput, authorize: (orderId: string) => Promise<unknown>): Promise<Intent> {
  await connectDb();
  const intent = await PaymentIntent.findOne({ clientSecret: input.clientSecret }).lean<StoredIntent>();
  if (!intent) throw new NotFoundError('No such payment');
  await authorize(intent.orderId);
  if (intent.status === 'succeeded') return toIntent(intent);
  const outcome = checkCard(input);
  if (!outcome.ok) {
    await PaymentIntent.updateOne({ _id: intent._id }, { $set: { lastError: outcome.code } });
    throw outcome.declined ? new PaymentError(outcome.message) : new ValidationError(outcome.message);
  }
  await PaymentIntent.updateOne({ _id: intent._id }, { $set: { status: 'succeeded' }, $unset: { lastError: '' } });
  return toIntent({ ...intent, status: 'succeeded' });
}
