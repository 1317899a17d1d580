import { ratePcmOf, tableTaxService } from '@/lib/checkout/tax';
import { priceOf } from '@/lib/checkout/shipping-price';
import { computeTotals, type MoneyLine } from '@/lib/orders/money';
import { connectDb } from '@/lib/platform/db';
import { TaxRate } from '@/models';

const line = (unitCents: number, quantity = 1): MoneyLine => ({ unitCents, quantity, weightGrams: 500 });
const SHIPPING = { bands: [{ upToGrams: null, priceCents: 600 }], freeOverCents: null };

describe("New York City's 8.875%", () => {
  it('is exact to the cent under the rounding rule: per line, half up, then summed; shipping where taxed', () => {
    // $200.00 is taxed exactly $17.75 (8.87% would give $17.74, 8.88% $17.76); $100.00 is $8.875, rounded up
    // to $8.88; 3 x $19.99 is $5.3223375, $5.32; $4.00 is $0.355, $0.36; shipping $6.00 is $0.5325, $0.53.
    const totals = computeTotals([line(20_000), line(10_000), line(1_999, 3), line(400)], {
      shipping: priceOf(SHIPPING),
      tax: { ratePcm: 8_875, taxShipping: true },
      discount: null,
    });
    expect(totals).toMatchObject({ goodsCents: 36_397, shippingCents: 600, taxCents: 1_775 + 888 + 532 + 36 + 53 });
    expect(totals!.totalCents).toBe(36_397 + 600 + 3_284);
  });

  it('taxes the goods after their discount share, and not the shipping where the rate says so', () => {
    // 10% off: $180.00 and $90.00 are left, taxed $15.975 ($15.98) and $7.9875 ($7.99).
    const totals = computeTotals([line(20_000), line(10_000)], {
      shipping: priceOf(SHIPPING),
      tax: { ratePcm: 8_875, taxShipping: false },
      discount: { kind: 'percent', percent: 10 },
    });
    expect(totals).toMatchObject({ goodsDiscountCents: 3_000, taxCents: 1_598 + 799, totalCents: 27_000 + 600 + 2_397 });
  });
});

describe('the tax table', () => {
  beforeAll(async () => {
    await connectDb();
    await TaxRate.create([
      { country: 'US', region: 'NY', ratePcm: 8_875, taxShipping: true, label: 'Sales tax' },
      { country: 'US', region: 'NJ', ratePcm: 6_625, taxShipping: false, label: 'Sales tax' },
      { country: 'US', region: '', ratePcm: 0, taxShipping: false, label: 'Tax' },
      { country: 'CA', region: 'QC', ratePcm: 14_975, taxShipping: true, label: 'GST + QST' },
    ]);
    // A rate stored before rates took three decimals: basis points only.
    await TaxRate.collection.insertOne({ country: 'DE', region: '', rateBps: 1_900, taxShipping: true, label: 'VAT' });
  });

  it('applies a regional rate whatever the letter case of the region', async () => {
    for (const region of ['NY', 'ny', 'Ny', ' ny ']) {
      expect([region, await tableTaxService.rateFor({ country: 'us', postalCode: '10001', region })]).toEqual([
        region,
        { ratePcm: 8_875, taxShipping: true, label: 'Sales tax' },
      ]);
    }
    expect(await tableTaxService.rateFor({ country: 'CA', postalCode: 'H2X 1Y4', region: 'qc' })).toMatchObject({ ratePcm: 14_975 });
  });

  it("falls back to the country's rate for a region without one, and to none for a country without one", async () => {
    expect(await tableTaxService.rateFor({ country: 'US', postalCode: '97201', region: 'OR' })).toMatchObject({ ratePcm: 0 });
    expect(await tableTaxService.rateFor({ country: 'US', postalCode: '10001' })).toMatchObject({ ratePcm: 0 });
    expect(await tableTaxService.rateFor({ country: 'FR', postalCode: '75008' })).toBeNull();
  });

  it('reads a rate stored in basis points as the same rate', async () => {
    expect(await tableTaxService.rateFor({ country: 'DE', postalCode: '10115' })).toEqual({
      ratePcm: 19_000,
      taxShipping: true,
      label: 'VAT',
    });
    expect(ratePcmOf({ rateBps: 725 })).toBe(7_250);
    expect(ratePcmOf({ ratePcm: 8_875, rateBps: 888 })).toBe(8_875);
  });
});
