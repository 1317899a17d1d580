import 'server-only';
import { Types } from 'mongoose';
import { assertAdmin } from '@/lib/auth';
import { changedFields, recordAudit } from '@/lib/audit';
import { countriesOf, shippingCoverage, type CoverageGap } from '@/lib/checkout/coverage';
import { MAX_ZONES, ZONE_ORDER, type LeanZone as QuotedZone } from '@/lib/checkout/shipping';
import { connectDb } from '@/lib/platform/db';
import { NotFoundError } from '@/lib/core/errors';
import { fromCents, toCents } from '@/lib/core/money';
import type { ShippingMethodInput, ShippingZoneInput } from '@/lib/validations/checkout-admin';
import { OBJECT_ID_PATTERN } from '@/lib/core/id-pattern';
import { ShippingZone } from '@/models';
import type { ShippingZoneDoc } from '@/models/shipping';
import { type Admin, ratesChanged } from './admin-common';
import { isoOrNull as iso } from '@/lib/core/utils';

/** The admin's shipping zones, with their methods and weight bands (issue 29): weights leave in kg, prices in dollars. */

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
