import 'server-only';
import { Types } from 'mongoose';
import { assertAdmin, type Actor } from '@/lib/auth';
import { changedFields, recordAudit } from '@/lib/audit';
import { expireCacheTags } from '@/lib/platform/cache';
import { countriesOf, shippingCoverage, type CoverageGap } from '@/lib/checkout/coverage';
import { MAX_ZONES, SHIPPING_TAG, ZONE_ORDER, type LeanZone as QuotedZone } from '@/lib/checkout/shipping';
import { ratePcmOf } from '@/lib/checkout/tax';
import { SHOP_SETTINGS_ID } from '@/lib/checkout/settings';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { fromCents, toCents } from '@/lib/core/money';
import type { Page } from '@/lib/core/pagination';
import type {
  DiscountCodeInput,
  ShippingMethodInput,
  ShippingZoneInput,
  ShopSettingsInput,
  TaxRateInput,
} from '@/lib/validations/checkout-admin';
import { CODE_PATTERN } from '@/lib/validations/checkout-admin';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { DiscountCode, DiscountRedemption, Order, ShippingZone, ShopSettings, TaxRate } from '@/models';
import type { DiscountCodeDoc, DiscountRedemptionDoc } from '@/models/discount';
import type { ShippingZoneDoc, TaxRateDoc } from '@/models/shipping';

/**
 * The admin side of checkout (issue 29): shipping zones with their methods and weight bands, tax
 * rates, discount codes (create, pause, resume, redemptions) and the shop's settings. Admins only;
 * every change is audited. Amounts leave here in dollars, weights in kg, rates in percent; they are
 * stored as integer cents, grams and thousandths of a percent. The customer side (lib/checkout/shipping.ts, tax.ts,
 * discounts.ts) reads the same collections.
 */

type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

/** Quotes read zones and rates from the cache (lib/checkout/shipping.ts): every change expires them, on every instance. */
export const ratesChanged = () => expireCacheTags([SHIPPING_TAG]);

// ---- Shipping zones -------------------------------------------------------------------------------

export type WeightBandDTO = { upToKg: number | null; price: number };
export type ShippingMethodDTO = {
  id: string;
  label: string;
  bands: WeightBandDTO[];
  freeOver: number | null;
  minDays: number;
  maxDays: number;
  active: boolean;
};
export type ShippingZoneDTO = {
  _id: string;
  name: string;
  countries: string[];
  postcodePrefixes: string[];
  position: number;
  methods: ShippingMethodDTO[];
  createdAt: string;
  updatedAt: string;
};

type LeanMethod = ShippingZoneDoc['methods'][number] & { _id: Types.ObjectId };
type LeanZone = Omit<ShippingZoneDoc, 'methods'> & { _id: Types.ObjectId; methods: LeanMethod[]; createdAt: Date; updatedAt: Date };

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

function toZoneDTO(zone: LeanZone): ShippingZoneDTO {
  return {
    _id: String(zone._id),
    name: zone.name,
    countries: zone.countries ?? [],
    postcodePrefixes: zone.postcodePrefixes ?? [],
    position: zone.position ?? 0,
    methods: (zone.methods ?? []).map((method) => ({
      id: String(method._id),
      label: method.label,
      bands: (method.bands ?? []).map((band) => ({
        upToKg: band.upToGrams === null || band.upToGrams === undefined ? null : band.upToGrams / 1000,
        price: fromCents(band.priceCents),
      })),
      freeOver: method.freeOverCents === null || method.freeOverCents === undefined ? null : fromCents(method.freeOverCents),
      minDays: method.minDays,
      maxDays: method.maxDays,
      active: method.active !== false,
    })),
    createdAt: iso(zone.createdAt)!,
    updatedAt: iso(zone.updatedAt)!,
  };
}

/** The stored form of a method: a method the zone already has keeps its id, any other id is a new method. */
function storedMethod(method: ShippingMethodInput, keep: Set<string>) {
  return {
    _id: method.id && keep.has(method.id) ? new Types.ObjectId(method.id) : new Types.ObjectId(),
    label: method.label,
    bands: method.bands.map((band) => ({
      upToGrams: band.upToKg === null ? null : Math.round(band.upToKg * 1000),
      priceCents: toCents(band.price),
    })),
    freeOverCents: method.freeOver === null ? null : toCents(method.freeOver),
    minDays: method.minDays,
    maxDays: method.maxDays,
    active: method.active,
  };
}

