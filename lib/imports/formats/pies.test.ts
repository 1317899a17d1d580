import { readPies, weightInKg, type PiesEvent } from '@/lib/imports';
import { collect, fileError, fixtureBytes, fixtureStream, pieces, strings } from '@/tests/helpers/imports';

const HEADER =
  '<Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType><PCdbVersionDate>2025-02-25</PCdbVersionDate></Header>';

/** A one-Item PIES 7.2 file in the default namespace; the Item opens on line 3. */
const oneItem = (body: string, header = HEADER) =>
  `<PIES xmlns="http://www.autocare.org">\n${header}\n<Items><Item MaintenanceType="A">${body}</Item></Items>\n<Trailer/></PIES>`;
const IDENTITY = '<PartNumber>PM-1</PartNumber><BrandAAIAID>BQXT</BrandAAIAID>';
const pricing = (price: string, more = '') =>
  `<Prices><Pricing MaintenanceType="A" PriceType="RET"><PriceSheetNumber>S1</PriceSheetNumber>${more}<Price UOM="PE">${price}</Price></Pricing></Prices>`;
const withHeader = (extra: string) => HEADER.replace('</Header>', `${extra}</Header>`);
const pkg = (weight: string, uom: string) =>
  `<Package MaintenanceType="A"><PackageUOM>EA</PackageUOM><QuantityofEaches>1</QuantityofEaches><Weights UOM="${uom}"><Weight>${weight}</Weight></Weights></Package>`;

async function itemOf(body: string, header?: string) {
  const events = await collect(readPies(strings(oneItem(body, header))));
  return events.find((event) => event.kind === 'item' || event.kind === 'rejected');
}

