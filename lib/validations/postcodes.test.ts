import { COUNTRY_CODES } from '@/lib/validations/countries';
import { hasPostcodeFormat, isPostcodeOf, normalizePostcode, POSTCODE_EXAMPLES, postcodeFormatMessage } from '@/lib/validations/postcodes';

describe('postcodes per country', () => {
  it.each([
    ['US', ['12345', '12345-6789', '00501', '99950'], ['ABC', '1234', '123456', '12345-678', '12345 6789', '123456789']],
    [
      'GB',
      ['SW1A 1AA', 'sw1a1aa', 'LS2 7HX', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH'],
      ['12345', 'SW1A', 'SW1A 1A', 'LS2 7HXX', 'ABC'],
    ],
    ['CA', ['K1A 0B1', 'k1a0b1', 'H2X 1Y4', 'X0A 0H0', 'T2P 1J9'], ['12345', 'D1A 0B1', 'K1A 0B', 'W1A 0B1', 'SW1A 1AA']],
    ['DE', ['10115', '01067', '80331'], ['SW1A 1AA', '1011', '101155', 'D-10115']],
    ['FR', ['75008', '75 008', '13001'], ['7500', '750089', 'SW1A 1AA']],
    ['NL', ['1011 AB', '1011ab', '9999 ZZ'], ['1011', '1011 A', 'AB 1011']],
    ['IE', ['D02 X285', 'd02x285', 'T12 X5Y8', 'D6W 1234'], ['D02', '12345', 'B02 X285']],
    ['IT', ['00184', '20121'], ['0018', '001845']],
    ['ES', ['28013', '08001', '52001'], ['53001', '00123', '2801']],
    ['AT', ['1010', '8010'], ['0100', '10100']],
    ['PL', ['00-950', '31-154'], ['00950', '0-950']],
    ['PT', ['1000-001', '4000'], ['1000 001', '100-001']],
    ['SE', ['114 55', '11455'], ['1145', '114 555']],
    ['JP', ['100-0001'], ['1000001', '100-001']],
    ['AU', ['2000', '0800'], ['20000', '200']],
    ['IS', ['101', '600'], ['1010', 'Q1 1']],
    ['MX', ['01000', '06600'], ['0100', '010000']],
    ['NZ', ['6011'], ['60111']],
  ])('%s: %j are postcodes, %j are not', (country, valid, invalid) => {
    for (const postcode of valid) expect([postcode, isPostcodeOf(country, postcode)]).toEqual([postcode, true]);
    for (const postcode of invalid) expect([postcode, isPostcodeOf(country, postcode)]).toEqual([postcode, false]);
  });

  it('names the format expected, with an example of the country', () => {
    expect(postcodeFormatMessage('us')).toBe('Enter a US ZIP code like 12345 or 12345-6789');
    expect(postcodeFormatMessage('GB')).toBe('Enter a UK postcode like SW1A 1AA');
    expect(postcodeFormatMessage('CA')).toBe('Enter a Canadian postal code like K1A 0B1');
    expect(postcodeFormatMessage('DE')).toBe('Enter a postcode for Germany like 10115');
    expect(postcodeFormatMessage('NL')).toBe('Enter a postcode for Netherlands like 1011 AB');
  });

  it("has an example that passes each checked country's own format, for every country an address may name", () => {
    const checked = COUNTRY_CODES.filter(hasPostcodeFormat);
    expect(checked.length).toBeGreaterThan(150);
    for (const country of checked) {
      const example = POSTCODE_EXAMPLES[country];
      expect([country, example !== undefined && isPostcodeOf(country, example)]).toEqual([country, true]);
    }
  });

  it('leaves a country without postcode formats to the generic rule', () => {
    // The United Arab Emirates have no postcodes: whatever the buyer writes there is not refused here.
    expect(hasPostcodeFormat('AE')).toBe(false);
    expect(isPostcodeOf('AE', '00000')).toBe(true);
  });

  it('keeps postcodes upper case with single spaces', () => {
    expect(normalizePostcode('  sw1a   1aa ')).toBe('SW1A 1AA');
    expect(normalizePostcode('k1a0b1')).toBe('K1A0B1');
  });
});
