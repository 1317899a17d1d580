import { readFitment, replaceFitment } from '@/lib/catalog/fitment-store';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { forgetReferenceData } from '@/lib/vehicles';
import { CatalogChange, Part, StockMove, Vehicle } from '@/models';
import { ImportFileError } from './formats/errors';
import { CSV_BATCH, csvHandler } from './csv-handler';
import type { ApplyRun, ImportCounts, Rejection } from './handler';

const DIR = mkdtempSync(path.join(tmpdir(), 'csv-import-'));
let files = 0;
const DESCRIPTION = 'Low-dust ceramic pads with shims and a wear sensor, for quiet stops in city traffic.';
const PARTS_HEADER = 'brand,part_number,name,description,price,category,unit,weight_kg,image_url,position,oe_numbers';
const FITMENT_HEADER = 'brand,part_number,make,model,year_from,year_to,engine,submodel,position,quantity,notes,qualifiers';
const IMG = '/images/parts/ceramic-front-brake-pad-set.svg';

/** A CSV file on disk, as an upload is stored. */
function csvFile(...lines: string[]): string {
  const file = path.join(DIR, `${++files}.csv`);
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

const partLine = (number: string, overrides: Partial<Record<'brand' | 'name' | 'price' | 'oe' | 'img' | 'category', string>> = {}) =>
  [
    overrides.brand ?? 'Stopline',
    number,
    overrides.name ?? `Pad Set ${number}`,
    `"${DESCRIPTION}"`,
    overrides.price ?? '54.90',
    overrides.category ?? 'Brakes',
    'set',
    '1.2',
    overrides.img ?? IMG,
    'front',
    overrides.oe ?? '',
  ].join(',');

/** A run as the import job gives it, recording what the handler reports. */
function runOf(file: string, from = 0, resumed = from > 0) {
  const counts: ImportCounts = { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 };
  const rejected: Rejection[] = [];
  const checkpoints: number[] = [];
  const run: ApplyRun = {
    importId: `imp-${files}-${from}`,
    file,
    fileName: path.basename(file),
    options: {},
    counts,
    reject: (rejection) => void rejected.push(rejection),
    progress: async () => {},
    signal: new AbortController().signal,
    from,
    resumed,
    checkpoint: async (done) => void checkpoints.push(done),
  };
  return { run, counts, rejected, checkpoints };
}

async function validate(file: string) {
  const result = runOf(file);
  await csvHandler.validate(result.run);
  return result;
}
async function apply(file: string, from = 0, resumed = from > 0) {
  const result = runOf(file, from, resumed);
  await csvHandler.apply(result.run);
  return result;
}
const counted = (counts: Partial<ImportCounts>) => ({ read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0, ...counts });

beforeAll(async () => {
  await connectDb();
  await Vehicle.create({
    _id: 'toyota-corolla-2014',
    make: 'Toyota',
    model: 'Corolla',
    yearFrom: 2014,
    yearTo: 2019,
    engines: [{ name: '1.8L I4', yearFrom: 2014, yearTo: 2019 }],
  });
  forgetReferenceData();
});

describe('the CSV header', () => {
  it.each([
    ['neither file', 'brand,part_number,price', 'names neither a parts file'],
    ['a parts file without its price', 'brand,part_number,name,description', "the parts file's header lacks price"],
    ['a fitment file without year_to', 'brand,part_number,make,model,year_from', "the fitment file's header lacks year_to"],
    ['a column twice', `${PARTS_HEADER},Name`, 'the header names name twice'],
  ])('stops %s at line 1, writing nothing', async (_, header, reason) => {
    const before = await Part.countDocuments();
    const error = await apply(csvFile(header, partLine('HDR-1'))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ line: 1, reason: expect.stringContaining(reason) });
    expect(await Part.countDocuments()).toBe(before);
  });

  it('stops an empty file', async () => {
    await expect(validate(csvFile(''))).rejects.toThrow('the file is empty');
  });

  it('reads columns by name in any order and spelling, ignoring others', async () => {
    const file = csvFile(
      'Notes,Price,Description,Name,Part Number,BRAND,Image URL,OE Numbers',
      `x,19.5,"${DESCRIPTION}",Spelled Part,SP-1,Stopline,${IMG},9999-1`,
    );
    const { counts } = await apply(file);
    expect(counts).toEqual(counted({ read: 1, add: 1 }));
    expect(await Part.findOne({ partNumberKey: 'SP1' }).lean()).toMatchObject({ name: 'Spelled Part', price: 19.5, category: 'other' });
  });
});

