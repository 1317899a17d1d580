import { makes as SEED_MAKES } from '@/db/seed-data/vehicles';
import { decodeVin, normalizeVin, vinCheckDigit, type VinDecodeResult } from '@/lib/vehicles/vin';

// A small WMI table of our own, so these tests do not depend on the seed data.
const MAKES = [
  { make: 'Honda', wmi: ['1HG', 'JHM'] },
  { make: 'Toyota', wmi: ['2T1', 'JTD'] },
  { make: 'Ford', wmi: ['1FT'] },
  { make: 'Volkswagen', wmi: ['WVW'] },
] as const;

const NOW = new Date('2025-06-15T12:00:00Z');

// Constructed VINs (real WMIs, made-up remaining characters); check digits computed independently of lib/vehicles/vin.ts.
const HONDA_1999 = '1HGCM8261XA000001';
const TOYOTA_2015 = '2T1BURHE2FC000002';
const TOYOTA_1993 = 'JTDKB20U1P3000003';
const VOLKSWAGEN_2008 = 'WVWZZZ1K38W000004';
const FORD_2021 = '1FTFW1E54MF000005';
const TESLA_2020 = '5YJ3E1EA5LF000006';
const TEXTBOOK = '1M8GDM9AXKP042788';

function expectOk(result: VinDecodeResult) {
  if (!result.ok) throw new Error(`expected a decoded VIN, got ${result.code}: ${result.message}`);
  return result;
}

function expectError(result: VinDecodeResult) {
  if (result.ok) throw new Error(`expected an error, got a decoded VIN ${result.vin}`);
  return result;
}

describe('normalizeVin', () => {
  it('trims, removes spaces and dashes, and upper-cases', () => {
    expect(normalizeVin('  1hg-cm826 1xa 000001 ')).toBe(HONDA_1999);
    expect(normalizeVin('wvw-zzz-1k3-8w-000004')).toBe(VOLKSWAGEN_2008);
    expect(normalizeVin('\t1FTFW1E54MF000005\n')).toBe(FORD_2021);
  });
});

describe('vinCheckDigit', () => {
  it('computes the digit of constructed VINs', () => {
    expect(vinCheckDigit(HONDA_1999)).toBe('1');
    expect(vinCheckDigit(TOYOTA_2015)).toBe('2');
    expect(vinCheckDigit(TOYOTA_1993)).toBe('1');
    expect(vinCheckDigit(VOLKSWAGEN_2008)).toBe('3');
    expect(vinCheckDigit(FORD_2021)).toBe('4');
    expect(vinCheckDigit(TESLA_2020)).toBe('5');
    expect(vinCheckDigit('2T1BR32E7CC000032')).toBe('7');
  });

  it("returns 'X' for a remainder of 10, as in the textbook example", () => {
    expect(vinCheckDigit(TEXTBOOK)).toBe('X');
    expect(vinCheckDigit('1HGCM826XBA000037')).toBe('X');
  });

  it('ignores the 9th character, which has weight 0', () => {
    expect(vinCheckDigit('1HGCM8260XA000001')).toBe('1');
    expect(vinCheckDigit('1HGCM826ZXA000001')).toBe('1');
  });

  it('refuses input that is not 17 allowed characters', () => {
    expect(() => vinCheckDigit('1HGCM8261XA00000')).toThrow(RangeError);
    expect(() => vinCheckDigit('1HGCM8261XA0O0001')).toThrow(RangeError);
    expect(() => vinCheckDigit('1hgcm8261xa000001')).toThrow(RangeError);
  });
});