function storedZone(input: ShippingZoneInput, keep = new Set<string>()) {
  return {
    name: input.name,
    countries: input.countries,
    postcodePrefixes: input.postcodePrefixes,
    position: input.position,
    methods: input.methods.map((method) => storedMethod(method, keep)),
  };
}

/** The audit's view of a zone: what an admin reads (no timestamps). */
function auditedZone(zone: ShippingZoneDTO) {
  const { name, countries, postcodePrefixes, position, methods } = zone;
  return { name, countries, postcodePrefixes, position, methods };
}

const zoneTarget = (zone: ShippingZoneDTO) => ({ kind: 'shipping-zone' as const, id: zone._id, label: zone.name });

function zoneId(id: string): Types.ObjectId {
  if (!OBJECT_ID_PATTERN.test(id)) throw new NotFoundError('Shipping zone not found');
  return new Types.ObjectId(id);
}

/** Every zone in the order the lookup tries them (position, then name). */
export async function listShippingZones(actor: Admin): Promise<ShippingZoneDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const zones = await ShippingZone.find().sort(ZONE_ORDER).limit(500).lean<LeanZone[]>();
  return zones.map(toZoneDTO);
}

export async function getShippingZone(actor: Admin, id: string): Promise<ShippingZoneDTO> {
  assertAdmin(actor);
  await connectDb();
  const zone = await ShippingZone.findById(zoneId(id)).lean<LeanZone>();
  if (!zone) throw new NotFoundError('Shipping zone not found');
  return toZoneDTO(zone);
}

/** A zone as a save answers it: with the gaps in shipping the change leaves (lib/checkout/coverage.ts), as sentences. */
export type SavedZoneDTO = ShippingZoneDTO & { warnings: string[] };

/** The gaps in the shop's shipping: where, and for what weights, no active method ships (the Shipping page, its API). */
export async function getShippingCoverage(actor: Admin): Promise<CoverageGap[]> {
  assertAdmin(actor);
  return shippingCoverage(await zonesAsQuoted());
}

/** Every zone as the checkout reads it (lib/checkout/shipping.ts): stored units, in ZONE_ORDER. */
async function zonesAsQuoted(): Promise<QuotedZone[]> {
  await connectDb();
  return ShippingZone.find().sort(ZONE_ORDER).limit(MAX_ZONES).lean<QuotedZone[]>();
}

/** The gaps in the countries a zone names, or named before this change: a save is allowed, and warned. */
async function warningsAfter(...zones: Array<Pick<ShippingZoneDTO, 'countries'>>): Promise<string[]> {
  const countries = [...new Set(zones.flatMap(countriesOf))];
  return shippingCoverage(await zonesAsQuoted(), countries).map((gap) => gap.message);
}

export async function createShippingZone(actor: Admin, input: ShippingZoneInput): Promise<SavedZoneDTO> {
  assertAdmin(actor);
  await connectDb();
  const created = await ShippingZone.create(storedZone(input));
  await ratesChanged();
  const zone = await getShippingZone(actor, String(created._id));
  await recordAudit(actor, { action: 'shipping.create', target: zoneTarget(zone), after: auditedZone(zone) });
  return { ...zone, warnings: await warningsAfter(zone) };
}

/** Replaces a zone's fields and methods (methods sent with their id keep it). */
export async function updateShippingZone(actor: Admin, id: string, input: ShippingZoneInput): Promise<SavedZoneDTO> {
  const before = await getShippingZone(actor, id);
  const keep = new Set(before.methods.map((method) => method.id));
  const stored = storedZone(input, keep);
  const result = await ShippingZone.updateOne({ _id: zoneId(id) }, { $set: stored }, { runValidators: true });
  if (!result.matchedCount) throw new NotFoundError('Shipping zone not found');
  await ratesChanged();
  // The audit records what this request wrote: a read after it may already hold another admin's edit.
  const written = toZoneDTO({ ...stored, _id: zoneId(id) } as LeanZone);
  const changes = changedFields(auditedZone(before), auditedZone(written));
  if (Object.keys(changes.before).length) await recordAudit(actor, { action: 'shipping.update', target: zoneTarget(written), ...changes });
  const zone = await getShippingZone(actor, id);
  return { ...zone, warnings: await warningsAfter(before, zone) };
}

export async function deleteShippingZone(actor: Admin, id: string): Promise<{ deletedCount: number }> {
  const zone = await getShippingZone(actor, id);
  const result = await ShippingZone.deleteOne({ _id: zoneId(id) });
  await ratesChanged();
  if (result.deletedCount) await recordAudit(actor, { action: 'shipping.delete', target: zoneTarget(zone), before: auditedZone(zone) });
  return { deletedCount: result.deletedCount };
}