describe('the parts file', () => {
  it('validates without writing: parts to add and to change, with each rejected line and its reason', async () => {
    await apply(csvFile(PARTS_HEADER, partLine('VAL-1')));
    const before = await Part.countDocuments();
    const changes = await CatalogChange.countDocuments();
    const { counts, rejected } = await validate(
      csvFile(PARTS_HEADER, partLine('VAL-1', { price: '60' }), partLine('VAL-2'), partLine('VAL-3', { price: '$5' })),
    );
    expect(counts).toEqual(counted({ read: 3, add: 1, change: 1, rejected: 1 }));
    expect(rejected).toEqual([{ record: 'line 4', reason: 'Price must be a number like 12.50' }]);
    expect(await Part.countDocuments()).toBe(before);
    expect(await CatalogChange.countDocuments()).toBe(changes);
    expect((await Part.findOne({ partNumberKey: 'VAL1' }).lean())!.price).toBe(54.9);
  });

  it('adds a part with no stock, its OE numbers as OE interchange numbers, and the fields of each column', async () => {
    const { counts } = await apply(csvFile(PARTS_HEADER, partLine('ADD-1', { oe: '04465-02220; 04465 12610' })));
    expect(counts).toEqual(counted({ read: 1, add: 1 }));
    const part = await Part.findOne({ partNumberKey: 'ADD1' }).lean();
    expect(part).toMatchObject({
      brand: 'Stopline',
      partNumber: 'ADD-1',
      name: 'Pad Set ADD-1',
      description: DESCRIPTION,
      price: 54.9,
      category: 'brakes',
      unit: 'set',
      weightKg: 1.2,
      img: IMG,
      position: 'front',
      availableQuantity: 0,
      stockSeq: 0,
      interchange: [
        { kind: 'oe', number: '04465-02220', key: '0446502220' },
        { kind: 'oe', number: '04465 12610', key: '0446512610' },
      ],
    });
    expect(await StockMove.countDocuments({ partId: part!._id })).toBe(0);
  });

  it('updates the part of the same brand and normalised number, never a second one, and never its stock', async () => {
    const id = new Types.ObjectId();
    await Part.create({
      _id: id,
      name: 'Old name',
      description: DESCRIPTION,
      price: 10,
      img: IMG,
      brand: 'STOPLINE',
      partNumber: 'UPD-1',
      partNumberKey: 'UPD1',
      availableQuantity: 7,
      stockSeq: 1,
      interchange: [{ kind: 'aftermarket', brand: 'Bosch', number: 'B-1', key: 'B1' }],
    });
    const before = await Part.countDocuments();
    const { counts } = await apply(csvFile(PARTS_HEADER, partLine('upd 1', { name: 'New name', oe: '1234-5' })));
    expect(counts).toEqual(counted({ read: 1, change: 1 }));
    expect(await Part.countDocuments()).toBe(before);
    expect(await Part.findById(id).lean()).toMatchObject({
      name: 'New name',
      partNumber: 'upd 1',
      availableQuantity: 7,
      stockSeq: 1,
      // The file's OE numbers join the part's aftermarket ones.
      interchange: [
        { kind: 'oe', number: '1234-5', key: '12345' },
        { kind: 'aftermarket', brand: 'Bosch', number: 'B-1', key: 'B1' },
      ],
    });
  });

  it('leaves a field whose column the file lacks as it is, and clears a blank position', async () => {
    await apply(csvFile(PARTS_HEADER, partLine('KEEP-1', { category: 'filters' })));
    const file = csvFile('brand,part_number,name,description,price,position', `Stopline,KEEP-1,Kept,"${DESCRIPTION}",54.90,`);
    expect((await apply(file)).counts).toEqual(counted({ read: 1, change: 1 }));
    const part = await Part.findOne({ partNumberKey: 'KEEP1' }).lean();
    expect(part).toMatchObject({ name: 'Kept', category: 'filters', unit: 'set', weightKg: 1.2 });
    expect(part!.position).toBeUndefined();
  });

  it.each([
    ['a price with a currency sign', partLine('REJ-1', { price: '$5' }), 'Price must be a number like 12.50'],
    ['a price of three decimals', partLine('REJ-2', { price: '5.123' }), 'Price can have at most two decimals'],
    ['a blank name', partLine('REJ-3', { name: '' }), 'Name is Required'],
    ['an unknown category', partLine('REJ-4', { category: 'Spoilers' }), 'Choose a category'],
    ['an image from another site', partLine('REJ-5', { img: 'https://example.com/a.png' }), 'Upload the image through the shop'],
    ['a new part without an image', partLine('REJ-6', { img: '' }), 'Image is Required for a new part (image_url)'],
    ['a part number with other characters', partLine('REJ#7'), 'Part number has letters, digits, spaces, dashes, dots or slashes only'],
    [
      'an OE number with other characters',
      partLine('REJ-8', { oe: '04465*02220' }),
      'OE number has letters, digits, spaces, dashes, dots or slashes only',
    ],
    [
      'another brand of a catalog part number',
      partLine('KEEP-1', { brand: 'Akebono' }),
      'Part number KEEP-1 belongs to a Stopline part in the catalog',
    ],
    ['too few cells', 'Stopline,REJ-9,Short', 'The line has 3 cells; the header has 11'],
    ['a short description', partLine('REJ-10').replace(`"${DESCRIPTION}"`, 'Too short'), 'Give Description 50 characters or longer'],
    ['a unit the shop does not sell by', partLine('REJ-11').replace(',set,', ',box,'), 'Unit is one of piece, pair, set, kit'],
  ])('rejects %s with its line and reason, writing nothing for it', async (_, line, reason) => {
    const before = await Part.countDocuments();
    const { counts, rejected } = await apply(csvFile(PARTS_HEADER, partLine('OK-REJ'), line));
    expect(rejected).toEqual([{ record: 'line 3', reason }]);
    expect(counts).toMatchObject({ read: 2, rejected: 1 });
    expect(await Part.countDocuments()).toBe(before + (counts.add ? 1 : 0));
  });

  it('rejects a part number the file already had (normalised), keeping the first', async () => {
    const { counts, rejected } = await apply(csvFile(PARTS_HEADER, partLine('DUP-1'), partLine('dup 1', { name: 'Second' })));
    expect(counts).toEqual(counted({ read: 2, add: 1, rejected: 1 }));
    expect(rejected).toEqual([{ record: 'line 3', reason: 'Part number dup 1 is already on line 2' }]);
    expect(await Part.find({ partNumberKey: 'DUP1' }).lean()).toEqual([expect.objectContaining({ name: 'Pad Set DUP-1' })]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const file = csvFile(PARTS_HEADER, partLine('AGAIN-1', { oe: '111-1;222-2' }), partLine('AGAIN-2'));
    expect((await apply(file)).counts).toEqual(counted({ read: 2, add: 2 }));
    const stored = await Part.find({ partNumberKey: { $in: ['AGAIN1', 'AGAIN2'] } }).lean();
    const changes = await CatalogChange.countDocuments();
    expect((await validate(file)).counts).toEqual(counted({ read: 2, unchanged: 2 }));
    expect((await apply(file)).counts).toEqual(counted({ read: 2, unchanged: 2 }));
    expect(await Part.find({ partNumberKey: { $in: ['AGAIN1', 'AGAIN2'] } }).lean()).toEqual(stored);
    expect(await CatalogChange.countDocuments()).toBe(changes);
  });

  it('applies in batches, checkpointing each, and resumes from `from` without the records before it', async () => {
    const lines = Array.from({ length: CSV_BATCH + 5 }, (_, i) => partLine(`RES-${i}`));
    const file = csvFile(PARTS_HEADER, ...lines, partLine('res 1'));
    const { counts, checkpoints, rejected } = await apply(file, CSV_BATCH);
    // Records 0..199 were applied by an earlier run: none written now, but the repeat of record 1 is still found.
    expect(checkpoints).toEqual([CSV_BATCH + 6]);
    expect(counts).toEqual(counted({ read: 6, add: 5, rejected: 1 }));
    expect(rejected).toEqual([{ record: `line ${CSV_BATCH + 7}`, reason: 'Part number res 1 is already on line 3' }]);
    expect(await Part.countDocuments({ partNumberKey: /^RES/ })).toBe(5);
    const whole = await apply(file);
    expect(whole.checkpoints).toEqual([CSV_BATCH, CSV_BATCH + 6]);
    expect(whole.counts).toEqual(counted({ read: CSV_BATCH + 6, add: CSV_BATCH, unchanged: 5, rejected: 1 }));
    expect(await Part.countDocuments({ partNumberKey: /^RES/ })).toBe(CSV_BATCH + 5);
  }, 120_000);

  it('tells the catalog again of the parts of its first batch after a stop, changed or not', async () => {
    const file = csvFile(PARTS_HEADER, partLine('TOLD-1'), partLine('TOLD-2'));
    await apply(file);
    const ids = (await Part.find({ partNumberKey: /^TOLD/ }, { _id: 1 }).lean()).map((part) => `part:${String(part._id)}`);
    const told: string[][] = [];
    const hooks = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };
    hooks.__shopExpireTags = async (tags) => void told.push(tags);
    try {
      expect((await apply(file)).counts).toEqual(counted({ read: 2, unchanged: 2 }));
      expect(told).toEqual([]);
      expect((await apply(file, 0, true)).counts).toEqual(counted({ read: 2, unchanged: 2 }));
      expect(
        told
          .flat()
          .filter((tag) => tag.startsWith('part:'))
          .sort(),
      ).toEqual(ids.sort());
    } finally {
      delete hooks.__shopExpireTags;
    }
  });
});