describe('decodeVin: valid VINs', () => {
  it('decodes the maker, WMI and model year', () => {
    expect(decodeVin(HONDA_1999, MAKES, NOW)).toEqual({
      ok: true,
      vin: HONDA_1999,
      wmi: '1HG',
      make: 'Honda',
      modelYear: 1999,
      candidateYears: [1999],
    });
    expect(decodeVin(TOYOTA_2015, MAKES, NOW)).toEqual({
      ok: true,
      vin: TOYOTA_2015,
      wmi: '2T1',
      make: 'Toyota',
      modelYear: 2015,
      candidateYears: [1985, 2015],
    });
    expect(decodeVin(TOYOTA_1993, MAKES, NOW)).toMatchObject({ ok: true, wmi: 'JTD', make: 'Toyota', modelYear: 1993 });
    expect(decodeVin(VOLKSWAGEN_2008, MAKES, NOW)).toMatchObject({ ok: true, wmi: 'WVW', make: 'Volkswagen', modelYear: 2008 });
    expect(decodeVin(FORD_2021, MAKES, NOW)).toMatchObject({ ok: true, wmi: '1FT', make: 'Ford', modelYear: 2021 });
  });

  it('accepts the textbook example whose check digit is X', () => {
    const result = expectOk(decodeVin(TEXTBOOK, MAKES, NOW));
    expect(result.vin).toBe(TEXTBOOK);
    expect(result.wmi).toBe('1M8');
    expect(result.modelYear).toBe(1989);
    expect(result.candidateYears).toEqual([1989, 2019]);
  });

  it('normalises the input before decoding', () => {
    const result = expectOk(decodeVin(' 1hgcm8261-xa000001 ', MAKES, NOW));
    expect(result.vin).toBe(HONDA_1999);
    expect(result.make).toBe('Honda');
  });

  it('returns make null for a WMI outside the table, and still decodes', () => {
    const result = expectOk(decodeVin(TESLA_2020, MAKES, NOW));
    expect(result.wmi).toBe('5YJ');
    expect(result.make).toBeNull();
    expect(result.modelYear).toBe(2020);
  });

  it('looks the maker up in the table it is given', () => {
    expect(expectOk(decodeVin(HONDA_1999, [], NOW)).make).toBeNull();
    expect(expectOk(decodeVin(TESLA_2020, [{ make: 'Tesla', wmi: ['5YJ'] }], NOW)).make).toBe('Tesla');
    expect(expectOk(decodeVin(HONDA_1999, [{ make: 'Acme', wmi: ['1hg'] }], NOW)).make).toBe('Acme');
  });

  it('prefers the longest matching WMI prefix', () => {
    const makes = [
      { make: 'Generic', wmi: ['1H'] },
      { make: 'Honda', wmi: ['1HG'] },
    ];
    expect(expectOk(decodeVin(HONDA_1999, makes, NOW)).make).toBe('Honda');
    expect(expectOk(decodeVin(HONDA_1999, [{ make: 'Generic', wmi: ['1H'] }], NOW)).make).toBe('Generic');
  });
});

