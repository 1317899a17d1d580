import { connectDb } from '@/lib/platform/db';
import { ShippingZone } from '@/models';
import { withEnv } from '@/tests/helpers/env';
import { DEFAULT_WEIGHT_GRAMS } from '@/lib/catalog/weight';
import { estimateOf, methodsFor, zoneFor, type Destination } from './shipping';
import { weightGramsOf } from '@/lib/catalog/weight';

/**
 * The zone an address falls in (lib/checkout/shipping.ts): the most specific that matches (a postcode
 * prefix of the country, then the country, then the rest of the world), whatever the zones' positions;
 * among zones as specific, the lower position. A postcode matches whatever its case, spaces or dashes.
 */

type ZoneSpec = { name: string; countries: string[]; postcodePrefixes?: string[]; position: number };

async function zones(...specs: ZoneSpec[]): Promise<void> {
  await connectDb();
  await ShippingZone.deleteMany({});
  await ShippingZone.create(
    specs.map((spec) => ({
      postcodePrefixes: [],
      ...spec,
      methods: [{ label: `${spec.name} post`, bands: [{ upToGrams: null, priceCents: 500 }], minDays: 1, maxDays: 3 }],
    })),
  );
}

const nameFor = async (destination: Destination) => (await zoneFor(destination))?.name ?? null;

const WORLD = { name: 'World', countries: ['*'] };
const UK = { name: 'United Kingdom', countries: ['GB', 'IE'] };
const LONDON = { name: 'Central London', countries: ['GB'], postcodePrefixes: ['sw1a', 'EC-1'] };

describe('the zone of an address', () => {
  // Each order of the three zones: the most specific first, last, and in the middle.
  it.each([
    [0, 1, 2],
    [2, 1, 0],
    [1, 2, 0],
    [2, 0, 1],
  ])('is the most specific one whatever the positions (world %i, country %i, postcode %i)', async (world, country, postcode) => {
    await zones({ ...WORLD, position: world }, { ...UK, position: country }, { ...LONDON, position: postcode });
    expect(await nameFor({ country: 'GB', postalCode: 'SW1A 1AA' })).toBe('Central London');
    expect(await nameFor({ country: 'GB', postalCode: 'EC1A 1BB' })).toBe('Central London');
    expect(await nameFor({ country: 'GB', postalCode: 'LS1 4AB' })).toBe('United Kingdom');
    expect(await nameFor({ country: 'IE', postalCode: 'D02 X285' })).toBe('United Kingdom');
    expect(await nameFor({ country: 'FR', postalCode: '75001' })).toBe('World');
    // A prefix of another country's zone is no match: SW1A is a London postcode only in GB.
    expect(await nameFor({ country: 'FR', postalCode: 'SW1A 1AA' })).toBe('World');
  });

  it.each(['SW1A 1AA', 'sw1a 1aa', 'Sw1A1aA', 'SW1A-1AA', ' sw1a - 1aa', 'ec1a1bb', 'EC1-A 1BB'])(
    'matches a postcode prefix whatever the case, spaces or dashes: %s',
    async (postalCode) => {
      await zones({ ...UK, position: 0 }, { ...LONDON, position: 1 });
      expect(await nameFor({ country: 'GB', postalCode })).toBe('Central London');
    },
  );

  it('matches a country whatever its case, and none where the shop does not ship', async () => {
    await zones({ ...UK, position: 0 });
    expect(await nameFor({ country: 'gb', postalCode: 'LS1 4AB' })).toBe('United Kingdom');
    expect(await nameFor({ country: 'FR', postalCode: '75001' })).toBeNull();
    expect(await methodsFor({ country: 'FR', postalCode: '75001' })).toEqual([]);
    // A postcode zone alone does not take the rest of its country.
    await zones({ ...LONDON, position: 0 });
    expect(await nameFor({ country: 'GB', postalCode: 'LS1 4AB' })).toBeNull();
  });

  it.each([
    [1, 2, 'Westminster'],
    [2, 1, 'SW'],
  ])('among zones as specific, is the one of the lower position (Westminster %i, SW %i): %s', async (westminster, sw, winner) => {
    await zones(
      { name: 'Westminster', countries: ['GB'], postcodePrefixes: ['SW1A'], position: westminster },
      { name: 'SW', countries: ['GB'], postcodePrefixes: ['SW'], position: sw },
      { ...UK, position: 0 },
    );
    expect(await nameFor({ country: 'GB', postalCode: 'SW1A 2AA' })).toBe(winner);
    await zones({ ...UK, position: westminster }, { name: 'Britain', countries: ['GB'], position: sw });
    expect(await nameFor({ country: 'GB', postalCode: 'LS1 4AB' })).toBe(winner === 'SW' ? 'Britain' : 'United Kingdom');
  });

  it("offers the zone's active methods, with their bands, threshold and days", async () => {
    await zones({ ...UK, position: 0 });
    await ShippingZone.updateOne(
      {},
      {
        $push: {
          methods: {
            label: 'Express',
            bands: [{ upToGrams: 2000, priceCents: 1495 }],
            freeOverCents: 10_000,
            minDays: 1,
            maxDays: 1,
            active: true,
          },
        },
      },
    );
    await ShippingZone.updateOne({}, { $push: { methods: { label: 'Retired', bands: [], minDays: 1, maxDays: 9, active: false } } });
    const methods = await methodsFor({ country: 'GB', postalCode: 'LS1 4AB' });
    expect(methods.map((method) => method.label)).toEqual(['United Kingdom post', 'Express']);
    expect(methods[1]).toMatchObject({
      bands: [{ upToGrams: 2000, priceCents: 1495 }],
      freeOverCents: 10_000,
      minDays: 1,
      maxDays: 1,
      zone: 'United Kingdom',
      id: expect.stringMatching(/^[a-f\d]{24}$/),
    });
    expect(methods[0]).toMatchObject({ bands: [{ upToGrams: null, priceCents: 500 }], freeOverCents: null, maxDays: 3 });
  });
});