// ---- Tax rates ------------------------------------------------------------------------------------

export type TaxRateDTO = {
  _id: string;
  country: string;
  region: string;
  /** Percent (20 = 20%). */
  rate: number;
  taxShipping: boolean;
  label: string;
  createdAt: string;
  updatedAt: string;
};
type LeanTaxRate = TaxRateDoc & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

function toTaxRateDTO(rate: LeanTaxRate): TaxRateDTO {
  return {
    _id: String(rate._id),
    country: rate.country,
    region: rate.region ?? '',
    rate: ratePcmOf(rate) / 1000,
    taxShipping: Boolean(rate.taxShipping),
    label: rate.label ?? 'Tax',
    createdAt: iso(rate.createdAt)!,
    updatedAt: iso(rate.updatedAt)!,
  };
}

const storedTaxRate = (input: TaxRateInput) => ({
  country: input.country,
  region: input.region,
  ratePcm: Math.round(input.rate * 1000),
  taxShipping: input.taxShipping,
  label: input.label || 'Tax',
});

export const TAX_RATE_TAKEN = 'This country and region already have a rate: edit that one';
const taxTarget = (rate: TaxRateDTO) => ({
  kind: 'tax-rate' as const,
  id: rate._id,
  label: rate.region ? `${rate.country} ${rate.region}` : rate.country,
});
const auditedTaxRate = ({ country, region, rate, taxShipping, label }: TaxRateDTO) => ({ country, region, rate, taxShipping, label });

function taxRateId(id: string): Types.ObjectId {
  if (!OBJECT_ID_PATTERN.test(id)) throw new NotFoundError('Tax rate not found');
  return new Types.ObjectId(id);
}

/**
 * A write refused by the unique (country, region) index: E11000, or, for an update on FerretDB v1,
 * its SQLite constraint error (it answers an update that breaks a unique index with code 1).
 */
function isTaxRateTaken(error: unknown): boolean {
  return isDuplicateKey(error) || (error instanceof Error && /UNIQUE constraint failed: index 'taxrates_/.test(error.message));
}

async function writeTaxRate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The unique (country, region) index decides, also between two admins at once.
    if (isTaxRateTaken(error)) throw new ConflictError(TAX_RATE_TAKEN);
    throw error;
  }
}

export async function listTaxRates(actor: Admin): Promise<TaxRateDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const rates = await TaxRate.find().sort({ country: 1, region: 1 }).limit(2000).lean<LeanTaxRate[]>();
  return rates.map(toTaxRateDTO);
}

async function getTaxRate(id: string): Promise<TaxRateDTO> {
  await connectDb();
  const rate = await TaxRate.findById(taxRateId(id)).lean<LeanTaxRate>();
  if (!rate) throw new NotFoundError('Tax rate not found');
  return toTaxRateDTO(rate);
}

export async function createTaxRate(actor: Admin, input: TaxRateInput): Promise<TaxRateDTO> {
  assertAdmin(actor);
  await connectDb();
  const created = await writeTaxRate(() => TaxRate.create(storedTaxRate(input)));
  await ratesChanged();
  const rate = await getTaxRate(String(created._id));
  await recordAudit(actor, { action: 'tax.create', target: taxTarget(rate), after: auditedTaxRate(rate) });
  return rate;
}

export async function updateTaxRate(actor: Admin, id: string, input: TaxRateInput): Promise<TaxRateDTO> {
  assertAdmin(actor);
  const before = await getTaxRate(id);
  if (await TaxRate.exists({ country: input.country, region: input.region, _id: { $ne: taxRateId(id) } }))
    throw new ConflictError(TAX_RATE_TAKEN);
  const stored = storedTaxRate(input);
  // A rate stored in basis points (before three decimals) is stored in thousandths of a percent from now on.
  const result = await writeTaxRate(() =>
    TaxRate.updateOne({ _id: taxRateId(id) }, { $set: stored, $unset: { rateBps: 1 } }, { runValidators: true }),
  );
  if (!result.matchedCount) throw new NotFoundError('Tax rate not found');
  await ratesChanged();
  // What this request wrote, as for a zone.
  const written = toTaxRateDTO({ ...stored, _id: taxRateId(id) } as LeanTaxRate);
  const changes = changedFields(auditedTaxRate(before), auditedTaxRate(written));
  if (Object.keys(changes.before).length) await recordAudit(actor, { action: 'tax.update', target: taxTarget(written), ...changes });
  return getTaxRate(id);
}

