import { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { DiscountCode, ShippingZone, TaxRate } from '@/models';
import type { DiscountCodeDoc } from '@/models/discount';

/** A zone with Standard (flat by weight, free from `freeOver`) and Express methods: what the tests ship with. */
export async function makeZone(
  overrides: Partial<{
    name: string;
    countries: string[];
    postcodePrefixes: string[];
    standardCents: number;
    freeOverCents: number | null;
    position: number;
  }> = {},
): Promise<{ zoneId: string; standard: string; express: string }> {
  await connectDb();
  const standard = new Types.ObjectId();
  const express = new Types.ObjectId();
  const zone = await ShippingZone.create({
    name: overrides.name ?? 'Test zone',
    countries: overrides.countries ?? ['GB'],
    postcodePrefixes: overrides.postcodePrefixes ?? [],
    position: overrides.position ?? 0,
    methods: [
      {
        _id: standard,
        label: 'Standard',
        bands: [
          { upToGrams: 5000, priceCents: overrides.standardCents ?? 600 },
          { upToGrams: null, priceCents: (overrides.standardCents ?? 600) * 2 },
        ],
        freeOverCents: overrides.freeOverCents === undefined ? 7500 : overrides.freeOverCents,
        minDays: 1,
        maxDays: 2,
      },
      {
        _id: express,
        label: 'Express',
        bands: [
          { upToGrams: 2000, priceCents: 1495 },
          { upToGrams: 20000, priceCents: 2495 },
        ],
        freeOverCents: null,
        minDays: 1,
        maxDays: 1,
      },
    ],
  });
  return { zoneId: String(zone._id), standard: String(standard), express: String(express) };
}

/** A rate in percent, with up to three decimals (8.875). */
export async function makeTaxRate(country: string, percent: number, taxShipping = false, region = '', label = 'VAT'): Promise<void> {
  await connectDb();
  await TaxRate.create({ country, region, ratePcm: Math.round(percent * 1000), taxShipping, label });
}

export async function makeCode(code: string, fields: Partial<DiscountCodeDoc> & Pick<DiscountCodeDoc, 'kind'>): Promise<void> {
  await connectDb();
  await DiscountCode.create({ code, ...fields });
}