describe('readPies: every field, from each version', () => {
  it('reads PIES 7.2 in its default namespace: descriptions, prices, packages, kits, interchange, attributes, assets', async () => {
    expect(await collect(readPies(fixtureStream('pies-7.2.xml')))).toEqual<PiesEvent[]>([
      {
        kind: 'header',
        line: 3,
        version: '7.2',
        submissionType: 'FULL',
        parentAAIAID: 'BQXA',
        currencyCode: 'USD',
        languageCode: 'EN',
        blanketEffectiveDate: '2025-03-01',
        pcdbVersionDate: '2025-02-25',
        padbVersionDate: '2025-02-24',
      },
      {
        kind: 'item',
        line: 28,
        maintenanceType: 'A',
        partNumber: 'PM-BP1001',
        brandAAIAID: 'BQXT',
        brandLabel: 'Synthetic Friction',
        partTerminologyId: 1684,
        descriptions: [
          { code: 'DES', language: 'EN', text: 'Ceramic Front Pads' },
          { code: 'MKT', language: 'EN', text: 'Quiet <b>ceramic</b> pads & shims' },
          { code: 'DES', language: 'FR', text: 'Plaquettes avant céramique' },
        ],
        prices: [
          { type: 'LST', currency: 'USD', amount: 54.99, uom: 'PE' },
          { type: 'RET', currency: 'USD', amount: 49.5, uom: 'PE' },
          { type: 'RET', currency: 'CAD', amount: 66, uom: 'PE' },
        ],
        packages: [
          { uom: 'EA', quantityOfEaches: 1, weight: { value: 2.5, uom: 'PG' } },
          { uom: 'CA', quantityOfEaches: 10, weight: { value: 26, uom: 'PG' } },
        ],
        weightKg: 1.133981,
        interchange: [
          { partNumber: '04465-99001', brandLabel: 'OE', type: 'O' },
          { partNumber: '04465-99002', brandLabel: 'OE', type: 'O' },
          { partNumber: 'OS-7781', brandAAIAID: 'BQXZ', brandLabel: 'Other Synthetic' },
        ],
        kitComponents: [{ partNumber: 'PM-SH1001', brandAAIAID: 'BQXT', quantity: 2 }],
        attributes: [
          { id: 'Friction Material', value: 'Ceramic' },
          { id: 'Pad Thickness', value: '17.5', uom: 'MM' },
        ],
        assets: [{ uri: 'https://images.example.invalid/PM-BP1001.jpg', type: 'P04' }],
      },
      {
        kind: 'item',
        line: 128,
        maintenanceType: 'C',
        partNumber: 'PM-OF3001',
        brandAAIAID: 'BQXW',
        partTerminologyId: 5340,
        descriptions: [{ code: 'DES', language: 'EN', text: 'Oil Filter' }],
        prices: [{ type: 'RET', currency: 'USD', amount: 8.25, uom: 'PE' }],
        packages: [{ uom: 'EA', quantityOfEaches: 1, weight: { value: 12, uom: 'OZ' } }],
        weightKg: 0.340194,
        interchange: [],
        kitComponents: [],
        attributes: [],
        assets: [],
      },
      { kind: 'rejected', line: 151, id: 'PM-RT2001', reason: 'price RET must be a number of 0 or more, not "call us"' },
      { kind: 'footer', line: 163, recordCount: 3 },
    ]);
  });

  it("reads PIES 6.7 with a prefix, a BOM and Windows line ends; an Item's brand defaults to the BrandOwnerAAIAID", async () => {
    const bytes = fixtureBytes('pies-6.7.xml');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(await collect(readPies(fixtureStream('pies-6.7.xml')))).toEqual<PiesEvent[]>([
      {
        kind: 'header',
        line: 3,
        version: '6.7',
        submissionType: 'UPDATE',
        brandOwnerAAIAID: 'BQXW',
        currencyCode: 'USD',
        pcdbVersionDate: '2024-10-29',
      },
      {
        kind: 'item',
        line: 11,
        maintenanceType: 'A',
        partNumber: 'PM-AF3101',
        brandAAIAID: 'BQXW',
        brandLabel: 'Synthetic Filters',
        partTerminologyId: 6832,
        descriptions: [{ code: 'DES', language: 'EN', text: 'Air Filter, Panel & Pleated' }],
        prices: [{ type: 'RET', currency: 'USD', amount: 19, uom: 'PE' }],
        packages: [{ uom: 'EA', quantityOfEaches: 1, weight: { value: 450, uom: 'GR' } }],
        weightKg: 0.45,
        interchange: [],
        kitComponents: [{ partNumber: 'PM-GS3102', brandAAIAID: 'BQXW', quantity: 1 }],
        attributes: [],
        assets: [],
      },
      { kind: 'rejected', line: 47, id: 'PM-WB4001', reason: 'the weight\'s unit "ST" is unknown (LB, PG, OZ, KG, GR or G)' },
      { kind: 'footer', line: 62, recordCount: 2 },
    ]);
  });

  it('reads the same events however the bytes are split', async () => {
    for (const name of ['pies-7.2.xml', 'pies-6.7.xml']) {
      const whole = await collect(readPies(fixtureStream(name)));
      for (const size of [1, 5, 64]) expect(await collect(readPies(pieces(fixtureBytes(name), size)))).toEqual(whole);
    }
  });

  it("takes a description's language from the Header, else English", async () => {
    const body = IDENTITY + '<Descriptions><Description MaintenanceType="A" DescriptionCode="DES">Pads</Description></Descriptions>';
    expect(await itemOf(body, withHeader('<LanguageCode>FR</LanguageCode>'))).toMatchObject({
      descriptions: [{ code: 'DES', language: 'FR', text: 'Pads' }],
    });
    expect(await itemOf(body)).toMatchObject({ descriptions: [{ code: 'DES', language: 'EN', text: 'Pads' }] });
  });

  it("takes a price's currency from the Pricing, else its PriceSheet, else the Header", async () => {
    const sheets =
      '<PriceSheets><PriceSheet MaintenanceType="A"><PriceSheetNumber>S1</PriceSheetNumber><CurrencyCode>CAD</CurrencyCode></PriceSheet></PriceSheets>';
    const header = withHeader('<CurrencyCode>USD</CurrencyCode>');
    const read = async (body: string, head: string) =>
      (await collect(readPies(strings(`<PIES>${head}${sheets}<Items><Item>${body}</Item></Items></PIES>`))))[1];
    expect(await read(IDENTITY + pricing('10', '<CurrencyCode>EUR</CurrencyCode>'), header)).toMatchObject({
      prices: [{ currency: 'EUR' }],
    });
    expect(await read(IDENTITY + pricing('10'), header)).toMatchObject({ prices: [{ currency: 'CAD' }] });
    expect(await read(IDENTITY + pricing('10').replace('S1', 'S2'), header)).toMatchObject({ prices: [{ currency: 'USD' }] });
  });

  it('accepts a price of 0', async () => {
    expect(await itemOf(IDENTITY + pricing('0.00', '<CurrencyCode>USD</CurrencyCode>'))).toMatchObject({
      kind: 'item',
      prices: [{ type: 'RET', currency: 'USD', amount: 0, uom: 'PE' }],
    });
  });
});

describe('readPies: weights in kilograms', () => {
  it.each([
    [2.5, 'LB', 1.133981],
    [2.5, 'PG', 1.133981],
    [2.5, 'lb', 1.133981],
    [12, 'OZ', 0.340194],
    [1.25, 'KG', 1.25],
    [450, 'GR', 0.45],
    [450, 'G', 0.45],
    [0.0001, 'G', 0],
    [1, 'ST', null],
    [1, '', null],
  ])('%s %s is %s kg', (value, uom, kg) => {
    expect(weightInKg(value, uom)).toBe(kg);
  });

  it('takes the first package that sends a weight', async () => {
    const packages = `<Packages><Package MaintenanceType="A"><PackageUOM>EA</PackageUOM></Package>${pkg('3', 'KG')}${pkg('9', 'KG')}</Packages>`;
    expect(await itemOf(IDENTITY + packages)).toMatchObject({ kind: 'item', weightKg: 3 });
  });

  it('gives no weight for a first weight in an unknown unit when another weight is sent, and keeps the item', async () => {
    expect(await itemOf(IDENTITY + `<Packages>${pkg('1', 'ST')}${pkg('9', 'KG')}</Packages>`)).toMatchObject({
      kind: 'item',
      weightKg: null,
    });
  });

  it('gives no weight when none is sent', async () => {
    expect(await itemOf(IDENTITY)).toMatchObject({ kind: 'item', weightKg: null, packages: [] });
  });
});

