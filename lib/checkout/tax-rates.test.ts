import { connectDb } from '@/lib/platform/db';
import { TaxRate } from '@/models';
import { withEnv } from '@/tests/helpers/env';
import { tableTaxService, taxService, useTaxService, type TaxService } from './tax';

/** The shop's own tax table (lib/checkout/tax.ts): a region's rate, else its country's, else none. */

beforeAll(async () => {
  await connectDb();
  await TaxRate.create([
    { country: 'GB', region: '', ratePcm: 20000, taxShipping: true, label: 'VAT' },
    { country: 'US', region: '', ratePcm: 0, taxShipping: false },
    { country: 'US', region: 'CA', ratePcm: 7250, taxShipping: false, label: 'Sales tax' },
    { country: 'US', region: 'NY', ratePcm: 4000, taxShipping: true, label: 'Sales tax' },
    { country: 'CA', region: 'ON', ratePcm: 13000, taxShipping: true, label: 'HST' },
  ]);
  // Stored without a region or a label, as an older document may be.
  await TaxRate.collection.insertOne({ country: 'DE', region: null, rateBps: 1900, taxShipping: true, label: null });
});

const rateFor = (country: string, region?: string | null) => tableTaxService.rateFor({ country, postalCode: '00000', region });

describe('the tax table', () => {
  it("gives a country's rate, with its label and whether shipping is taxed", async () => {
    expect(await rateFor('GB')).toEqual({ ratePcm: 20000, taxShipping: true, label: 'VAT' });
    expect(await rateFor('gb', 'Yorkshire')).toEqual({ ratePcm: 20000, taxShipping: true, label: 'VAT' });
  });

  it("gives a region's own rate over its country's; a region without one pays the country's", async () => {
    expect(await rateFor('US', 'CA')).toEqual({ ratePcm: 7250, taxShipping: false, label: 'Sales tax' });
    expect(await rateFor('US', 'NY')).toEqual({ ratePcm: 4000, taxShipping: true, label: 'Sales tax' });
    expect(await rateFor('US', 'OR')).toEqual({ ratePcm: 0, taxShipping: false, label: 'Tax' });
    expect(await rateFor('US', null)).toEqual({ ratePcm: 0, taxShipping: false, label: 'Tax' });
    expect(await rateFor('US', '')).toEqual({ ratePcm: 0, taxShipping: false, label: 'Tax' });
  });

  it("reads a region with spaces around as the region, and a rate stored without a region as the country's", async () => {
    expect(await rateFor('US', '  CA ')).toMatchObject({ ratePcm: 7250 });
    expect(await rateFor('DE', 'Berlin')).toEqual({ ratePcm: 19000, taxShipping: true, label: 'Tax' });
  });

  it('gives no rate during a build without a database', async () => {
    await withEnv({ NEXT_PHASE: 'phase-production-build', VERCEL: undefined }, async () => {
      expect(await rateFor('GB')).toBeNull();
    });
  });

  it('gives no rate where neither the region nor the country has one', async () => {
    expect(await rateFor('FR')).toBeNull();
    // Ontario's rate is no rate for the rest of Canada, nor for a region of that name elsewhere.
    expect(await rateFor('CA', 'QC')).toBeNull();
    expect(await rateFor('CA')).toBeNull();
    expect(await rateFor('US', 'ON')).toEqual({ ratePcm: 0, taxShipping: false, label: 'Tax' });
  });

  it('can be replaced by another tax service, as a hosted one would be', async () => {
    const flat: TaxService = { rateFor: async () => ({ ratePcm: 10000, taxShipping: false, label: 'Flat' }) };
    expect(taxService()).toBe(tableTaxService);
    useTaxService(flat);
    try {
      expect(await taxService().rateFor({ country: 'FR', postalCode: '75001' })).toMatchObject({ ratePcm: 10000 });
    } finally {
      useTaxService(tableTaxService);
    }
  });
});
