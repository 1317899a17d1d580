import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryName } from './countries';

/** Postcodes per country (postcode-validator's formats; client-safe); others keep lib/validations/checkout.ts's generic rule. */

/** One postcode of each country with a format, shown in the message that refuses another. */
export const POSTCODE_EXAMPLES: Readonly<Record<string, string>> = Object.fromEntries(
  `
  AD AD500, AF 1001, AI AI-2640, AL 1001, AM 0010, AR C1425, AS 96799, AT 1010, AU 2000, AX 22100, AZ 1000,
  BA 71000, BB BB11000, BD 1000, BE 1000, BG 1000, BH 317, BL 97133, BM HM 11, BN BS 8811, BR 01310-100, BT 11001,
  BY 220030, CC 6799, CH 8001, CK 1000, CL 8320000, CN 100000, CO 110111, CR 10101, CU 10400, CV 7600, CX 6798,
  CY 1010, CZ 110 00, DE 10115, DK 1050, DO 10101, DZ 16000, EC 170150, EE 10111, EG 11511, EH 70000, ES 28013,
  ET 1000, FI 00100, FK FIQQ 1ZZ, FM 96941, FO 100, FR 75008, GE 0105, GF 97300, GG GY1 1AA, GI GX11 1AA, GL 3900,
  GN 001, GP 97110, GR 105 57, GS SIQQ 1ZZ, GT 01001, GU 96910, GW 1000, HM 7151, HN 11101, HR 10000, HT 6110,
  HU 1051, ID 10110, IE D02 X285, IL 6100000, IM IM1 1AA, IN 110001, IO BBND 1ZZ, IQ 10001, IR 11369-14111, IS 101,
  IT 00184, JE JE2 3AB, JO 11118, JP 100-0001, KE 00100, KG 720001, KH 12000, KR 03051, KW 13001, KY KY1-1102,
  KZ 010000, LA 01000, LB 1107 2810, LI 9490, LK 00100, LR 1000, LS 100, LT 01100, LU 1009, LV LV-1050, MA 10000,
  MC 98000, MD 2001, ME 81000, MF 97150, MG 101, MH 96960, MK 1000, MM 11181, MN 14200, MP 96950, MQ 97200,
  MT VLT 1117, MU 11302, MV 20026, MX 06600, MY 50450, MZ 1100, NA 10005, NC 98800, NE 8001, NF 2899, NG 100001,
  NI 110-000, NL 1011 AB, NO 0150, NP 44600, NZ 6011, OM 100, PA 0801, PE 15001, PF 98714, PG 111, PH 1000,
  PK 44000, PL 00-950, PM 97500, PN PCRN 1ZZ, PR 00901, PT 1000-001, PW 96940, PY 1209, RE 97400, RO 010011,
  RS 11000, RU 101000, SA 11564, SD 11111, SE 114 55, SG 018956, SH STHL 1ZZ, SI 1000, SJ 9170, SK 811 01,
  SM 47890, SN 10200, SO 10101, SV CP 1101, SZ H100, TC TKCA 1ZZ, TH 10200, TJ 734000, TM 744000, TN 1000,
  TR 06100, TW 100, TZ 11101, UA 01001, UM 96898, UY 11000, UZ 100000, VA 00120, VC VC0100, VE 1010, VG VG1110,
  VI 00802, VN 100000, WF 98600, YT 97600, ZA 2001, ZM 10101, US 12345, GB SW1A 1AA, CA K1A 0B1`
    .split(',')
    .map((entry) => entry.trim())
    .map((entry) => [entry.slice(0, 2), entry.slice(3)]),
);

/** The countries whose postcodes have a name and an example of their own. */
const NAMED: Record<string, string> = {
  US: 'Enter a US ZIP code like 12345 or 12345-6789',
  GB: 'Enter a UK postcode like SW1A 1AA',
  CA: 'Enter a Canadian postal code like K1A 0B1',
};

/** A postcode as the shop keeps it: upper case, spaces trimmed and single ("sw1a  1aa" is "SW1A 1AA"). */
export const normalizePostcode = (postcode: string) => postcode.trim().replace(/\s+/g, ' ').toUpperCase();

/** Whether the country has a postcode format this module checks. */
export const hasPostcodeFormat = (country: string) => postcodeValidatorExistsForCountry(country.toUpperCase());

/** The message that refuses a postcode of the country, naming the format expected. */
export function postcodeFormatMessage(country: string): string {
  const code = country.toUpperCase();
  const example = POSTCODE_EXAMPLES[code];
  return NAMED[code] ?? (example ? `Enter a postcode for ${countryName(code)} like ${example}` : 'Postcode has characters it cannot have');
}

/** Why a postcode of the right format is refused: no region has it (a US ZIP prefix not in use, lib/validations/regions.ts). */
export function unusedPostcodeMessage(country: string, postcode: string): string {
  const format = postcodeFormatMessage(country);
  return `${postcode} is not in use: ${format.charAt(0).toLowerCase()}${format.slice(1)}`;
}

/** Whether a (normalized) postcode has its country's format; true where the country has none to check. */
export function isPostcodeOf(country: string, postcode: string): boolean {
  const code = country.toUpperCase();
  return !hasPostcodeFormat(code) || postcodeValidator(normalizePostcode(postcode), code);
}
