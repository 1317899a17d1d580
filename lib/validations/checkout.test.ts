import { addressSchema, quoteSchema } from '@/lib/validations/checkout';

const fieldErrors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const ADDRESS = { name: 'Nora New York', line1: '350 Fifth Avenue', city: 'New York' };

describe('a destination checked by its postcode', () => {
  it.each([
    [{ country: 'US', postalCode: 'ABC' }, 'Enter a US ZIP code like 12345 or 12345-6789'],
    [{ country: 'GB', postalCode: '12345' }, 'Enter a UK postcode like SW1A 1AA'],
    [{ country: 'DE', postalCode: 'SW1A 1AA' }, 'Enter a postcode for Germany like 10115'],
    [{ country: 'CA', postalCode: '90210' }, 'Enter a Canadian postal code like K1A 0B1'],
    [{ country: 'US', postalCode: '00000' }, '00000 is not in use: enter a US ZIP code like 12345 or 12345-6789'],
  ])('refuses %j, naming the format expected', (destination, message) => {
    for (const schema of [quoteSchema, addressSchema]) {
      const result = schema.safeParse({ ...ADDRESS, ...destination });
      expect(result.success).toBe(false);
      expect(fieldErrors(result)).toEqual({ postalCode: message });
    }
  });

  it.each([
    ['OR', 'ZIP code 10001 is in New York (NY): correct the state or the ZIP code'],
    ['XX', 'ZIP code 10001 is in New York (NY): correct the state or the ZIP code'],
    ['New Jersey', 'ZIP code 10001 is in New York (NY): correct the state or the ZIP code'],
  ])('refuses a state (%s) the ZIP code contradicts', (region, message) => {
    for (const schema of [quoteSchema, addressSchema]) {
      const result = schema.safeParse({ ...ADDRESS, country: 'US', postalCode: '10001', region });
      expect(fieldErrors(result)).toEqual({ region: message });
    }
  });

  it('takes the state from the ZIP code when none is typed, and its code when a name or any case is', () => {
    for (const region of [undefined, '', 'NY', 'ny', 'New York', 'n.y.']) {
      const quote = quoteSchema.parse({ country: 'us', postalCode: '10001-1234', ...(region === undefined ? {} : { region }) });
      expect([region, quote]).toEqual([region, { country: 'US', postalCode: '10001-1234', region: 'NY' }]);
      expect(addressSchema.parse({ ...ADDRESS, country: 'US', postalCode: '10001', region })).toMatchObject({ region: 'NY' });
    }
  });

  it("takes Canada's province from the postal code and refuses another", () => {
    expect(quoteSchema.parse({ country: 'CA', postalCode: 'h2x 1y4' })).toEqual({ country: 'CA', postalCode: 'H2X 1Y4', region: 'QC' });
    expect(fieldErrors(quoteSchema.safeParse({ country: 'CA', postalCode: 'X0A 0H0', region: 'NT' }))).toEqual({
      region: 'Postal code X0A 0H0 is in Nunavut (NU): correct the province or the postal code',
    });
  });

  it("leaves the region of other countries as typed, and the postcode in the country's own format", () => {
    expect(quoteSchema.parse({ country: 'gb', postalCode: ' sw1a  1aa ', region: 'Greater London' })).toEqual({
      country: 'GB',
      postalCode: 'SW1A 1AA',
      region: 'Greater London',
    });
    expect(quoteSchema.parse({ country: 'DE', postalCode: '10115' })).toEqual({ country: 'DE', postalCode: '10115' });
  });
});
