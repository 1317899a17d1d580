import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

/** A weight band: orders up to `upToGrams` (inclusive) cost `priceCents`; the last band may be open (null). */
const bandSchema = new Schema(
  {
    upToGrams: { type: Number, default: null, min: 1 },
    priceCents: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

const methodSchema = new Schema({
  label: { type: String, required: true, trim: true, maxlength: 60 },
  bands: { type: [bandSchema], default: [] },
  // Goods at or above this (after discount) ship free with this method; null: never free.
  freeOverCents: { type: Number, default: null, min: 0 },
  minDays: { type: Number, required: true, min: 0, max: 60 },
  maxDays: { type: Number, required: true, min: 0, max: 60 },
  active: { type: Boolean, required: true, default: true },
});

/**
 * Where the shop ships: a zone covers countries (ISO 3166 alpha-2), optionally only postcodes starting
 * with one of `postcodePrefixes`. The most specific zone that matches an address wins (a prefix zone
 * before a whole-country zone, then the lower `position`); `countries: ['*']` is the rest of the world.
 */
const shippingZoneSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 60 },
    countries: { type: [String], default: [] },
    postcodePrefixes: { type: [String], default: [] },
    position: { type: Number, required: true, default: 0 },
    methods: { type: [methodSchema], default: [] },
  },
  { timestamps: true },
);

/**
 * A tax rate per country and optionally region (a state, a province); `ratePcm` in thousandths of a
 * percent (8875 = 8.875%). Rates stored before three decimals have only `rateBps` (basis points):
 * lib/checkout/tax.ts reads both, and an admin's next save of the rate replaces it with `ratePcm`.
 */
const taxRateSchema = new Schema(
  {
    country: { type: String, required: true, uppercase: true, trim: true, maxlength: 2 },
    // '' for the whole country; a region's own rate replaces the country's.
    region: { type: String, default: '', uppercase: true, trim: true, maxlength: 40 },
    ratePcm: { type: Number, required: true, min: 0, max: 100_000 },
    rateBps: { type: Number, min: 0, max: 10_000 },
    taxShipping: { type: Boolean, required: true, default: false },
    label: { type: String, trim: true, maxlength: 40, default: 'Tax' },
  },
  { timestamps: true },
);
taxRateSchema.index({ country: 1, region: 1 }, { unique: true });

/** The shop's own settings: one document, `_id` 'shop'. */
const shopSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    // Where each new order is announced (the owner's inbox); empty: nobody.
    ordersEmail: { type: String, trim: true, lowercase: true, maxlength: 254, default: '' },
    // Marks that the default zones and rates were seeded once (an owner who deletes them keeps them deleted).
    shippingSeededAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type ShippingZoneDoc = InferSchemaType<typeof shippingZoneSchema>;
export type TaxRateDoc = InferSchemaType<typeof taxRateSchema>;
export type ShopSettingsDoc = InferSchemaType<typeof shopSettingsSchema>;
export const ShippingZone: Model<ShippingZoneDoc> =
  (models.ShippingZone as Model<ShippingZoneDoc>) ?? model<ShippingZoneDoc>('ShippingZone', shippingZoneSchema);
export const TaxRate: Model<TaxRateDoc> = (models.TaxRate as Model<TaxRateDoc>) ?? model<TaxRateDoc>('TaxRate', taxRateSchema);
export const ShopSettings: Model<ShopSettingsDoc> =
  (models.ShopSettings as Model<ShopSettingsDoc>) ?? model<ShopSettingsDoc>('ShopSettings', shopSettingsSchema);