describe('decodeVin: model year', () => {
  it('uses the 1980-2009 cycle when the 7th character is a digit', () => {
    expect(expectOk(decodeVin('1FTRX18W0AN000020', MAKES, NOW))).toMatchObject({ modelYear: 1980, candidateYears: [1980, 2010] });
    expect(expectOk(decodeVin(TOYOTA_1993, MAKES, NOW))).toMatchObject({ modelYear: 1993, candidateYears: [1993, 2023] });
    expect(expectOk(decodeVin('1HGCM82685A000008', MAKES, NOW)).modelYear).toBe(2005);
  });

  it('uses the 2010-2039 cycle when the 7th character is a letter', () => {
    expect(expectOk(decodeVin('JTDKN3DU2A0000012', MAKES, NOW))).toMatchObject({ modelYear: 2010, candidateYears: [1980, 2010] });
    expect(expectOk(decodeVin(FORD_2021, MAKES, NOW))).toMatchObject({ modelYear: 2021, candidateYears: [1991, 2021] });
  });

  it('never returns a model year later than next year', () => {
    // 'Y' is 2000 or 2030: in 2025 only 2000 is possible even with a letter at position 7.
    expect(expectOk(decodeVin('JTDBT4K32YA000022', MAKES, NOW))).toMatchObject({ modelYear: 2000, candidateYears: [2000] });
    expect(expectOk(decodeVin('JTDBT4K32YA000022', MAKES, new Date('2029-03-01T00:00:00Z')))).toMatchObject({
      modelYear: 2030,
      candidateYears: [2000, 2030],
    });
    // '1' is 2001 or 2031.
    expect(expectOk(decodeVin('5YJSA1H151F000023', MAKES, NOW))).toMatchObject({ modelYear: 2001, candidateYears: [2001] });
    expect(expectOk(decodeVin('5YJSA1H151F000023', MAKES, new Date('2030-01-01T00:00:00Z')))).toMatchObject({
      modelYear: 2031,
      candidateYears: [2001, 2031],
    });
    expect(expectOk(decodeVin('5YJSA1H151F000023', MAKES, new Date('2029-12-31T00:00:00Z'))).modelYear).toBe(2001);
  });

  it('uses the current date when none is given', () => {
    const result = expectOk(decodeVin('5YJSA1H151F000023', MAKES));
    expect(result.modelYear).toBeLessThanOrEqual(new Date().getUTCFullYear() + 1);
    expect(result.candidateYears[0]).toBe(2001);
  });

  it('refuses a year code that is never used (U, Z, 0)', () => {
    for (const [vin, code] of [
      ['1HGCM8263UA000013', 'U'],
      ['1HGCM8268ZA000015', 'Z'],
      ['1HGCM82620A000014', '0'],
    ] as const) {
      const result = expectError(decodeVin(vin, MAKES, NOW));
      expect(result.code).toBe('characters');
      expect(result.message).toBe(`The 10th character (the model year) cannot be ${code}: model-year codes never use I, O, Q, U, Z or 0.`);
    }
  });
});

describe('decodeVin: errors', () => {
  it('refuses 16 and 18 characters, naming the length', () => {
    expect(decodeVin('1HGCM8261XA00000', MAKES, NOW)).toEqual({
      ok: false,
      code: 'length',
      message: 'A VIN has 17 characters; this one has 16.',
    });
    expect(decodeVin('1HGCM8261XA0000012', MAKES, NOW)).toEqual({
      ok: false,
      code: 'length',
      message: 'A VIN has 17 characters; this one has 18.',
    });
  });

  it('counts the length after normalising', () => {
    expect(expectError(decodeVin('1HG-CM8261-XA00000', MAKES, NOW)).message).toBe('A VIN has 17 characters; this one has 16.');
  });

  it('refuses an empty input', () => {
    expect(expectError(decodeVin('  - ', MAKES, NOW))).toEqual({
      ok: false,
      code: 'length',
      message: 'Enter the VIN: it has 17 letters and digits.',
    });
  });

  it('refuses the letters I, O and Q, naming the position', () => {
    const withO = expectError(decodeVin('1HGCM8261XA0O0001', MAKES, NOW));
    expect(withO.code).toBe('characters');
    expect(withO.message).toBe('A VIN never contains the letters I, O or Q: the 13th character is O (did you mean 0?).');

    const withI = expectError(decodeVin('IHGCM8261XA000001', MAKES, NOW));
    expect(withI.code).toBe('characters');
    expect(withI.message).toBe('A VIN never contains the letters I, O or Q: the 1st character is I (did you mean 1?).');

    const withQ = expectError(decodeVin('1HQCM8261XA000001', MAKES, NOW));
    expect(withQ.code).toBe('characters');
    expect(withQ.message).toContain('the 3rd character is Q');
  });

  it('refuses characters other than letters and digits', () => {
    expect(decodeVin('1HGCM8261XA#00001', MAKES, NOW)).toEqual({
      ok: false,
      code: 'characters',
      message: 'Only letters and digits belong in a VIN: the 12th character is "#".',
    });
  });

  it('refuses a wrong check digit, naming the expected one', () => {
    expect(decodeVin('2T1BR32E3CC000032', MAKES, NOW)).toEqual({
      ok: false,
      code: 'check-digit',
      message: 'The check digit (9th character) should be 7, not 3: please check the VIN for a typing mistake.',
    });
    // One mistyped serial digit changes the expected check digit.
    const typo = expectError(decodeVin('1HGCM8261XA000002', MAKES, NOW));
    expect(typo.code).toBe('check-digit');
    expect(typo.message).toMatch(/^The check digit \(9th character\) should be [0-9X], not 1:/);
  });
});

