/** The PIES import (issue 46) on the fixtures and on small files made here, against the real database. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import type { ApplyRun, ImportCounts, Rejection } from '@/lib/imports/handler';
import { catalogSearch } from '@/lib/catalog';
import { PART_PLACEHOLDER_IMAGE, PIES_BATCH, piesHandler } from '@/lib/imports';
import { connectDb } from '@/lib/platform/db';
import { recordOpeningStock } from '@/lib/stock';
import { PRICE_TYPE_FORMAT } from '@/lib/validations/import-mappings';
import { searchQuerySchema } from '@/lib/validations/search';
import { ImportMappings, Part, StockMove } from '@/models';

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/imports');
const dir = mkdtempSync(path.join(tmpdir(), 'pies-'));
let files = 0;

const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };
/** Each expiry of the catalog's tags, as catalogChanged asks for it. */
const expiries: string[][] = [];

type TestRun = ApplyRun & { rejected: Rejection[]; checkpoints: number[] };

function makeRun(file: string, options: Record<string, string> = {}, from = 0, resumed = false): TestRun {
  const counts: ImportCounts = { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 };
  const rejected: Rejection[] = [];
  const checkpoints: number[] = [];
  return {
    importId: 'test',
    file,
    fileName: path.basename(file),
    options,
    counts,
    rejected,
    checkpoints,
    from,
    resumed,
    reject: (rejection) => rejected.push(rejection),
    progress: async () => {},
    checkpoint: async (done) => {
      checkpoints.push(done);
    },
    signal: new AbortController().signal,
  };
}

const fixture = (name: string) => path.join(FIXTURES, name);