export async function deleteTaxRate(actor: Admin, id: string): Promise<{ deletedCount: number }> {
  assertAdmin(actor);
  const rate = await getTaxRate(id);
  const result = await TaxRate.deleteOne({ _id: taxRateId(id) });
  await ratesChanged();
  if (result.deletedCount) await recordAudit(actor, { action: 'tax.delete', target: taxTarget(rate), before: auditedTaxRate(rate) });
  return { deletedCount: result.deletedCount };
}

// ---- Discount codes -------------------------------------------------------------------------------

export const DISCOUNT_STATUSES = ['active', 'paused', 'scheduled', 'expired', 'used-up'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export type DiscountCodeDTO = {
  _id: string;
  code: string;
  kind: 'percent' | 'fixed' | 'free-shipping';
  percent: number | null;
  /** Dollars off (fixed codes). */
  amount: number | null;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  categories: string[];
  brands: string[];
  pausedAt: string | null;
  /** Orders that carry the code now (a cancelled order gives its use back). */
  uses: number;
  status: DiscountStatus;
  createdAt: string;
};
export type RedemptionDTO = { orderId: string; orderNumber: string | null; email: string; amount: number; at: string };

type LeanCode = DiscountCodeDoc & { _id: Types.ObjectId; createdAt: Date };
type LeanRedemption = DiscountRedemptionDoc & { _id: string };

export const CODE_TAKEN = 'This code already exists';
const CODE_NOT_FOUND = 'Discount code not found';

/** The redemptions that are uses (`slot`), not the once-per-customer marks (lib/checkout/discounts.ts). */
const usesOf = (code: string) => ({ code, slot: true });

export function discountStatus(code: Pick<DiscountCodeDTO, 'pausedAt' | 'startsAt' | 'endsAt' | 'maxUses' | 'uses'>, now = new Date()) {
  if (code.pausedAt) return 'paused';
  if (code.endsAt && new Date(code.endsAt) <= now) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used-up';
  if (code.startsAt && new Date(code.startsAt) > now) return 'scheduled';
  return 'active';
}

function toDiscountDTO(code: LeanCode, uses: number): DiscountCodeDTO {
  const dto = {
    _id: String(code._id),
    code: code.code,
    kind: code.kind as DiscountCodeDTO['kind'],
    percent: code.percent ?? null,
    amount: code.amountCents === null || code.amountCents === undefined ? null : fromCents(code.amountCents),
    minSubtotal: fromCents(code.minSubtotalCents ?? 0),
    startsAt: iso(code.startsAt),
    endsAt: iso(code.endsAt),
    maxUses: code.maxUses ?? null,
    oncePerCustomer: Boolean(code.oncePerCustomer),
    categories: code.categories ?? [],
    brands: code.brands ?? [],
    pausedAt: iso(code.pausedAt),
    uses,
    createdAt: iso(code.createdAt)!,
  };
  return { ...dto, status: discountStatus(dto) };
}

/** A code as typed in a URL: codes are stored upper case; anything else cannot be one. */
function normalizeCode(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(upper)) throw new NotFoundError(CODE_NOT_FOUND);
  return upper;
}

export async function listDiscountCodes(actor: Admin): Promise<DiscountCodeDTO[]> {
  assertAdmin(actor);
  await connectDb();
  const codes = await DiscountCode.find().sort({ _id: -1 }).limit(500).lean<LeanCode[]>();
  const uses = await Promise.all(codes.map((code) => DiscountRedemption.countDocuments(usesOf(code.code))));
  return codes.map((code, index) => toDiscountDTO(code, uses[index] ?? 0));
}

export async function getDiscountCode(actor: Admin, code: string): Promise<DiscountCodeDTO> {
  assertAdmin(actor);
  await connectDb();
  const stored = await DiscountCode.findOne({ code: normalizeCode(code) }).lean<LeanCode>();
  if (!stored) throw new NotFoundError(CODE_NOT_FOUND);
  return toDiscountDTO(stored, await DiscountRedemption.countDocuments(usesOf(stored.code)));
}

const codeTarget = (code: DiscountCodeDTO) => ({ kind: 'discount-code' as const, id: code.code, label: code.code });
function auditedCode(code: DiscountCodeDTO) {
  const { kind, percent, amount, minSubtotal, startsAt, endsAt, maxUses, oncePerCustomer, categories, brands } = code;
  return { kind, percent, amount, minSubtotal, startsAt, endsAt, maxUses, oncePerCustomer, categories, brands };
}