describe("a part's shipping weight", () => {
  it('is its weight in grams, rounded, or the default where it has none', () => {
    expect(weightGramsOf({ weightKg: 1.2345 })).toBe(1235);
    expect(weightGramsOf({ weightKg: 0 })).toBe(0);
    expect(weightGramsOf({ weightKg: null })).toBe(DEFAULT_WEIGHT_GRAMS);
    expect(weightGramsOf({})).toBe(1000);
  });
});

describe('a delivery estimate', () => {
  it("carries the method's days and the latest date of arrival, no sooner than its longest time in days", () => {
    // A Wednesday morning, before the 14:00 dispatch (lib/checkout/delivery): two business days later is Friday.
    const wednesday = new Date('2025-06-11T09:30:00.000Z');
    expect(estimateOf({ minDays: 1, maxDays: 2 }, wednesday)).toEqual({ minDays: 1, maxDays: 2, by: '2025-06-13' });
    for (const maxDays of [1, 3, 4]) {
      const by = Date.parse(estimateOf({ minDays: 1, maxDays }, wednesday).by);
      const days = Math.round((by - Date.parse('2025-06-11')) / 86_400_000);
      // Within one weekend of its calendar days.
      expect(days).toBeGreaterThanOrEqual(maxDays);
      expect(days).toBeLessThanOrEqual(maxDays + 2);
    }
  });
});

describe('during a build without a database', () => {
  it('finds no zone, and reads nothing', async () => {
    await zones({ ...UK, position: 0 });
    await withEnv({ NEXT_PHASE: 'phase-production-build', VERCEL: undefined }, async () => {
      expect(await zoneFor({ country: 'GB', postalCode: 'LS1 4AB' })).toBeNull();
    });
    expect(await nameFor({ country: 'GB', postalCode: 'LS1 4AB' })).toBe('United Kingdom');
  });
});
