import type { Model } from 'mongoose';
import { Order } from './order';
import { OrderOutcome } from './order-outcome';
import { OneTimeToken, TokenUse } from './one-time-token';
import { Part } from './part';
import { PaymentIntent, WebhookEvent } from './payment-intent';
import { Profile } from './profile';
import { RateLimitHit } from './rate-limit-hit';
import { Review } from './review';
import { StockMove } from './stock-move';
import { User } from './user';

export { Order, OrderOutcome, OneTimeToken, TokenUse, Part, PaymentIntent, WebhookEvent, Profile, RateLimitHit, Review, StockMove, User };

const ALL_MODELS: Model<never>[] = [
  Part,
  StockMove,
  Review,
  Order,
  OrderOutcome,
  Profile,
  User,
  OneTimeToken,
  TokenUse,
  RateLimitHit,
  PaymentIntent,
  WebhookEvent,
] as unknown as Model<never>[];

// Clean-up only: expiry is always checked in code, and FerretDB v1 has no TTL indexes.
const TTL_INDEXES: Array<[Model<never>, string]> = [
  [OneTimeToken as unknown as Model<never>, 'expiresAt'],
  [RateLimitHit as unknown as Model<never>, 'expiresAt'],
];

const NOT_IMPLEMENTED = 238;

/** Creates every index the rules depend on (unique ones above all). Idempotent. */
export async function ensureIndexes(): Promise<void> {
  for (const model of ALL_MODELS) await model.createIndexes();
  for (const [model, field] of TTL_INDEXES) {
    try {
      await model.collection.createIndex({ [field]: 1 }, { expireAfterSeconds: 0 });
    } catch (error) {
      if ((error as { code?: number }).code !== NOT_IMPLEMENTED) throw error;
    }
  }
}
