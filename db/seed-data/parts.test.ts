import { seedParts } from '@/db/seed-data/parts';

// Parts sold one at a time that are replaced two to an axle by nature: the demo's only minimums above 1.
const AXLE_PAIRS = [
  'Vented Front Brake Rotor 300 mm',
  'Solid Rear Brake Rotor 272 mm',
  'Twin-Tube Gas Shock Absorber',
  'Monotube Front Shock Absorber',
  'Front Stabilizer Bar Link',
];

describe('the demo catalog', () => {
  it('asks for more than one unit only of parts sold singly and replaced in axle pairs', () => {
    const withMinimum = seedParts.filter((part) => part.minimumQuantity > 1);
    expect(withMinimum.map((part) => part.name).sort()).toEqual([...AXLE_PAIRS].sort());
    for (const part of withMinimum) {
      expect(part.minimumQuantity).toBe(2);
      expect(part.unit).toBeUndefined();
      // Its own description says why.
      expect(part.description).toMatch(/pairs|both .* together|axle pairs/i);
    }
  });

  it('sells a set, a pair or a kit as one unit, named so, with a minimum of 1', () => {
    for (const part of seedParts) {
      const named = /\bSet\b/.test(part.name) ? 'set' : /\bPair\b/.test(part.name) ? 'pair' : /\bKit\b/.test(part.name) ? 'kit' : undefined;
      expect({ name: part.name, unit: part.unit }).toEqual({ name: part.name, unit: named });
      if (named) expect(part.minimumQuantity).toBe(1);
    }
    expect(seedParts.filter((part) => part.unit === 'set').map((part) => part.name)).toContain('Ceramic Front Brake Pad Set');
    expect(seedParts.filter((part) => part.unit === 'pair').length).toBeGreaterThan(0);
  });

  it('never asks for a minimum above the stock it starts with (an out-of-stock part aside)', () => {
    for (const part of seedParts.filter((part) => part.stock > 0)) expect(part.stock).toBeGreaterThanOrEqual(part.minimumQuantity);
  });
});
