import 'server-only';
import { expireCacheTags } from '@/lib/platform/cache';
import { SHIPPING_TAG } from '@/lib/checkout/shipping';
import { Types } from 'mongoose';
import { SHOP_SETTINGS_ID } from '@/lib/checkout/settings';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import { REST_OF_WORLD } from '@/lib/validations/checkout-admin';
import { JobMark, ShippingZone, ShopSettings, TaxRate } from '@/models';

const SEED_CLAIM = 'default-shipping-seeded';

/** Starting zones and tax rates, keeping the shop's published promises (content/legal.ts, components/home/perks.tsx);
 * owners must replace them (docs/operations.md). */

const FREE_OVER_CENTS = 7_500;

/** Express by weight: up to 2 kg, up to 10 kg, heavier. */
const express = (cents: [number, number, number], minDays: number, maxDays: number) => ({
  label: 'Express',
  bands: [
    { upToGrams: 2_000, priceCents: cents[0] },
    { upToGrams: 10_000, priceCents: cents[1] },
    { upToGrams: null, priceCents: cents[2] },
  ],
  freeOverCents: null,
  minDays,
  maxDays,
  active: true,
});

const standard = (cents: number, minDays: number, maxDays: number) => ({
  label: 'Standard',
  bands: [{ upToGrams: null, priceCents: cents }],
  freeOverCents: FREE_OVER_CENTS,
  minDays,
  maxDays,
  active: true,
});

const EUROPE = [
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT'],
  ...['NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'NO', 'CH', 'IS', 'LI', 'AD', 'MC', 'SM', 'VA', 'GI', 'FO', 'AL'],
  ...['BA', 'ME', 'MK', 'RS', 'MD', 'UA', 'IM', 'JE', 'GG', 'AX'],
];

/** Fixed ids: two instances seeding at the same moment write the same documents, never two sets. */
export const DEFAULT_ZONES = [
  {
    _id: new Types.ObjectId('5eedc0de0000000000000001'),
    name: 'United Kingdom',
    countries: ['GB'],
    postcodePrefixes: [],
    position: 0,
    methods: [standard(600, 1, 2), express([1_200, 1_800, 3_000], 1, 1)],
  },
  {
    _id: new Types.ObjectId('5eedc0de0000000000000002'),
    name: 'Europe',
    countries: EUROPE,
    postcodePrefixes: [],
    position: 1,
    methods: [standard(1_500, 3, 5), express([3_500, 5_000, 8_000], 1, 2)],
  },
  {
    _id: new Types.ObjectId('5eedc0de0000000000000003'),
    name: 'Rest of the world',
    countries: [REST_OF_WORLD],
    postcodePrefixes: [],
    position: 2,
    methods: [standard(1_500, 5, 10), express([4_500, 7_000, 12_000], 2, 4)],
  },
];

/** VAT, which also applies to the delivery charge. US states are left to the owner (sales tax depends on nexus). */
export const DEFAULT_TAX_RATES = [
  { country: 'GB', ratePcm: 20_000 },
  { country: 'IE', ratePcm: 23_000 },
  { country: 'FR', ratePcm: 20_000 },
  { country: 'DE', ratePcm: 19_000 },
  { country: 'NL', ratePcm: 21_000 },
  { country: 'ES', ratePcm: 21_000 },
  { country: 'IT', ratePcm: 22_000 },
].map((rate) => ({ ...rate, region: '', taxShipping: true, label: 'VAT' }));

/** Inserts documents, leaving alone those that already exist (same id or unique key). */
export async function insertMissing(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    // insertMany with ordered: false goes on past duplicates and reports them at the end.
    const writeErrors = (error as { writeErrors?: Array<{ code?: number; err?: { code?: number } }> }).writeErrors;
    const onlyDuplicates = writeErrors?.every((item) => (item.code ?? item.err?.code) === 11000);
    if (!isDuplicateKey(error) && !onlyDuplicates) throw error;
  }
}

async function seedDefaults(): Promise<void> {
  await insertMissing(() => ShippingZone.insertMany(DEFAULT_ZONES, { ordered: false }));
  await insertMissing(() => TaxRate.insertMany(DEFAULT_TAX_RATES, { ordered: false }));
  await expireCacheTags([SHIPPING_TAG]);
}

/** Seeds defaults once per database (shippingSeededAt keeps deletions deleted); the unique insert of settings `_id: 'shop'`
 * picks one seeder among instances, and fixed ids stop duplicates. Answers whether it seeded. */
export async function ensureDefaultShipping(): Promise<boolean> {
  await connectDb();
  try {
    await ShopSettings.create({ _id: SHOP_SETTINGS_ID, shippingSeededAt: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // The settings exist: seeded already, or saved by an admin before any seeding. Then a unique insert
    // claims the seeding (a conditional update is no lock on FerretDB v1: two could both match).
    const settings = await ShopSettings.findById(SHOP_SETTINGS_ID, { shippingSeededAt: 1 }).lean();
    if (settings?.shippingSeededAt) return false;
    try {
      await JobMark.create({ _id: SEED_CLAIM, upTo: new Date() });
    } catch (claimError) {
      if (isDuplicateKey(claimError)) return false;
      throw claimError;
    }
    await ShopSettings.updateOne({ _id: SHOP_SETTINGS_ID }, { $set: { shippingSeededAt: new Date() } });
  }
  await seedDefaults();
  return true;
}
