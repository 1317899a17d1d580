// Offline VIN checks and decoding (check digit, model year, maker). Pure: no database, no network, no Next.

export type VinMakeEntry = { make: string; wmi: readonly string[] };

export type VinErrorCode = 'length' | 'characters' | 'check-digit';

export type VinDecodeResult =
  | {
      ok: true;
      vin: string;
      wmi: string;
      make: string | null;
      /** Null when a VIN from outside North America and China leaves the model year out (position 10 is filler). */
      modelYear: number | null;
      candidateYears: number[];
    }
  | { ok: false; code: VinErrorCode; message: string };

export const VIN_LENGTH = 17;

// Values of the letters in the North American check-digit sum (I, O and Q are never used in a VIN).
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

// Position 9 weighs 0: it is the check digit itself.
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

// Position-10 codes in their earliest (1980-2009) cycle; the same code comes back every 30 years.
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_CYCLE_YEAR = 1980;
const YEAR_CYCLE = 30;

const ORDINALS = ['1st', '2nd', '3rd'];

function ordinal(position: number): string {
  return ORDINALS[position - 1] ?? `${position}th`;
}

/** Trims, removes spaces and dashes, and upper-cases what the user typed. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

function charValue(char: string): number | undefined {
  if (/^[0-9]$/.test(char)) return Number(char);
  return TRANSLITERATION[char];
}

/** North American check digit of a normalised 17-character VIN (position 9 ignored); RangeError for an invalid VIN. */
export function vinCheckDigit(vin17: string): string {
  if (vin17.length !== VIN_LENGTH) throw new RangeError(`A VIN has ${VIN_LENGTH} characters; got ${vin17.length}.`);
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index++) {
    const char = vin17.charAt(index);
    const value = charValue(char);
    if (value === undefined) throw new RangeError(`Character "${char}" at position ${index + 1} is not allowed in a VIN.`);
    sum += value * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function failure(code: VinErrorCode, message: string): VinDecodeResult {
  return { ok: false, code, message };
}

function findCharacterProblem(vin: string): string | null {
  for (let index = 0; index < vin.length; index++) {
    const char = vin.charAt(index);
    const position = `the ${ordinal(index + 1)} character`;
    if (char === 'I' || char === 'O' || char === 'Q') {
      const lookalike = char === 'I' ? '1' : '0';
      return `A VIN never contains the letters I, O or Q: ${position} is ${char} (did you mean ${lookalike}?).`;
    }
    if (!/^[A-Z0-9]$/.test(char)) return `Only letters and digits belong in a VIN: ${position} is "${char}".`;
  }
  return null;
}

/** Model years a position-10 code can mean, oldest first, up to next year (next year's models sell from this year). */
function candidateYearsFor(code: string, now: Date): number[] | null {
  const offset = MODEL_YEAR_CODES.indexOf(code);
  if (offset < 0) return null;
  const latestAllowed = now.getUTCFullYear() + 1;
  const first = FIRST_CYCLE_YEAR + offset;
  const years = [first];
  for (let year = first + YEAR_CYCLE; year <= latestAllowed; year += YEAR_CYCLE) years.push(year);
  return years;
}

/** Whether the VIN's region requires the check digit: North America (1-5) and China (L). */
export function requiresCheckDigit(vin: string): boolean {
  return /^[1-5L]/.test(vin);
}

function findMake(wmi: string, makes: ReadonlyArray<VinMakeEntry>): string | null {
  // Longest matching prefix wins, so a table may list 2-character prefixes as well as full WMIs.
  let best: { make: string; length: number } | null = null;
  for (const entry of makes) {
    for (const code of entry.wmi) {
      const prefix = normalizeVin(code);
      if (prefix.length > 0 && wmi.startsWith(prefix) && (best === null || prefix.length > best.length)) {
        best = { make: entry.make, length: prefix.length };
      }
    }
  }
  return best?.make ?? null;
}

/** Validates and decodes a VIN offline: maker from the WMI, model year from position 10; `now` fixes the year for tests. */
export function decodeVin(input: string, makes: ReadonlyArray<VinMakeEntry>, now: Date = new Date()): VinDecodeResult {
  const vin = normalizeVin(input);

  if (vin.length === 0) return failure('length', `Enter the VIN: it has ${VIN_LENGTH} letters and digits.`);
  if (vin.length !== VIN_LENGTH) return failure('length', `A VIN has ${VIN_LENGTH} characters; this one has ${vin.length}.`);

  const characterProblem = findCharacterProblem(vin);
  if (characterProblem) return failure('characters', characterProblem);

  // The check digit is mandatory in North America (FMVSS 565) and China (GB 16735); elsewhere position 9 is free.
  const mandatory = requiresCheckDigit(vin);
  const expected = vinCheckDigit(vin);
  const actual = vin.charAt(8);
  if (mandatory && actual !== expected) {
    return failure(
      'check-digit',
      `The check digit (9th character) should be ${expected}, not ${actual}: please check the VIN for a typing mistake.`,
    );
  }

  const yearCode = vin.charAt(9);
  const candidateYears = candidateYearsFor(yearCode, now);
  let modelYear: number | null;
  if (actual !== expected) {
    // A VIN of another region (no check digit, so none of the North American rules): the year code is
    // optional there, and when present its latest possible year is the likely one.
    modelYear = candidateYears?.at(-1) ?? null;
  } else if (!candidateYears) {
    return failure(
      'characters',
      `The 10th character (the model year) cannot be ${yearCode}: model-year codes never use I, O, Q, U, Z or 0.`,
    );
  } else {
    // NHTSA rule for cars, MPVs and light trucks: a digit at position 7 means 1980-2009, a letter means 2010 or later.
    const earlierCycle = /^[0-9]$/.test(vin.charAt(6));
    modelYear = (earlierCycle ? candidateYears[0] : candidateYears[candidateYears.length - 1]) ?? FIRST_CYCLE_YEAR;
  }

  const wmi = vin.slice(0, 3);
  return { ok: true, vin, wmi, make: findMake(wmi, makes), modelYear, candidateYears: candidateYears ?? [] };
}
