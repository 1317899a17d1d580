import 'server-only';
import type { TaxRule } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { TaxRate } from '@/models';
import { SHIPPING_TAG, type Destination } from './shipping';
import { tagCatalogRead } from '@/lib/platform/cache';
import { isBuildWithoutDatabase } from '@/lib/platform/env';

/** A tax rate for an address, and what it is called on a receipt ("VAT"). */
export type AppliedTax = TaxRule & { label: string };

/** One interface for tax rates, so a tax service can replace the shop's table without touching quote, checkout or money rules. */
export interface TaxService {
  rateFor(destination: Destination): Promise<AppliedTax | null>;
}

type StoredRate = { country: string; region: string; ratePcm: number; taxShipping: boolean; label?: string | null };

/** A stored rate in thousandths of a percent, whether it was stored so or in basis points before (models/shipping.ts). */
export const ratePcmOf = (rate: { ratePcm?: number | null; rateBps?: number | null }) => rate.ratePcm ?? (rate.rateBps ?? 0) * 10;

/** Every rate, cached as plain data under the shipping tag (lib/checkout/admin.ts expires it on a change). */
async function readRates(): Promise<StoredRate[]> {
  'use cache';
  tagCatalogRead(SHIPPING_TAG);
  if (isBuildWithoutDatabase()) return [];
  await connectDb();
  const rates = await TaxRate.find({}, { country: 1, region: 1, ratePcm: 1, rateBps: 1, taxShipping: 1, label: 1 }).limit(5000).lean();
  return rates.map((rate) => ({
    country: rate.country,
    region: rate.region ?? '',
    ratePcm: ratePcmOf(rate),
    taxShipping: rate.taxShipping,
    label: rate.label ?? 'Tax',
  }));
}

/** The shop's own table (models/shipping.ts TaxRate): a region's rate, else its country's, else none. */
export const tableTaxService: TaxService = {
  async rateFor({ country, region }) {
    const code = country.toUpperCase();
    const regionKey = (region ?? '').trim().toUpperCase();
    const rates = (await readRates()).filter((candidate) => candidate.country === code);
    const rate =
      rates.find((candidate) => candidate.region === regionKey && regionKey) ?? rates.find((candidate) => candidate.region === '');
    return rate ? { ratePcm: rate.ratePcm, taxShipping: rate.taxShipping, label: rate.label ?? 'Tax' } : null;
  },
};

let service: TaxService = tableTaxService;

export const taxService = (): TaxService => service;

/** Replaces the tax source (a tax service's adapter at start, or a test's). */
export function useTaxService(next: TaxService): void {
  service = next;
}