/** A PIES 7.2 file of these items (the Header says USD). */
function piesFile(items: string[]): string {
  const file = path.join(dir, `file-${++files}.xml`);
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org"><Header><PIESVersion>7.2</PIESVersion><CurrencyCode>USD</CurrencyCode></Header>
<PriceSheets><PriceSheet><PriceSheetNumber>CA</PriceSheetNumber><CurrencyCode>CAD</CurrencyCode></PriceSheet></PriceSheets>
<Items>${items.join('\n')}</Items><Trailer><ItemCount>${items.length}</ItemCount></Trailer></PIES>`,
  );
  return file;
}

type ItemSpec = {
  number: string;
  brand?: string;
  name?: string;
  price?: string;
  sheet?: string;
  weight?: string;
  uri?: string;
  type?: number;
};
const item = ({ number, brand = 'BQXT', name = `Part ${number}`, price = '10.00', sheet = 'US', weight, uri, type }: ItemSpec) => `<Item>
<PartNumber>${number}</PartNumber><BrandAAIAID>${brand}</BrandAAIAID>${type ? `<PartTerminologyID>${type}</PartTerminologyID>` : ''}
<Descriptions><Description DescriptionCode="DES">${name}</Description></Descriptions>
<Prices><Pricing PriceType="RET"><PriceSheetNumber>${sheet}</PriceSheetNumber><Price>${price}</Price></Pricing></Prices>
${weight ? `<Packages><Package><Weights UOM="${weight.split(' ')[1]}"><Weight>${weight.split(' ')[0]}</Weight></Weights></Package></Packages>` : ''}
${uri ? `<DigitalAssets><DigitalFileInformation><URI>${uri}</URI></DigitalFileInformation></DigitalAssets>` : ''}</Item>`;

const BRANDS = [
  { aaiaId: 'BQXT', brand: 'Synthetic Friction' },
  { aaiaId: 'BQXW', brand: 'Synthetic Filters' },
];
const mappings = (brands = BRANDS, priceType = 'RET') =>
  ImportMappings.updateOne(
    { _id: 'pies' },
    { $set: { priceType, brands, categories: [{ partTypeId: 1684, category: 'brakes' }] } },
    { upsert: true },
  );

async function applied(file: string, options: Record<string, string> = {}, from = 0, resumed = false) {
  const run = makeRun(file, options, from, resumed);
  await piesHandler.apply(run);
  return run;
}
async function validated(file: string, options: Record<string, string> = {}) {
  const run = makeRun(file, options);
  await piesHandler.validate(run);
  return run;
}
const stored = (number: string) => Part.findOne({ partNumber: number }).lean();

/** A part the shop already sells, with stock taken through the ledger. */
async function existingPart(number: string, brand: string, stock: number) {
  const partId = new Types.ObjectId();
  const opening = await recordOpeningStock({ partId, quantity: stock, reason: 'seed' });
  await Part.create({
    _id: partId,
    name: 'Old name',
    description: 'Entered by hand before the supplier sent its file.',
    price: 1,
    img: '/images/parts/test.svg',
    brand,
    partNumber: number,
    partNumberKey: number.toUpperCase().replace(/[\s\-./]/g, ''),
    ...opening,
  });
  return partId;
}

beforeAll(async () => {
  await connectDb();
  globalForCache.__shopExpireTags = async (tags) => {
    expiries.push(tags);
  };
});
afterAll(() => {
  delete globalForCache.__shopExpireTags;
});
beforeEach(async () => {
  await Promise.all([Part.deleteMany({}), StockMove.deleteMany({}), mappings()]);
  expiries.length = 0;
});

describe('the PIES 7.2 fixture', () => {
  it('validates without writing: two to add, the unpriced item rejected with its reason', async () => {
    const run = await validated(fixture('pies-7.2.xml'));
    expect(run.counts).toEqual({ read: 3, add: 2, change: 0, remove: 0, unchanged: 0, rejected: 1 });
    expect(run.rejected).toEqual([{ record: 'item PM-RT2001', reason: expect.stringContaining('price RET must be a number') }]);
    expect(await Part.countDocuments()).toBe(0);
  });

  it('applies the items as parts: names, RET in USD, kg, category, interchange, kit, attributes, no stock', async () => {
    const run = await applied(fixture('pies-7.2.xml'));
    expect(run.counts).toMatchObject({ read: 3, add: 2, rejected: 1 });
    const pads = await stored('PM-BP1001');
    expect(pads).toMatchObject({
      name: 'Ceramic Front Pads',
      // The marketing copy (MKT), its markup dropped.
      description: 'Quiet ceramic pads & shims',
      // RET in USD: not LST, not the CAD sheet's 66.00.
      price: 49.5,
      brand: 'Synthetic Friction',
      partNumberKey: 'PMBP1001',
      category: 'brakes',
      // 2.5 PIES pounds (PG) to the gram.
      weightKg: 1.134,
      partTypeId: 1684,
      brandAAIAID: 'BQXT',
      // The file's image is on another host: the shop shows its placeholder instead.
      img: PART_PLACEHOLDER_IMAGE,
      availableQuantity: 0,
      stockSeq: 0,
      interchange: [
        { number: '04465-99001', key: '0446599001', kind: 'oe' },
        { number: '04465-99002', key: '0446599002', kind: 'oe' },
        // BQXZ is not in the brand table: the file's label names it.
        { brand: 'Other Synthetic', number: 'OS-7781', key: 'OS7781', kind: 'aftermarket' },
      ],
      kitComponents: [{ partNumber: 'PM-SH1001', brand: 'Synthetic Friction', quantity: 2 }],
      attributes: [
        { name: 'Friction Material', value: 'Ceramic' },
        { name: 'Pad Thickness', value: '17.5', uom: 'MM' },
      ],
    });
    expect(pads!.interchange[0]).not.toHaveProperty('brand');
    // 5340 is not in the category table: Other parts. 12 oz is 340 g.
    expect(await stored('PM-OF3001')).toMatchObject({ category: 'other', brand: 'Synthetic Filters', weightKg: 0.34, price: 8.25 });
    expect(await StockMove.countDocuments()).toBe(0);
  });

  it('rejects an item whose brand id is not in the brand table', async () => {
    await mappings([BRANDS[0]!]);
    const run = await applied(fixture('pies-7.2.xml'));
    expect(run.rejected).toContainEqual({
      record: 'item PM-OF3001',
      reason: expect.stringContaining('brand id BQXW is not in the brand table'),
    });
    expect(await stored('PM-OF3001')).toBeNull();
    expect(await stored('PM-BP1001')).not.toBeNull();
  });

  it("takes the import's price type over the admin's default, and rejects an item without it", async () => {
    const run = await applied(fixture('pies-7.2.xml'), { priceType: 'lst' });
    expect((await stored('PM-BP1001'))!.price).toBe(54.99);
    expect(run.rejected).toContainEqual({ record: 'item PM-OF3001', reason: 'no LST price (the price type this import takes)' });
  });

  it("uses the admin's default price type when the import names none", async () => {
    await mappings(BRANDS, 'LST');
    await applied(fixture('pies-7.2.xml'));
    expect((await stored('PM-BP1001'))!.price).toBe(54.99);
  });
});

describe('the PIES 6.7 fixture', () => {
  it("takes the Header's brand owner, grams to kg, and rejects the unknown weight unit", async () => {
    const run = await applied(fixture('pies-6.7.xml'));
    expect(run.counts).toMatchObject({ read: 2, add: 1, rejected: 1 });
    expect(run.rejected[0]!.reason).toContain('unit "ST" is unknown');
    expect(await stored('PM-AF3101')).toMatchObject({
      name: 'Air Filter, Panel & Pleated',
      description: 'Air Filter, Panel & Pleated',
      brand: 'Synthetic Filters',
      weightKg: 0.45,
      price: 19,
      kitComponents: [{ partNumber: 'PM-GS3102', brand: 'Synthetic Filters', quantity: 1 }],
    });
  });
});

describe('prices and units', () => {
  it("rejects a price of the type only in another currency than the shop's", async () => {
    const run = await applied(piesFile([item({ number: 'CA-1', sheet: 'CA' })]));
    expect(run.rejected).toEqual([{ record: 'item CA-1', reason: "the RET price is in CAD, not the shop's USD" }]);
    expect(await Part.countDocuments()).toBe(0);
  });

  it('rejects an item without a name, and refuses a price type that is none', async () => {
    const nameless = item({ number: 'N-1' }).replace(/<Descriptions>.*<\/Descriptions>/, '');
    const run = await applied(piesFile([nameless]));
    expect(run.rejected).toEqual([{ record: 'item N-1', reason: expect.stringContaining('no name') }]);
    await expect(validated(piesFile([nameless]), { priceType: 'RETAIL' })).rejects.toThrow(PRICE_TYPE_FORMAT);
  });

  it('does not delete a part for an item marked D', async () => {
    await existingPart('D-1', 'Synthetic Friction', 2);
    const run = await applied(piesFile([item({ number: 'D-1' }).replace('<Item>', '<Item MaintenanceType="D">')]));
    expect(run.rejected).toEqual([{ record: 'item D-1', reason: expect.stringContaining('MaintenanceType D') }]);
    expect((await stored('D-1'))!.name).toBe('Old name');
  });

  it('rounds a price to the cent, half up, and refuses one under a cent', async () => {
    const run = await applied(piesFile([item({ number: 'R-1', price: '1.005' }), item({ number: 'R-2', price: '0.004' })]));
    // 1.005 is 100.49999... cents in binary: rounded as the decimal it is.
    expect((await stored('R-1'))!.price).toBe(1.01);
    expect(run.rejected).toEqual([{ record: 'item R-2', reason: expect.stringContaining('from $0.01') }]);
  });

  it('converts pounds to kg to the gram, and a package under a gram counts one', async () => {
    await applied(piesFile([item({ number: 'W-1', weight: '3 LB' }), item({ number: 'W-2', weight: '0.0001 KG' })]));
    expect((await stored('W-1'))!.weightKg).toBe(1.361);
    expect((await stored('W-2'))!.weightKg).toBe(0.001);
  });
});

describe('a part the shop has', () => {
  it('is updated, never duplicated, its stock and image kept, matched however the number is written', async () => {
    const partId = await existingPart('pm bp.1001', 'synthetic friction', 7);
    const validation = await validated(fixture('pies-7.2.xml'));
    expect(validation.counts).toMatchObject({ add: 1, change: 1 });
    await applied(fixture('pies-7.2.xml'));
    const parts = await Part.find({ partNumberKey: 'PMBP1001' }).lean();
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({
      _id: partId,
      name: 'Ceramic Front Pads',
      availableQuantity: 7,
      stockSeq: 1,
      img: '/images/parts/test.svg',
    });
    expect(await StockMove.countDocuments({ partId })).toBe(1);
  });

  it("refuses an item whose number is another brand's part", async () => {
    await existingPart('PM-BP1001', 'Other Brand', 3);
    const run = await applied(fixture('pies-7.2.xml'));
    expect(run.rejected).toContainEqual({ record: 'item PM-BP1001', reason: "part number PM-BP1001 is already Other Brand's in the shop" });
    expect((await stored('PM-BP1001'))!.name).toBe('Old name');
  });

  it('reads an interchange graded O as OE, whatever its brand label, and lists each number once', async () => {
    const interchange = `<PartInterchangeInfo><PartInterchange BrandLabel="Toyota" QualityGradeLevel="O"><PartNumber>04465-02220</PartNumber>
<PartNumber>0446502220</PartNumber></PartInterchange><PartInterchange BrandAAIAID="BQXW"><PartNumber>P 83024</PartNumber></PartInterchange></PartInterchangeInfo>`;
    await applied(piesFile([item({ number: 'X-1' }).replace('</Item>', `${interchange}</Item>`)]));
    expect((await stored('X-1'))!.interchange).toEqual([
      { brand: 'Toyota', number: '04465-02220', key: '0446502220', kind: 'oe' },
      { brand: 'Synthetic Filters', number: 'P 83024', key: 'P83024', kind: 'aftermarket' },
    ]);
  });

  it("takes the first image on the shop's image hosts", async () => {
    const uri = 'https://res.cloudinary.com/shop/image/upload/pads.jpg';
    await applied(piesFile([item({ number: 'I-1', uri: 'https://images.example.invalid/a.jpg' }), item({ number: 'I-2', uri })]));
    expect((await stored('I-1'))!.img).toBe(PART_PLACEHOLDER_IMAGE);
    expect((await stored('I-2'))!.img).toBe(uri);
  });
});

describe('running again and resuming', () => {
  it('reports everything unchanged the second time and writes nothing', async () => {
    await applied(fixture('pies-7.2.xml'));
    const before = await Part.find().sort({ partNumberKey: 1 }).lean();
    expiries.length = 0;
    expect((await validated(fixture('pies-7.2.xml'))).counts).toMatchObject({ add: 0, change: 0, unchanged: 2, rejected: 1 });
    expect((await applied(fixture('pies-7.2.xml'))).counts).toMatchObject({ add: 0, change: 0, unchanged: 2, rejected: 1 });
    expect(await Part.find().sort({ partNumberKey: 1 }).lean()).toEqual(before);
    expect(expiries).toEqual([]);
  });

  it('adds each part once when two processes apply the same file at once', async () => {
    const file = piesFile(['A', 'B', 'C'].map((number) => item({ number: `T-${number}` })));
    const runs = await Promise.all([applied(file), applied(file)]);
    expect(await Part.countDocuments()).toBe(3);
    expect(runs.map((run) => run.rejected)).toEqual([[], []]);
  });

  it('counts and tells the index of the parts its first try stored when another process took a number meanwhile', async () => {
    await catalogSearch().ready();
    const file = piesFile(['A', 'B', 'C'].map((number) => item({ number: `R-${number}`, name: `Retried Caliper ${number}` })));
    const insertMany = Part.insertMany.bind(Part);
    // Another process adds R-B between this batch's plan and its write: the first insert stores R-A and R-C, then fails.
    const between = jest.spyOn(Part, 'insertMany').mockImplementationOnce((async (docs: never, options: never) => {
      await existingPart('R-B', 'Synthetic Friction', 4);
      return insertMany(docs, options);
    }) as never);
    const run = await applied(file);
    expect(between).toHaveBeenCalledTimes(1);
    between.mockRestore();
    const parts = await Part.find({}, { partNumber: 1, name: 1, availableQuantity: 1 }).sort({ partNumber: 1 }).lean();
    expect(parts.map(({ partNumber, name, availableQuantity }) => [partNumber, name, availableQuantity])).toEqual([
      ['R-A', 'Retried Caliper A', 0],
      ['R-B', 'Retried Caliper B', 4],
      ['R-C', 'Retried Caliper C', 0],
    ]);
    expect(run.counts).toMatchObject({ read: 3, add: 2, change: 1, unchanged: 0, rejected: 0 });
    // Right after the import, with no reload of the index.
    const found = await catalogSearch().search(searchQuerySchema.parse({ q: 'Retried Caliper' }));
    expect([...found.ids].sort()).toEqual(parts.map((part) => String(part._id)).sort());
  });

  it('tells the index again of the parts a stopped run stored before it could tell them', async () => {
    await catalogSearch().ready();
    const file = piesFile(['A', 'B'].map((number) => item({ number: `U-${number}`, name: `Untold Drum ${number}` })));
    globalForCache.__shopExpireTags = async () => {
      globalForCache.__shopExpireTags = async (tags) => void expiries.push(tags);
      throw new Error('killed');
    };
    await expect(applied(file)).rejects.toThrow('killed');
    expect(await Part.countDocuments()).toBe(2);
    const search = async () => (await catalogSearch().search(searchQuerySchema.parse({ q: 'Untold Drum' }))).ids;
    expect(await search()).toHaveLength(0);
    // Not resumed: a second run of a file finds nothing to tell.
    expect((await applied(file)).counts).toMatchObject({ unchanged: 2 });
    expect(await search()).toHaveLength(0);
    const again = await applied(file, {}, 0, true);
    expect(again.counts).toMatchObject({ add: 0, unchanged: 2 });
    const parts = await Part.find({}, { _id: 1 }).lean();
    expect([...(await search())].sort()).toEqual(parts.map((part) => String(part._id)).sort());
  });

  it('writes in batches, tells the catalog once per batch, and resumes from `from`', async () => {
    const numbers = Array.from({ length: PIES_BATCH * 2 + 10 }, (_, index) => `B-${index}`);
    const file = piesFile(numbers.map((number) => item({ number })));
    const resumed = await applied(file, {}, PIES_BATCH);
    expect(resumed.checkpoints).toEqual([PIES_BATCH * 2, PIES_BATCH * 2 + 10]);
    expect(resumed.counts).toMatchObject({ read: PIES_BATCH + 10, add: PIES_BATCH + 10 });
    expect(await Part.countDocuments()).toBe(PIES_BATCH + 10);
    expect(await stored(`B-${PIES_BATCH - 1}`)).toBeNull();
    expect(await stored(`B-${PIES_BATCH}`)).not.toBeNull();
    expect(expiries.filter((tags) => tags.includes('catalog'))).toHaveLength(2);
    expect(expiries[0]!.length).toBe(PIES_BATCH + 1);

    const whole = await applied(file);
    expect(whole.checkpoints).toEqual([PIES_BATCH, PIES_BATCH * 2, PIES_BATCH * 2 + 10]);
    expect(whole.counts).toMatchObject({ add: PIES_BATCH, unchanged: PIES_BATCH + 10 });
    expect(await Part.countDocuments()).toBe(numbers.length);
  });
});

describe('core charges (issue 47)', () => {
  it('reads the core charge from the Pricing of the import’s core price type, in the shop’s currency, to the cent', async () => {
    const pads = await existingPart('PM-BP1009', 'Synthetic Friction', 4);
    await Part.updateOne({ _id: pads }, { coreCharge: 12 });
    const run = await applied(fixture('pies-7.2-cores.xml'), { corePriceType: 'cre' });
    expect(run.counts).toMatchObject({ read: 3, add: 1, change: 1, rejected: 1 });
    // 35.005 rounds half up to the cent, as a price does.
    expect((await stored('PM-CA4001'))!.coreCharge).toBe(35.01);
    expect(run.rejected).toEqual([
      { record: 'item PM-ST5001', reason: expect.stringContaining("the CRE core charge is in CAD, not the shop's USD") },
    ]);
    // The supplier sends no core for the pads: the part has none any more.
    expect((await stored('PM-BP1009'))!.coreCharge).toBeNull();
  });

  it('leaves core charges as they are when the import names no core price type, and refuses one that is none', async () => {
    const pads = await existingPart('PM-BP1009', 'Synthetic Friction', 4);
    await Part.updateOne({ _id: pads }, { coreCharge: 12 });
    await applied(fixture('pies-7.2-cores.xml'));
    expect((await stored('PM-CA4001'))!.coreCharge).toBeNull();
    expect((await stored('PM-BP1009'))!.coreCharge).toBe(12);
    await expect(validated(fixture('pies-7.2-cores.xml'), { corePriceType: 'core price' })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { corePriceType: [PRICE_TYPE_FORMAT] },
    });
  });
});
