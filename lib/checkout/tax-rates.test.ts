import { connectDb } from '@/lib/platform/db';
import { TaxRate } from '@/models';
import { withEnv } from '@/tests/helpers/env';
import { tableTaxService, taxService, useTaxService, type TaxService } from './tax';

/** The shop's own tax table (lib/checkout/tax.ts): a region's rate, else its country's, else none. */

beforeAll(async () => {
  await connectDb();
  await TaxRate.create([
    { country: 'GB', region: '', rateBps: 2000, taxShipping: true, label: 'VAT' },
    { country: 'US', region: '', rateBps: 0, taxShipping: false },
    { country: 'US', region: 'CA', rateBps: 725, taxShipping: false, label: 'Sales tax' },
    { country: 'US', region: 'NY', rateBps: 400, taxShipping: true, label: 'Sales tax' },
    { country: 'CA', region: 'ON', rateBps: 1300, taxShipping: true, label: 'HST' },
  ]);
  // Stored without a region or a label, as an older document may be.
  await TaxRate.collection.insertOne({ country: 'DE', region: null, rateBps: 1900, taxShipping: true, label: null });
});

const rateFor = (country: string, region?: string | null) => tableTaxService.rateFor({ country, postalCode: '00000', region });

describe('the tax table', () => {
  it("gives a country's rate, with its label and whether shipping is taxed", async () => {
    expect(await rateFor('GB')).toEqual({ rateBps: 2000, taxShipping: true, label: 'VAT' });
    expect(await rateFor('gb', 'Yorkshire')).toEqual({ rateBps: 2000, taxShipping: true, label: 'VAT' });
  });

  it("gives a region's own rate over its country's; a region without one pays the country's", async () => {
    expect(await rateFor('US', 'CA')).toEqual({ rateBps: 725, taxShipping: false, label: 'Sales tax' });
    expect(await rateFor('US', 'NY')).toEqual({ rateBps: 400, taxShipping: true, label: 'Sales tax' });
    expect(await rateFor('US', 'OR')).toEqual({ rateBps: 0, taxShipping: false, label: 'Tax' });
    expect(await rateFor('US', null)).toEqual({ rateBps: 0, taxShipping: false, label: 'Tax' });
    expect(await rateFor('US', '')).toEqual({ rateBps: 0, taxShipping: false, label: 'Tax' });
  });

  it("reads a region with spaces around as the region, and a rate stored without a region as the country's", async () => {
    expect(await rateFor('US', '  CA ')).toMatchObject({ rateBps: 725 });
    expect(await rateFor('DE', 'Berlin')).toEqual({ rateBps: 1900, taxShipping: true, label: 'Tax' });
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
    expect(await rateFor('US', 'ON')).toEqual({ rateBps: 0, taxShipping: false, label: 'Tax' });
  });

  it('can be replaced by another tax service, as a hosted one would be', async () => {
    const flat: TaxService = { rateFor: async () => ({ rateBps: 1000, taxShipping: false, label: 'Flat' }) };
    expect(taxService()).toBe(tableTaxService);
    useTaxService(flat);
    try {
      expect(await taxService().rateFor({ country: 'FR', postalCode: '75001' })).toMatchObject({ rateBps: 1000 });
    } finally {
      useTaxService(tableTaxService);
    }
  });
});