describe('decodeVin: the check digit by region', () => {
  it('accepts a European VIN whose 9th character is filler, and decodes its maker and model year', () => {
    expect(decodeVin('WVWZZZ1KZAW123456', MAKES, NOW)).toEqual({
      ok: true,
      vin: 'WVWZZZ1KZAW123456',
      wmi: 'WVW',
      make: 'Volkswagen',
      modelYear: 2010,
      candidateYears: [1980, 2010],
    });
    expect(expectOk(decodeVin('WVWZZZ1KZ8W000004', MAKES, NOW))).toMatchObject({ make: 'Volkswagen', modelYear: 2008 });
    // Japanese and Korean VINs carry no mandatory check digit either.
    expect(expectOk(decodeVin('JTDKN3DU0A0000012', MAKES, NOW)).make).toBe('Toyota');
  });

  it('leaves the model year unknown when a European VIN has no year code, instead of refusing it', () => {
    expect(expectOk(decodeVin('WVWZZZ1KZZW123456', MAKES, NOW))).toMatchObject({ make: 'Volkswagen', modelYear: null, candidateYears: [] });
  });

  it('still checks the length and the characters of a European VIN', () => {
    expect(expectError(decodeVin('WVWZZZ1KZAW12345', MAKES, NOW)).code).toBe('length');
    expect(expectError(decodeVin('WVWZZZ1KZAW1234O6', MAKES, NOW)).code).toBe('characters');
  });

  it('requires the check digit of North American (1 to 5) and Chinese (L) VINs', () => {
    for (const vin of ['1HGCM8261XA000002', '2T1BR32E3CC000032', '5YJ3E1EA0LF000006', 'LVSHCAMB0CE000007']) {
      expect(expectError(decodeVin(vin, MAKES, NOW)).code).toBe('check-digit');
    }
    const chinese = 'LVSHCAMB' + vinCheckDigit('LVSHCAMB0CE000007') + 'CE000007';
    expect(expectOk(decodeVin(chinese, MAKES, NOW)).modelYear).toBe(2012);
  });
});

describe('decodeVin with the seed makes table', () => {
  it('finds the makers of the sample VINs', () => {
    expect(expectOk(decodeVin(HONDA_1999, SEED_MAKES, NOW)).make).toBe('Honda');
    expect(expectOk(decodeVin(TOYOTA_2015, SEED_MAKES, NOW)).make).toBe('Toyota');
    expect(expectOk(decodeVin(VOLKSWAGEN_2008, SEED_MAKES, NOW)).make).toBe('Volkswagen');
    expect(expectOk(decodeVin(FORD_2021, SEED_MAKES, NOW)).make).toBe('Ford');
    expect(expectOk(decodeVin(TESLA_2020, SEED_MAKES, NOW)).make).toBeNull();
  });

  it('lists only 3-character WMIs that a VIN can hold, each under one make', () => {
    const owners = new Map<string, string>();
    for (const { make, wmi } of SEED_MAKES) {
      for (const code of wmi) {
        expect(code).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
        expect(owners.get(code) ?? make).toBe(make);
        owners.set(code, make);
      }
    }
    expect(owners.size).toBeGreaterThan(0);
  });
});
