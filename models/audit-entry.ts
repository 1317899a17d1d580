import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

export const AUDIT_ACTIONS = [
  'part.create',
  'part.update',
  'part.archive',
  'part.delete',
  'stock.restock',
  'stock.correction',
  'order.ship',
  'order.deliver',
  'order.cancel',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'fitment-review.resolve',
  'role.grant',
  'role.revoke',
  'review.remove',
  'shipping.create',
  'shipping.update',
  'shipping.delete',
  'tax.create',
  'tax.update',
  'tax.delete',
  'discount.create',
  'discount.pause',
  'discount.resume',
  'settings.update',
  'import-mappings.update',
  'profile.update',
  'kit.create',
  'kit.update',
  'kit.delete',
  'vehicle.create',
  'vehicle.update',
  'import.start',
  'import.apply',
  'import.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = [
  'part',
  'order',
  'return',
  'user',
  'review',
  'shipping-zone',
  'tax-rate',
  'discount-code',
  'settings',
  'profile',
  'job-kit',
  'vehicle',
  'import',
  'fitment-review',
] as const;

/**
 * The audit log: one entry per admin change, append-only. Nothing in the shop updates or deletes an
 * entry, and the model refuses to (the hooks below throw), so a mistake fails loudly instead of
 * rewriting history. Newest first is `_id` descending (ObjectIds grow with time).
 */
const auditEntrySchema = new Schema({
  at: { type: Date, required: true, default: () => new Date() },
  actorId: { type: String, required: true },
  actorEmail: { type: String, required: true, lowercase: true },
  action: { type: String, required: true, enum: AUDIT_ACTIONS },
  target: {
    kind: { type: String, required: true, enum: AUDIT_TARGET_KINDS },
    id: { type: String, required: true },
    label: { type: String, required: true },
  },
  before: { type: Schema.Types.Mixed, default: null },
  after: { type: Schema.Types.Mixed, default: null },
});
auditEntrySchema.index({ action: 1, _id: -1 });
auditEntrySchema.index({ actorEmail: 1, _id: -1 });

export const APPEND_ONLY = 'Audit entries are append-only: they cannot be changed or deleted';

function refuse(): never {
  throw new Error(APPEND_ONLY);
}

const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
] as const;
for (const operation of QUERY_WRITES) auditEntrySchema.pre(operation, { document: false, query: true }, refuse);
// Document methods: entry.deleteOne() and entry.updateOne(), and save() of an entry that already exists.
auditEntrySchema.pre(['deleteOne', 'updateOne'], { document: true, query: false }, refuse);
auditEntrySchema.pre('save', function () {
  if (!this.isNew) refuse();
});
auditEntrySchema.pre('bulkWrite', function (operations) {
  if (operations.some((operation) => !('insertOne' in operation))) refuse();
});

export type AuditEntryDoc = InferSchemaType<typeof auditEntrySchema>;
export const AuditEntry: Model<AuditEntryDoc> =
  (models.AuditEntry as Model<AuditEntryDoc>) ?? model<AuditEntryDoc>('AuditEntry', auditEntrySchema);