describe('readPies: a wrong Item is rejected with its line, part number and reason, and the reading goes on', () => {
  it.each([
    [
      'a price that is not a number',
      IDENTITY + pricing('12,50', '<CurrencyCode>USD</CurrencyCode>'),
      'price RET must be a number of 0 or more, not "12,50"',
    ],
    ['a negative price', IDENTITY + pricing('-1', '<CurrencyCode>USD</CurrencyCode>'), 'price RET must be a number of 0 or more, not "-1"'],
    ['an empty price', IDENTITY + pricing('', '<CurrencyCode>USD</CurrencyCode>'), 'price RET must be a number of 0 or more, not ""'],
    [
      'a price without a currency anywhere',
      IDENTITY + pricing('10'),
      'price RET has no currency (none on the Pricing, its PriceSheet or the Header)',
    ],
    [
      'a PartTerminologyID that is not a number',
      IDENTITY + '<PartTerminologyID>BRK</PartTerminologyID>',
      'PartTerminologyID must be a whole number above 0, not "BRK"',
    ],
    ['a weight of 0', IDENTITY + `<Packages>${pkg('0', 'KG')}</Packages>`, 'Weight must be a number above 0, not "0"'],
    [
      'a weight that is not a number',
      IDENTITY + `<Packages>${pkg('heavy', 'KG')}</Packages>`,
      'Weight must be a number above 0, not "heavy"',
    ],
    [
      'its only weight in an unknown unit',
      IDENTITY + `<Packages>${pkg('1', 'ST')}</Packages>`,
      'the weight\'s unit "ST" is unknown (LB, PG, OZ, KG, GR or G)',
    ],
    [
      'a kit component of quantity 0',
      IDENTITY +
        '<Kits><KitComponent><ComponentPartNumber>PM-2</ComponentPartNumber><QuantityInKit UOM="EA">0</QuantityInKit></KitComponent></Kits>',
      'kit component PM-2: QuantityInKit must be a number above 0, not "0"',
    ],
  ])('rejects %s', async (_, body, reason) => {
    expect(await itemOf(body)).toEqual({ kind: 'rejected', line: 3, id: 'PM-1', reason });
  });

  it('rejects an Item without a part number, naming its line', async () => {
    expect(await itemOf('<BrandAAIAID>BQXT</BrandAAIAID>')).toEqual({ kind: 'rejected', line: 3, reason: 'PartNumber is missing' });
  });

  it('rejects an Item without a brand when the Header names no brand owner (a parent company is no brand)', async () => {
    expect(await itemOf('<PartNumber>PM-1</PartNumber>', withHeader('<ParentAAIAID>BQXA</ParentAAIAID>'))).toEqual({
      kind: 'rejected',
      line: 3,
      id: 'PM-1',
      reason: 'BrandAAIAID is missing (on the Item, and no BrandOwnerAAIAID in the Header)',
    });
  });

  it('reads the next Item after a rejected one', async () => {
    const xml = oneItem('<BrandAAIAID>BQXT</BrandAAIAID>').replace('</Items>', `<Item>${IDENTITY}</Item></Items>`);
    expect((await collect(readPies(strings(xml)))).map((event) => event.kind)).toEqual(['header', 'rejected', 'item', 'footer']);
  });
});

describe('readPies: a file that cannot be read throws ImportFileError with the line', () => {
  it.each([
    [
      'a text table',
      '\uFEFFMakeID\tMakeName\r\n1\tSynthetic\r\n',
      1,
      'this is not an XML file: it starts with "MakeID\tMakeName", not with a tag',
    ],
    [
      'an ACES file',
      '<?xml version="1.0"?>\n\n<ACES version="4.2"></ACES>',
      3,
      'the root element is <ACES>, not <PIES>: this is not a PIES file',
    ],
    [
      'a file cut inside an Item',
      oneItem(IDENTITY + '\n<Prices>\n<Pricing>').split('</Item>')[0]!,
      5,
      'the file ends inside <Pricing> of the <Item> opened on line 3: it was cut short',
    ],
    [
      'a Header without PIESVersion',
      '<PIES>\n<Header><SubmissionType>FULL</SubmissionType></Header></PIES>',
      2,
      'the Header has no PIESVersion',
    ],
    ['a version not read here', `<PIES>\n${HEADER.replace('7.2', '5.0')}</PIES>`, 2, 'PIES 5.0 is not read here (6.7 and 7.2 are)'],
    [
      'an Item before the Header',
      `<PIES>\n<Items>\n<Item>${IDENTITY}</Item></Items>${HEADER}</PIES>`,
      3,
      'the Header must come before the first <Item>',
    ],
    ['no Header at all', '<PIES>\n<Items/></PIES>', 1, 'the file has no Header'],
  ])('refuses %s', async (_, text, line, reason) => {
    const error = await fileError(readPies(strings(text)));
    expect({ line: error.line, reason: error.reason }).toEqual({ line, reason });
  });
});