/** A new code. Codes are not edited afterwards (orders carry them): pause one and create another. */
export async function createDiscountCode(actor: Admin, input: DiscountCodeInput): Promise<DiscountCodeDTO> {
  assertAdmin(actor);
  await connectDb();
  try {
    await DiscountCode.create({
      code: input.code,
      kind: input.kind,
      percent: input.kind === 'percent' ? input.percent : undefined,
      amountCents: input.kind === 'fixed' && input.amount ? toCents(input.amount) : undefined,
      minSubtotalCents: toCents(input.minSubtotal),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      maxUses: input.maxUses,
      oncePerCustomer: input.oncePerCustomer,
      categories: input.categories,
      brands: input.brands,
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(CODE_TAKEN);
    throw error;
  }
  const code = await getDiscountCode(actor, input.code);
  await recordAudit(actor, { action: 'discount.create', target: codeTarget(code), after: auditedCode(code) });
  return code;
}

/** Pauses (customers are refused it from now on) or resumes a code; doing what is already done changes nothing. */
export async function setDiscountPaused(actor: Admin, code: string, paused: boolean): Promise<DiscountCodeDTO> {
  const before = await getDiscountCode(actor, code);
  if (Boolean(before.pausedAt) === paused) return before;
  // Only the write that changed it is audited: two admins pausing at once record one pause.
  const { modifiedCount } = await DiscountCode.updateOne(
    { code: before.code, pausedAt: paused ? null : { $ne: null } },
    { $set: { pausedAt: paused ? new Date() : null } },
  );
  const after = await getDiscountCode(actor, code);
  if (modifiedCount === 0) return after;
  await recordAudit(actor, {
    action: paused ? 'discount.pause' : 'discount.resume',
    target: codeTarget(after),
    before: { paused: !paused },
    after: { paused },
  });
  return after;
}

/** A code's uses, newest first, with the order number of each. */
export async function listRedemptions(
  actor: Admin,
  code: string,
  query: { page?: number; limit?: number } = {},
): Promise<Page<RedemptionDTO>> {
  const stored = await getDiscountCode(actor, code);
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);
  const filter = usesOf(stored.code);
  const [redemptions, total] = await Promise.all([
    DiscountRedemption.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanRedemption[]>(),
    DiscountRedemption.countDocuments(filter),
  ]);
  const orders = redemptions.length
    ? await Order.find({ _id: { $in: redemptions.map((r) => r.orderId) } }, { number: 1 }).lean<
        Array<{ _id: Types.ObjectId; number?: string }>
      >()
    : [];
  const numbers = new Map(orders.map((order) => [String(order._id), order.number ?? null]));
  return {
    items: redemptions.map((r) => ({
      orderId: String(r.orderId),
      orderNumber: numbers.get(String(r.orderId)) ?? null,
      email: r.email,
      amount: fromCents(r.amountCents ?? 0),
      at: new Date(r.at).toISOString(),
    })),
    total,
    page,
    limit,
  };
}

// ---- Settings -------------------------------------------------------------------------------------

export type ShopSettingsDTO = { ordersEmail: string; shippingSeededAt: string | null };

export async function getShopSettings(actor: Admin): Promise<ShopSettingsDTO> {
  assertAdmin(actor);
  await connectDb();
  const settings = await ShopSettings.findById(SHOP_SETTINGS_ID).lean();
  return { ordersEmail: settings?.ordersEmail ?? '', shippingSeededAt: iso(settings?.shippingSeededAt) };
}

export async function updateShopSettings(actor: Admin, input: ShopSettingsInput): Promise<ShopSettingsDTO> {
  const before = await getShopSettings(actor);
  // An upsert: the document may not exist yet (the defaults' seeding inserts it once, lib/checkout/defaults.ts).
  await ShopSettings.updateOne({ _id: SHOP_SETTINGS_ID }, { $set: { ordersEmail: input.ordersEmail } }, { upsert: true });
  await ratesChanged();
  const after = await getShopSettings(actor);
  if (before.ordersEmail !== after.ordersEmail)
    await recordAudit(actor, {
      action: 'settings.update',
      target: { kind: 'settings', id: SHOP_SETTINGS_ID, label: 'Shop settings' },
      before: { ordersEmail: before.ordersEmail },
      after: { ordersEmail: after.ordersEmail },
    });
  return after;
}
