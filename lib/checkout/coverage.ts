import { COUNTRY_CODES, countryName } from '@/lib/validations/countries';
import { postcodeKey, zoneAmong, type ZoneScope } from '@/lib/checkout/shipping';
import { REST_OF_WORLD } from '@/lib/validations/checkout-admin';

/** Where the shop cannot ship, decided by the checkout's own lookup (zoneAmong) and band rule (shippingPrice). */

/** What the check reads of a zone (stored form: grams), in ZONE_ORDER. */
export type CoverageZone = ZoneScope & {
  _id: unknown;
  name: string;
  methods: ReadonlyArray<{ active: boolean; bands: ReadonlyArray<{ upToGrams: number | null }> }>;
};

export type CoverageGap = {
  /** ISO codes of the countries with this same gap. */
  countries: string[];
  /** null: every postcode; else those starting with one of `prefixes`, or (`except`) with none of them. */
  postcodes: { prefixes: string[]; except: boolean } | null;
  /** The zone these addresses fall in (its name and id); null: none. */
  zone: string | null;
  zoneId: string | null;
  /** No active method for orders heavier than this (0: for any order). */
  aboveKg: number;
  /** "Germany: no active method above 0.5 kg (zone Europe)" */
  message: string;
};

/** Country names a message lists before "and N more". */
const NAMES_SHOWN = 10;

/** The heaviest order a zone's active methods price, in grams (Infinity: any weight; 0: none). */
export function zoneReachGrams(zone: CoverageZone | null): number {
  let reach = 0;
  for (const method of zone?.methods ?? []) {
    if (!method.active) continue;
    for (const band of method.bands) reach = Math.max(reach, band.upToGrams ?? Infinity);
  }
  return reach;
}

type Row = Omit<CoverageGap, 'message' | 'countries'> & { country: string };
type Reach = Pick<CoverageGap, 'zone' | 'zoneId' | 'aboveKg'>;

/** Where an address's zone stops shipping, or null when it ships any weight there. */
function gapAt(zones: readonly CoverageZone[], country: string, postalCode: string): Reach | null {
  const zone = zoneAmong(zones, { country, postalCode });
  const reach = zoneReachGrams(zone);
  if (reach === Infinity) return null;
  return { zone: zone?.name ?? null, zoneId: zone ? String(zone._id) : null, aboveKg: reach / 1000 };
}

/** A country's gaps: each postcode prefix any zone names for it, then every other postcode. */
function countryRows(zones: readonly CoverageZone[], country: string): Row[] {
  const named = zones.filter((zone) => zone.countries.includes(country)).flatMap((zone) => zone.postcodePrefixes.map(postcodeKey));
  const prefixes = [...new Set(named)].sort();
  const rows: Row[] = [];
  for (const prefix of prefixes) {
    const gap = gapAt(zones, country, prefix);
    if (!gap) continue;
    const same = rows.find((row) => row.zoneId === gap.zoneId && row.aboveKg === gap.aboveKg);
    if (same) same.postcodes!.prefixes.push(prefix);
    else rows.push({ ...gap, country, postcodes: { prefixes: [prefix], except: false } });
  }
  // No prefix starts an empty postcode: it stands for every postcode the prefixes leave.
  const rest = gapAt(zones, country, '');
  if (rest) rows.push({ ...rest, country, postcodes: prefixes.length ? { prefixes, except: true } : null });
  return rows;
}

function placeOf(gap: Omit<CoverageGap, 'message'>): string {
  const names = gap.countries.map(countryName);
  const listed =
    names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more` : names.join(', ');
  if (!gap.postcodes) return listed;
  return `${listed}, postcodes ${gap.postcodes.except ? 'not ' : ''}starting with ${gap.postcodes.prefixes.join(', ')}`;
}

function gapMessage(gap: Omit<CoverageGap, 'message'>): string {
  if (gap.zone === null) return `${placeOf(gap)}: not in any shipping zone`;
  const weights = gap.aboveKg > 0 ? ` above ${gap.aboveKg} kg` : '';
  return `${placeOf(gap)}: no active method${weights} (zone ${gap.zone})`;
}

/** The gaps in the shop's shipping; countries with the same gap are grouped, a country's postcode prefixes listed on their own. */
export function shippingCoverage(zones: readonly CoverageZone[], countries: readonly string[] = COUNTRY_CODES): CoverageGap[] {
  const gaps: Array<Omit<CoverageGap, 'message'>> = [];
  const byName = [...countries].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  for (const country of byName) {
    for (const { country: code, ...row } of countryRows(zones, country)) {
      const same = !row.postcodes && gaps.find((gap) => !gap.postcodes && gap.zoneId === row.zoneId && gap.aboveKg === row.aboveKg);
      if (same) same.countries.push(code);
      else gaps.push({ ...row, countries: [code] });
    }
  }
  return gaps.map((gap) => ({ ...gap, message: gapMessage(gap) }));
}

/** The countries a zone names (every country for the rest of the world): those a change of it may leave without shipping. */
export function countriesOf(zone: Pick<ZoneScope, 'countries'>): readonly string[] {
  return zone.countries.includes(REST_OF_WORLD) ? COUNTRY_CODES : zone.countries;
}
