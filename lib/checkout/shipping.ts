import 'server-only';
import { Types } from 'mongoose';
import type { ShippingRule, WeightBand } from './shipping-price';
import { tagCatalogRead } from '@/lib/platform/cache';
import { connectDb } from '@/lib/platform/db';
import { isBuildWithoutDatabase } from '@/lib/platform/env';
import { ShippingZone } from '@/models';
import { deliveredBy } from './delivery';

/** Where the shop ships and what it costs (DESIGN.md section 6a); read-only here, edited through lib/checkout/admin.ts. */

export type Destination = { country: string; postalCode: string; region?: string | null };

export type ShippingMethod = ShippingRule & {
  id: string;
  label: string;
  minDays: number;
  maxDays: number;
  zone: string;
};

/** A zone as stored (grams, cents), as the lookup reads it. */
export type LeanZone = {
  _id: Types.ObjectId | string;
  name: string;
  countries: string[];
  postcodePrefixes: string[];
  position: number;
  methods: Array<{
    _id: Types.ObjectId | string;
    label: string;
    bands: WeightBand[];
    freeOverCents: number | null;
    minDays: number;
    maxDays: number;
    active: boolean;
  }>;
};

/** A postcode as zones compare it: upper case, without spaces or dashes ("sw1a 1aa" and "SW1A1AA" alike). */
export const postcodeKey = (postcode: string) => postcode.toUpperCase().replace(/[\s-]/g, '');

/** What deciding an address's zone reads of a zone. */
export type ZoneScope = Pick<LeanZone, 'countries' | 'postcodePrefixes'>;

/** How well a zone matches: 3 a postcode prefix of the country, 2 the country, 1 the rest of the world, 0 not at all. */
function matchRank(zone: ZoneScope, { country, postalCode }: Destination): number {
  const code = country.toUpperCase();
  if (zone.countries.includes(code)) {
    if (!zone.postcodePrefixes.length) return 2;
    const key = postcodeKey(postalCode);
    return zone.postcodePrefixes.some((prefix) => key.startsWith(postcodeKey(prefix))) ? 3 : 0;
  }
  return zone.countries.includes('*') && !zone.postcodePrefixes.length ? 1 : 0;
}

/** Expired by every change of zones, tax rates or the shop's settings (lib/checkout/admin.ts, the defaults' seeding). */
export const SHIPPING_TAG = 'shipping';

/** The order zones are tried in, and listed to admins: position, then name. */
export const ZONE_ORDER = { position: 1, name: 1, _id: 1 } as const;
/** The zones an address is matched against: the first this many in ZONE_ORDER. */
export const MAX_ZONES = 1000;

/** Every zone, cached (a handful of documents, read by every quote) as plain data under SHIPPING_TAG. */
async function readZones(): Promise<LeanZone[]> {
  'use cache';
  tagCatalogRead(SHIPPING_TAG);
  if (isBuildWithoutDatabase()) return [];
  await connectDb();
  const zones = await ShippingZone.find().sort(ZONE_ORDER).limit(MAX_ZONES).lean<LeanZone[]>();
  return JSON.parse(JSON.stringify(zones)) as LeanZone[];
}

/** The zone an address falls in: most specific match, then ZONE_ORDER; null when the shop does not ship there. */
export async function zoneFor(destination: Destination): Promise<LeanZone | null> {
  return zoneAmong(await readZones(), destination);
}

/** The zone of `zones` (in ZONE_ORDER) an address falls in, as zoneFor decides it. */
export function zoneAmong<Z extends ZoneScope>(zones: readonly Z[], destination: Destination): Z | null {
  let best: { zone: Z; rank: number } | null = null;
  for (const zone of zones) {
    const rank = matchRank(zone, destination);
    if (!rank) continue;
    if (!best || rank > best.rank) best = { zone, rank };
  }
  return best?.zone ?? null;
}

/** The active methods of the zone an address falls in (none when the shop does not ship there). */
export async function methodsFor(destination: Destination): Promise<ShippingMethod[]> {
  const zone = await zoneFor(destination);
  if (!zone) return [];
  return zone.methods
    .filter((method) => method.active)
    .map((method) => ({
      id: String(method._id),
      label: method.label,
      bands: method.bands.map((band) => ({ upToGrams: band.upToGrams ?? null, priceCents: band.priceCents })),
      freeOverCents: method.freeOverCents ?? null,
      minDays: method.minDays,
      maxDays: method.maxDays,
      zone: zone.name,
    }));
}

export type Estimate = { minDays: number; maxDays: number; by: string };

/** When an order placed at `now` arrives at the latest, by the shop's dispatch rule (lib/checkout/delivery.ts). */
export function estimateOf(method: Pick<ShippingMethod, 'minDays' | 'maxDays'>, now = new Date()): Estimate {
  return { minDays: method.minDays, maxDays: method.maxDays, by: deliveredBy(now, method.maxDays) };
}
