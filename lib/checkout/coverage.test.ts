import { shippingPrice } from './shipping-price';
import { COUNTRY_CODES } from '@/lib/validations/countries';
import { shippingCoverage, zoneReachGrams, type CoverageZone } from './coverage';

type Method = CoverageZone['methods'][number];

/** A method priced by bands ending at these weights in grams (null: any weight above). */
const method = (limits: Array<number | null>, active = true): Method => ({
  active,
  bands: limits.map((upToGrams) => ({ upToGrams })),
});
const zone = (name: string, countries: string[], methods: Method[], postcodePrefixes: string[] = []): CoverageZone => ({
  _id: `id-${name}`,
  name,
  countries,
  postcodePrefixes,
  methods,
});
const world = (methods: Method[] = [method([null])]) => zone('Rest of the world', ['*'], methods);

/** The gaps' messages, for the countries given (all of them by default). */
const messages = (zones: CoverageZone[], countries?: string[]) => shippingCoverage(zones, countries).map((gap) => gap.message);

describe('shippingCoverage: the countries, postcodes and weights with no active method', () => {
  it.each<[string, CoverageZone[], string[]]>([
    ['an open last band ships any weight', [zone('Europe', ['DE'], [method([2000, null])]), world()], []],
    [
      'bands that stop at 0.5 kg leave the heavier orders',
      [zone('Europe', ['DE'], [method([250, 500])]), world()],
      ['Germany: no active method above 0.5 kg (zone Europe)'],
    ],
    [
      'the heaviest band of any active method is the limit',
      [zone('Europe', ['DE'], [method([500]), method([2000, 30_000])]), world()],
      ['Germany: no active method above 30 kg (zone Europe)'],
    ],
    [
      'a zone with only an inactive method ships nothing',
      [zone('Europe', ['DE', 'FR'], [method([null], false)]), world()],
      ['France, Germany: no active method (zone Europe)'],
    ],
    [
      'an inactive open band does not reach past the active ones',
      [zone('Europe', ['DE'], [method([null], false), method([10_000])]), world()],
      ['Germany: no active method above 10 kg (zone Europe)'],
    ],
    ['a zone with no methods ships nothing', [zone('Europe', ['DE'], []), world()], ['Germany: no active method (zone Europe)']],
    [
      "a prefix zone's gap is only its postcodes'",
      [zone('Northern Ireland', ['GB'], [method([null], false)], ['BT']), zone('United Kingdom', ['GB'], [method([null])]), world()],
      ['United Kingdom, postcodes starting with BT: no active method (zone Northern Ireland)'],
    ],
    [
      'a country only some postcodes of which have a zone: the rest of the world takes the others',
      [zone('Leeds', ['GB'], [method([null])], ['LS']), world()],
      [],
    ],
    [
      'a country only some postcodes of which have a zone, and no rest of the world: the others are a gap',
      [zone('Leeds', ['GB'], [method([null])], ['LS', 'BD'])],
      ['France, Germany: not in any shipping zone', 'United Kingdom, postcodes not starting with BD, LS: not in any shipping zone'],
    ],
    [
      'the prefix zone wins over a country zone that stops short',
      [zone('United Kingdom', ['GB'], [method([1000])]), zone('Leeds', ['GB'], [method([null])], ['LS']), world()],
      ['United Kingdom, postcodes not starting with LS: no active method above 1 kg (zone United Kingdom)'],
    ],
    [
      "prefixes of one zone with the same gap are listed together, the rest of the country's apart",
      [zone('Islands', ['GB'], [method([2000])], ['ZE', 'HS']), zone('Highlands', ['GB'], [method([5000])], ['IV'])],
      [
        'France, Germany: not in any shipping zone',
        'United Kingdom, postcodes starting with HS, ZE: no active method above 2 kg (zone Islands)',
        'United Kingdom, postcodes starting with IV: no active method above 5 kg (zone Highlands)',
        'United Kingdom, postcodes not starting with HS, IV, ZE: not in any shipping zone',
      ],
    ],
    [
      'of two zones naming a country, the first in order decides',
      [zone('UK first', ['GB'], [method([500])]), zone('UK second', ['GB'], [method([null])]), world()],
      ['United Kingdom: no active method above 0.5 kg (zone UK first)'],
    ],
    [
      'a rest-of-the-world zone with a postcode prefix matches no address',
      [zone('Everywhere', ['*'], [method([null])], ['1'])],
      ['France, Germany, United Kingdom: not in any shipping zone'],
    ],
  ])('%s', (_name, zones, expected) => {
    expect(messages(zones, ['DE', 'FR', 'GB'])).toEqual(expected);
  });

  it("the rest of the world's gap lists its countries together, ten by name and the number of the others", () => {
    const zones = [zone('Home', ['GB'], [method([null])]), world([method([20_000])])];
    const [gap, ...others] = shippingCoverage(zones);
    expect(others).toEqual([]);
    expect(gap!.countries).toHaveLength(COUNTRY_CODES.length - 1);
    expect(gap!.countries).not.toContain('GB');
    expect(gap).toMatchObject({ postcodes: null, zone: 'Rest of the world', zoneId: 'id-Rest of the world', aboveKg: 20 });
    expect(gap!.message).toBe(
      'Afghanistan, Åland Islands, Albania, Algeria, American Samoa, Andorra, Angola, Anguilla, Antarctica, Antigua & Barbuda ' +
        `and ${COUNTRY_CODES.length - 11} more: no active method above 20 kg (zone Rest of the world)`,
    );
  });

  it('no zone at all: every country of the list is one gap', () => {
    expect(shippingCoverage([])).toEqual([expect.objectContaining({ zone: null, zoneId: null, aboveKg: 0, postcodes: null })]);
    expect([...shippingCoverage([])[0]!.countries].sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it("agrees with the checkout's pricing: the last weight a gap leaves is priced, one gram more is not", () => {
    const methods = [method([250, 500]), method([100]), method([null], false)];
    const reach = zoneReachGrams(zone('Europe', ['DE'], methods));
    expect(reach).toBe(500);
    const priced = (grams: number) =>
      methods
        .filter((m) => m.active)
        .some((m) => shippingPrice({ bands: m.bands.map((b) => ({ ...b, priceCents: 100 })), freeOverCents: null }, grams, 0) !== null);
    expect(priced(reach)).toBe(true);
    expect(priced(reach + 1)).toBe(false);
  });
});
