import mongoose, { type Model } from 'mongoose';
import { isDuplicateKey } from '@/lib/platform/errors';
import { AuditEntry } from './audit-entry';
import { Order } from './order';
import { OrderNumberBlock } from './order-number-block';
import { OrderOutcome } from './order-outcome';
import { IdempotentRequest } from './idempotent-request';
import { OneTimeToken, TokenUse } from './one-time-token';
import { OrderIntent } from './order-intent';
import { Part } from './part';
import { PaymentIntent, WebhookEvent } from './payment-intent';
import { OutboxClaim, OutboxDue, OutboxMessage } from './outbox';
import { Profile } from './profile';
import { RateLimitHit } from './rate-limit-hit';
import { Review } from './review';
import { RoleLock } from './role-lock';
import { StockMove } from './stock-move';
import { User } from './user';
import { Vehicle, VehicleMake } from './vehicle';
import { GaragePointer, GarageVehicle } from './garage';
import { LostDemandDay, LostDemandVisit } from './lost-demand';
import { CatalogChange } from './catalog-change';
import { SearchSnapshot } from './search-snapshot';
import { JobMark } from './job-mark';
import { Cart } from './cart';
import { ShippingZone, ShopSettings, TaxRate } from './shipping';
import { DiscountCode, DiscountRedemption } from './discount';

export {
  AuditEntry,
  OrderNumberBlock,
  OutboxClaim,
  OutboxDue,
  OutboxMessage,
  RoleLock,
  IdempotentRequest,
  Order,
  OrderIntent,
  OrderOutcome,
  OneTimeToken,
  TokenUse,
  Part,
  PaymentIntent,
  WebhookEvent,
  Profile,
  RateLimitHit,
  Review,
  StockMove,
  User,
  Vehicle,
  VehicleMake,
  GarageVehicle,
  GaragePointer,
  LostDemandDay,
  LostDemandVisit,
  CatalogChange,
  SearchSnapshot,
  JobMark,
  Cart,
  ShippingZone,
  TaxRate,
  ShopSettings,
  DiscountCode,
  DiscountRedemption,
};

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
  OrderIntent,
  IdempotentRequest,
  OrderNumberBlock,
  OutboxMessage,
  OutboxDue,
  OutboxClaim,
  AuditEntry,
  RoleLock,
  Vehicle,
  VehicleMake,
  GarageVehicle,
  GaragePointer,
  LostDemandDay,
  LostDemandVisit,
  CatalogChange,
  SearchSnapshot,
  Cart,
  ShippingZone,
  TaxRate,
  DiscountCode,
  DiscountRedemption,
] as unknown as Model<never>[];

// Clean-up only: expiry is always checked in code, and FerretDB v1 has no TTL indexes.
const TTL_INDEXES: Array<[Model<never>, string]> = [
  [OneTimeToken as unknown as Model<never>, 'expiresAt'],
  [RateLimitHit as unknown as Model<never>, 'expiresAt'],
  [IdempotentRequest as unknown as Model<never>, 'expiresAt'],
  [LostDemandVisit as unknown as Model<never>, 'expiresAt'],
];

const NOT_IMPLEMENTED = 238;

/** Where ensureIndexes notes the index set it created: one document in a collection of its own. */
const INDEX_MARK = { collection: 'schema_marks', id: 'indexes' } as const;

/** Every index ensureIndexes creates, as one string: a release that adds or changes one changes it. */
export function indexSpec(): string {
  return JSON.stringify([
    ALL_MODELS.map((model) => [model.collection.collectionName, model.schema.indexes()]),
    TTL_INDEXES.map(([model, field]) => [model.collection.collectionName, field]),
  ]);
}

/**
 * Creates every index the rules depend on (unique ones above all). Idempotent. Once they exist the
 * set is noted in the database, and a process that finds the same set noted skips the round of
 * createIndexes: on FerretDB at 100,000 parts it took half a second of every start. The note is
 * written only after every index exists, so finding it means they do.
 */
export async function ensureIndexes(): Promise<void> {
  const spec = indexSpec();
  const marks = mongoose.connection.collection<{ _id: string; spec: string; at: Date }>(INDEX_MARK.collection);
  if ((await marks.findOne({ _id: INDEX_MARK.id }))?.spec === spec) return;
  // All at once: a server starting under load connects in one round of them, not one per model.
  await Promise.all([
    ...ALL_MODELS.map((model) => model.createIndexes()),
    ...TTL_INDEXES.map(async ([model, field]) => {
      try {
        await model.collection.createIndex({ [field]: 1 }, { expireAfterSeconds: 0 });
      } catch (error) {
        if ((error as { code?: number }).code !== NOT_IMPLEMENTED) throw error;
      }
    }),
  ]);
  await marks.updateOne({ _id: INDEX_MARK.id }, { $set: { spec, at: new Date() } }, { upsert: true }).catch((error: unknown) => {
    // Another process starting at the same moment inserted the note first: the indexes exist either way.
    if (!isDuplicateKey(error)) throw error;
  });
}