describe('the fitment file', () => {
  let part: Types.ObjectId;
  beforeAll(async () => {
    await apply(csvFile(PARTS_HEADER, partLine('FIT-1')));
    part = (await Part.findOne({ partNumberKey: 'FIT1' }).lean())!._id;
    await replaceFitment(part, [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2015, notes: 'By hand' }]);
  });

  const fitLine = (
    overrides: Partial<Record<'brand' | 'number' | 'make' | 'from' | 'to' | 'engine' | 'quantity' | 'qualifiers', string>> = {},
  ) =>
    [
      overrides.brand ?? 'Stopline',
      overrides.number ?? 'FIT-1',
      overrides.make ?? 'toyota',
      'Corolla',
      overrides.from ?? '2016',
      overrides.to ?? '2019',
      overrides.engine ?? '1.8L I4',
      'LE',
      'Front',
      overrides.quantity ?? '2',
      'Ceramic',
      overrides.qualifiers ?? 'With 288 mm front rotors; Except hybrid',
    ].join(',');

  it('validates without writing, then adds the row with its source, keeping the rows entered by hand', async () => {
    const file = csvFile(FITMENT_HEADER, fitLine());
    expect((await validate(file)).counts).toEqual(counted({ read: 1, add: 1 }));
    expect((await readFitment(part)).rows).toHaveLength(1);
    const { run, counts } = await apply(file);
    expect(counts).toEqual(counted({ read: 1, add: 1 }));
    const { rows: fitment } = await readFitment(part);
    expect(fitment).toEqual([
      expect.objectContaining({ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2015, notes: 'By hand' }),
      expect.objectContaining({
        make: 'Toyota',
        model: 'Corolla',
        yearFrom: 2016,
        yearTo: 2019,
        engine: '1.8L I4',
        subModel: 'LE',
        position: 'Front',
        quantity: 2,
        notes: 'Ceramic',
        qualifiers: [{ text: 'With 288 mm front rotors' }, { text: 'Except hybrid' }],
        source: { importId: run.importId, appId: 'line 2' },
      }),
    ]);
    expect(fitment[0]!.source).toBeUndefined();
  });

  it('changes nothing on a second import, and changes the row (never adds one) when its quantity changes', async () => {
    expect((await apply(csvFile(FITMENT_HEADER, fitLine()))).counts).toEqual(counted({ read: 1, unchanged: 1 }));
    expect((await apply(csvFile(FITMENT_HEADER, fitLine({ quantity: '4' })))).counts).toEqual(counted({ read: 1, change: 1 }));
    const { rows: fitment } = await readFitment(part);
    expect(fitment).toHaveLength(2);
    expect(fitment[1]!.quantity).toBe(4);
  });

  it.each([
    ['a part not in the catalog', fitLine({ number: 'NOPE-1' }), 'Part Stopline NOPE-1 is not in the catalog'],
    ['a part of another brand', fitLine({ brand: 'Akebono' }), 'Part Akebono FIT-1 is not in the catalog'],
    ['a make not in the vehicle list', fitLine({ make: 'Trabant' }), 'Trabant is not in the vehicle list'],
    ['a year the model was not made', fitLine({ make: 'Toyota', to: '2020' }), 'The Toyota Corolla was not made in 2020'],
    [
      'an engine the model never had',
      fitLine({ make: 'Toyota', engine: '2.0L I4' }),
      'The Toyota Corolla has no 2.0L I4 engine in the vehicle list',
    ],
    ['years that run backwards', fitLine({ from: '2018', to: '2016' }), 'The last year cannot be before the first year'],
    ['a year that is not a number', fitLine({ from: 'soon' }), 'From year is Required'],
    ['a quantity of 0', fitLine({ quantity: '0' }), 'Quantity must be at least 1'],
    ['a quantity that is not whole', fitLine({ quantity: '1.5' }), 'Quantity must be a whole number'],
    ['a qualifier over 300 characters', fitLine({ qualifiers: 'q'.repeat(301) }), 'A qualifier is at most 300 characters'],
  ])('rejects %s with its line and reason, writing nothing', async (_, line, reason) => {
    const before = (await readFitment(part)).rows;
    const { counts, rejected } = await apply(csvFile(FITMENT_HEADER, line));
    expect(rejected).toEqual([{ record: 'line 2', reason }]);
    expect(counts).toEqual(counted({ read: 1, rejected: 1 }));
    expect((await readFitment(part)).rows).toEqual(before);
  });

  it('rejects a row the file already had for the same part, vehicle, submodel and position', async () => {
    const { counts, rejected } = await validate(
      csvFile(FITMENT_HEADER, fitLine({ from: '2017' }), fitLine({ from: '2017', quantity: '1' })),
    );
    expect(counts).toEqual(counted({ read: 2, add: 1, rejected: 1 }));
    expect(rejected).toEqual([{ record: 'line 3', reason: 'Repeats the row of line 2 (same part, vehicle, submodel and position)' }]);
  });
});

describe('the templates', () => {
  it.each(['parts.csv', 'fitment.csv'])('%s is a header and two example rows the import reads without a rejection', async (name) => {
    const file = path.join(process.cwd(), 'public/templates', name);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    if (name === 'fitment.csv') await apply(path.join(process.cwd(), 'public/templates/parts.csv'));
    const { counts, rejected } = await validate(file);
    expect(rejected).toEqual([]);
    expect(counts.read).toBe(2);
  });
});
