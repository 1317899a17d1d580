import { readFitment, replaceFitment } from '@/lib/catalog/fitment-store';
import { copyFileSync, existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { acesHandler, PLAN_APPS } from '@/lib/imports/aces-handler';
import { MAX_APP_QTY } from '@/lib/imports/aces-scan';
import { importFilePath, keptScanOf, removeImportFile } from '@/lib/imports/jobs/files';
import { VehicleCache } from '@/lib/imports/aces-vehicles';
import { setEnv } from '@/tests/helpers/env';
import { ImportMappings, Part, PartFitment } from '@/models';
import { FIXTURES, acesFile, app, appIdsOf, rowsOf, runOf, seedVcdb, supplierPart } from '@/tests/helpers/aces-import';

/** Each catalogChanged call expires tags once through this hook (lib/platform/cache.ts): one call a batch. */
const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };
const expiries: string[][] = [];
beforeAll(() => {
  globalForCache.__shopExpireTags = async (tags) => void expiries.push(tags);
});
afterAll(() => {
  delete globalForCache.__shopExpireTags;
});

const fixture = (name: string) => path.join(FIXTURES, name);
const HAND_ROW = { make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015, notes: 'entered by hand' };
const imported = (appId: string, brandAAIAID: string, importId = 'import-old') => ({
  ...{ make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015, baseVehicleId: 900001, positionId: 22, quantity: 1 },
  source: { importId, appId, brandAAIAID },
});

async function applied(file: string, options: { importId?: string } = {}) {
  const test = runOf(file, options);
  await acesHandler.apply(test.run);
  return test;
}

beforeAll(async () => {
  await seedVcdb();
});

beforeEach(async () => {
  await Part.deleteMany({});
  await PartFitment.deleteMany({});
  const parts: [string, string][] = [
    ['PM-BP1001', 'BQXT'],
    ['PM-RT2001', 'BQXT'],
    ['PM-BP1002', 'BQXT'],
    ['PM-BP1003', 'BQXZ'],
    ['PM-OF3001', 'BQXW'],
    ['PM-AF3101', 'BQXW'],
  ];
  for (const [number, brand] of parts) await supplierPart(number, brand);
});

describe('the ACES fixtures', () => {
  it('validates ACES 4.2 without writing, then applies each App as a fitment row', async () => {
    const check = runOf(fixture('aces-4.2-full.xml'));
    await acesHandler.validate(check.run);
    expect(check.run.counts).toEqual({ read: 3, add: 3, change: 0, remove: 0, unchanged: 0, rejected: 0 });
    expect(await rowsOf('PM-BP1001')).toEqual([]);

    const { run } = await applied(fixture('aces-4.2-full.xml'));
    expect(run.counts).toEqual({ read: 3, add: 3, change: 0, remove: 0, unchanged: 0, rejected: 0 });
    expect(await rowsOf('PM-BP1001')).toEqual([
      {
        ...{ make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015, engine: '1.8L L4', baseVehicleId: 900001 },
        ...{ subModel: 'LE', subModelId: 901, engineBaseId: 9801, position: 'Front', positionId: 22, quantity: 1, partTypeId: 1684 },
        notes: 'Ceramic pads & shims <included>; Ø 288 mm rotors only',
        qualifiers: [{ text: 'With 288 mm Front Rotors', qdbId: 9001 }, { text: 'EngineVIN 23' }, { text: 'Aspiration 6' }],
        source: { importId: run.importId, appId: '1', brandAAIAID: 'BQXT' },
      },
    ]);
    const [rotors] = await rowsOf('PM-RT2001');
    expect(rotors).toMatchObject({ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2016, subModel: 'S', quantity: 2 });
    expect(rotors).toMatchObject({ position: 'Position 22', notes: 'Front; Vented' });
    expect(rotors!.qualifiers).toEqual([
      { text: 'With 320 mm x 12.6 in Rotors', qdbId: 9002 },
      { text: 'Without Sport Package', qdbId: 9003 },
      { text: 'BodyType 5' },
      { text: 'DriveType 6' },
    ]);
    expect(rotors!.baseVehicleId).toBeUndefined();
  });

  it('reads ACES 3.2 in ISO-8859-1, with Years + Make + Model and a FuelType kept as a qualifier', async () => {
    const { run } = await applied(fixture('aces-3.2-full.xml'));
    expect(run.counts).toMatchObject({ read: 2, add: 2, rejected: 0 });
    expect(await rowsOf('PM-OF3001')).toMatchObject([
      { make: 'Toyota', yearFrom: 2015, engine: '1.8L L4', notes: 'Filtre synthétique, réf. 12°', qualifiers: [{ text: 'FuelType 5' }] },
    ]);
    expect(await rowsOf('PM-AF3101')).toMatchObject([{ make: 'Honda', model: 'Civic', yearFrom: 2012, yearTo: 2015 }]);
  });

  it('applies an ACES 4.1 net change: deletes App 3, adds App 4 under its Part brand, rejects Qty 0, keeps the rest', async () => {
    await applied(fixture('aces-4.2-full.xml'));
    const { run, rejections } = await applied(fixture('aces-4.1-net.xml'));
    expect(run.counts).toEqual({ read: 3, add: 1, change: 0, remove: 1, unchanged: 0, rejected: 1 });
    expect(rejections).toEqual([{ record: 'App 5', reason: 'Qty must be a whole number above 0, not "0"' }]);
    expect(await rowsOf('PM-BP1002')).toEqual([]);
    expect(await rowsOf('PM-BP1003')).toMatchObject([
      { make: 'Toyota', yearFrom: 2016, engine: '2.0L L4', notes: 'Rear', source: { appId: '4', brandAAIAID: 'BQXZ' } },
    ]);
    expect(await appIdsOf('PM-BP1001')).toEqual(['1']);
    expect(await appIdsOf('PM-RT2001')).toEqual(['2']);
  });
});

describe("positions named by the admin's table", () => {
  const setPositions = (positions: Array<{ positionId: number; name: string }>) =>
    ImportMappings.updateOne({ _id: 'pies' }, { $set: { positions } }, { upsert: true });
  afterEach(() => ImportMappings.deleteMany({}));

  // A mapped id alone, an id the file names itself, an id not in the table: three vehicles, one part.
  const file = () =>
    acesFile([
      app({ id: 1, position: 22 }),
      app({ id: 2, vehicle: '<BaseVehicle id="900003"/>' }).replace('<Position id="22"/>', '<Position id="22">Front Axle</Position>'),
      app({ id: 3, vehicle: '<BaseVehicle id="900004"/>', position: 12 }),
    ]);
  const positions = async () => (await rowsOf('PM-BP1001')).map((row) => [row.source?.appId, row.position, row.positionId] as const);

  it("stores the table's name for an id sent alone, the file's own name when it sends one, an unmapped id as Position N", async () => {
    await setPositions([
      { positionId: 22, name: 'Front' },
      { positionId: 30, name: 'Rear' },
    ]);
    const { run } = await applied(file());
    expect(run.counts).toEqual({ read: 3, add: 3, change: 0, remove: 0, unchanged: 0, rejected: 0 });
    expect(await positions()).toEqual([
      ['1', 'Front', 22],
      ['2', 'Front Axle', 22],
      ['3', 'Position 12', 12],
    ]);
  });

  it('names the rows of imports run after a change to the table; the rows stored before keep their name', async () => {
    const sent = file();
    await applied(sent);
    expect(await positions()).toEqual([
      ['1', 'Position 22', 22],
      ['2', 'Front Axle', 22],
      ['3', 'Position 12', 12],
    ]);
    await setPositions([{ positionId: 12, name: 'Rear Left' }]);
    expect((await positions()).map(([, name]) => name)).toEqual(['Position 22', 'Front Axle', 'Position 12']);

    const check = runOf(sent);
    await acesHandler.validate(check.run);
    expect(check.run.counts).toEqual({ read: 3, add: 0, change: 1, remove: 0, unchanged: 2, rejected: 0 });
    await applied(sent);
    expect(await positions()).toEqual([
      ['1', 'Position 22', 22],
      ['2', 'Front Axle', 22],
      ['3', 'Rear Left', 12],
    ]);
  });
});

describe('FULL and net change', () => {
  beforeEach(async () => {
    const { _id } = (await Part.findOne({ partNumber: 'PM-BP1001' }).lean())!;
    await replaceFitment(_id, [HAND_ROW, imported('99', 'BQXT'), { ...imported('99', 'BQXZ'), positionId: 30 }]);
  });

  it('FULL removes the brand rows the file did not send; hand rows and other brands stay', async () => {
    const check = runOf(fixture('aces-4.2-full.xml'));
    await acesHandler.validate(check.run);
    expect(check.run.counts).toMatchObject({ add: 3, remove: 1 });
    expect(await appIdsOf('PM-BP1001')).toEqual(['hand', '99', '99']);

    const { run } = await applied(fixture('aces-4.2-full.xml'));
    expect(run.counts).toMatchObject({ add: 3, remove: 1 });
    const rows = await rowsOf('PM-BP1001');
    expect(rows.map((row) => [row.source?.brandAAIAID ?? 'hand', row.source?.appId ?? row.notes])).toEqual([
      ['hand', 'entered by hand'],
      ['BQXZ', '99'],
      ['BQXT', '1'],
    ]);
  });

  it('a net change only adds: the rows it does not send stay', async () => {
    const { run } = await applied(acesFile([app({ id: 1 })]));
    expect(run.counts).toMatchObject({ add: 1, remove: 0 });
    expect(await appIdsOf('PM-BP1001')).toEqual(['hand', '99', '99', '1']);
  });

  it('action D removes the row with its brand and App id, else the row of the same part, vehicle, position and qualifiers', async () => {
    const byId = runOf(acesFile([app({ id: 99, action: 'D', part: 'PM-BP1001' })]));
    await acesHandler.apply(byId.run);
    expect(byId.run.counts).toMatchObject({ remove: 1 });
    expect(await appIdsOf('PM-BP1001')).toEqual(['hand', '99']);

    const { _id } = (await Part.findOne({ partNumber: 'PM-BP1001' }).lean())!;
    await replaceFitment(_id, [...(await readFitment(_id)).rows, imported('50', 'BQXT')]);
    const bySameFit = runOf(acesFile([app({ id: 77, action: 'D' })]));
    await acesHandler.apply(bySameFit.run);
    expect(bySameFit.run.counts).toMatchObject({ remove: 1, unchanged: 0 });
    expect(await appIdsOf('PM-BP1001')).toEqual(['hand', '99']);
  });

  it('re-importing the same file reports everything unchanged and adds nothing', async () => {
    await applied(fixture('aces-4.2-full.xml'));
    const revisions = async () => (await PartFitment.find({}, { rev: 1 }).sort({ _id: 1 }).lean()).map((doc) => doc.rev);
    const before = await Promise.all(['PM-BP1001', 'PM-RT2001', 'PM-BP1002'].map(rowsOf));
    const revisionsBefore = await revisions();
    expiries.length = 0;

    const check = runOf(fixture('aces-4.2-full.xml'));
    await acesHandler.validate(check.run);
    expect(check.run.counts).toEqual({ read: 3, add: 0, change: 0, remove: 0, unchanged: 3, rejected: 0 });
    const { run } = await applied(fixture('aces-4.2-full.xml'));
    expect(run.counts).toEqual({ read: 3, add: 0, change: 0, remove: 0, unchanged: 3, rejected: 0 });

    // Nothing written: the rows still name the import that wrote them, and no part's revision moved.
    expect(await Promise.all(['PM-BP1001', 'PM-RT2001', 'PM-BP1002'].map(rowsOf))).toEqual(before);
    expect(await revisions()).toEqual(revisionsBefore);
    expect(expiries).toEqual([]);
  });

  it('a changed App replaces its row in place; moved to another part by a FULL file, its old row goes', async () => {
    await applied(acesFile([app({ id: 5 })]));
    const changed = await applied(acesFile([app({ id: 5, qty: 2 })]));
    expect(changed.run.counts).toMatchObject({ add: 0, change: 1, unchanged: 0 });
    expect((await rowsOf('PM-BP1001')).map((row) => [row.source?.appId ?? 'hand', row.quantity])).toEqual([
      ['hand', undefined],
      ['99', 1],
      ['99', 1],
      ['5', 2],
    ]);

    const moved = await applied(acesFile([app({ id: 5, qty: 2, part: 'PM-RT2001' })], { full: true }));
    expect(moved.run.counts).toMatchObject({ add: 0, change: 1, remove: 1 });
    expect(await appIdsOf('PM-BP1001')).toEqual(['hand', '99']);
    expect(await rowsOf('PM-RT2001')).toMatchObject([{ quantity: 2, source: { appId: '5' } }]);
  });
});

it('stops at the first batch when the admin cancels, writing nothing', async () => {
  const cancelled = runOf(fixture('aces-4.2-full.xml'));
  const admin = new AbortController();
  admin.abort();
  cancelled.run.signal = admin.signal;
  await expect(acesHandler.apply(cancelled.run)).rejects.toThrow();
  expect(cancelled.checkpoints).toEqual([]);
  expect(await rowsOf('PM-BP1001')).toEqual([]);
});

describe('a part holding only rows entered by hand', () => {
  it('gets the imported rows beside them: its insert is refused, so it is read and rewritten', async () => {
    const { _id } = (await Part.findOne({ partNumber: 'PM-BP1002' }).lean())!;
    await replaceFitment(_id, [HAND_ROW]);
    const { run } = await applied(acesFile([app({ id: 8, part: 'PM-BP1002' })]));
    expect(run.counts).toMatchObject({ add: 1 });
    expect(await appIdsOf('PM-BP1002')).toEqual(['hand', '8']);
    expect((await readFitment(_id)).rev).toBe(2);
  });
});

describe('buckets', () => {
  const ACES_BATCH = 500;
  const APPS = 2 * ACES_BATCH + 200;
  const PARTS = Array.from({ length: 24 }, (_, at) => `PM-BK${4000 + at}`);
  let restore: () => void;
  beforeAll(() => (restore = setEnv({ IMPORT_BATCH_APPS: String(ACES_BATCH) })));
  afterAll(() => restore());
  beforeEach(async () => {
    for (const number of PARTS) await supplierPart(number, 'BQXT');
  });
  // Apps that differ by a qualifier's value, the parts taking turns: every part is named in every batch.
  const bigFile = () =>
    acesFile(
      Array.from({ length: APPS }, (_, at) =>
        app({
          id: at + 1,
          part: PARTS[at % PARTS.length],
          extra: `<Qual id="9001"><param value="${at}"/><text>With ${at} mm rotors</text></Qual>`,
        }),
      ),
    );
  const allAppIds = async () => (await Promise.all(PARTS.map(appIdsOf))).flat();
  const revisions = async () => (await PartFitment.find({}, { rev: 1 }).lean()).map((doc) => doc.rev);

  it('writes each part once whatever the order of the file, a checkpoint a bucket, the catalog told once a part', async () => {
    const file = bigFile();
    expiries.length = 0;
    const { run, checkpoints } = await applied(file);
    expect(run.counts).toMatchObject({ read: APPS, add: APPS });
    expect(checkpoints).toEqual([400, 800, APPS]);
    expect(await revisions()).toEqual(PARTS.map(() => 1));
    expect((await allAppIds()).length).toBe(APPS);
    const partTags = expiries.flat().filter((tag) => tag.startsWith('part:'));
    expect(partTags).toHaveLength(PARTS.length);
    expect(new Set(partTags).size).toBe(PARTS.length);
    expect(expiries.length).toBeLessThanOrEqual(3);
  });

  it('resumes after the last checkpoint after a crash: no row twice, none lost, no part written twice, nothing counted twice', async () => {
    const file = bigFile();
    const crashed = runOf(file, { importId: 'import-resumed' });
    // The crash comes after the second bucket's write, before its checkpoint is noted.
    crashed.run.checkpoint = async (done) => {
      if (crashed.checkpoints.length === 1) throw new Error('killed');
      crashed.checkpoints.push(done);
    };
    await expect(acesHandler.apply(crashed.run)).rejects.toThrow('killed');
    expect(crashed.checkpoints).toEqual([400]);
    expect(crashed.run.counts).toMatchObject({ read: APPS, add: APPS });
    const written = (await allAppIds()).length;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(APPS);

    const resumed = runOf(file, { importId: 'import-resumed', from: crashed.checkpoints.at(-1) });
    await acesHandler.apply(resumed.run);
    expect(resumed.run.counts).toEqual({ read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 });
    expect(resumed.checkpoints).toEqual([800, APPS]);
    const ids = await allAppIds();
    expect(ids).toHaveLength(APPS);
    expect(new Set(ids).size).toBe(APPS);
    expect(await revisions()).toEqual(PARTS.map(() => 1));
  });

  it('tells the catalog again of the first bucket after a stop between its write and the telling', async () => {
    const file = bigFile();
    expiries.length = 0;
    globalForCache.__shopExpireTags = async () => {
      globalForCache.__shopExpireTags = async (tags) => void expiries.push(tags);
      throw new Error('killed');
    };
    await expect(applied(file, { importId: 'import-untold' })).rejects.toThrow('killed');
    expect(expiries).toEqual([]);
    const firstBucket = (await PartFitment.find({}, { _id: 1 }).lean()).map((doc) => `part:${String(doc._id)}`);
    expect(firstBucket.length).toBeGreaterThan(0);

    const resumed = runOf(file, { importId: 'import-untold', resumed: true });
    await acesHandler.apply(resumed.run);
    const told = new Set(expiries.flat().filter((tag) => tag.startsWith('part:')));
    expect(told.size).toBe(PARTS.length);
    for (const tag of firstBucket) expect(told.has(tag)).toBe(true);
    expect((await allAppIds()).length).toBe(APPS);
  });
});

describe('planning', () => {
  const APPS = 2 * PLAN_APPS + 200;
  let restore: () => void;
  beforeAll(() => (restore = setEnv({ IMPORT_BATCH_APPS: String(5 * PLAN_APPS) })));
  afterAll(() => restore());

  it('plans at most PLAN_APPS Apps at a time, however large the batch written', async () => {
    const file = acesFile(Array.from({ length: APPS }, (_, at) => app({ id: at + 1, position: 22 + at })));
    const learn = jest.spyOn(VehicleCache.prototype, 'learn');
    try {
      const { run, checkpoints } = await applied(file);
      expect(run.counts).toMatchObject({ read: APPS, add: APPS, rejected: 0 });
      expect(learn.mock.calls.map(([apps]) => apps.length)).toEqual([PLAN_APPS, PLAN_APPS, 200]);
      expect(checkpoints).toEqual([APPS]);
      expect(await appIdsOf('PM-BP1001')).toHaveLength(APPS);
    } finally {
      learn.mockRestore();
    }
  });
});

describe('the scan Apply takes from the validation', () => {
  // App 3's quantity is an outlier: a rejection only the scan finds.
  const apps = [app({ id: 1 }), app({ id: 2, part: 'PM-RT2001', qty: 2 }), app({ id: 3, part: 'PM-BP1002', qty: MAX_APP_QTY + 1 })];
  function upload(id: string): string {
    const file = importFilePath(id);
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(acesFile(apps), file);
    return file;
  }
  /** The kept scan with its rejections taken out: an Apply that reads it applies App 3, one that reads the file refuses it. */
  function withoutRejections(file: string): void {
    const kept = keptScanOf(file)!;
    writeFileSync(kept, JSON.stringify({ ...JSON.parse(readFileSync(kept, 'utf8')), rejected: [] }));
  }

  it('is the one the validation kept next to the upload, which goes with the upload', async () => {
    const file = upload('kept-scan-a');
    const check = runOf(file);
    await acesHandler.validate(check.run);
    expect(check.run.counts).toMatchObject({ read: 3, add: 2, rejected: 1 });
    withoutRejections(file);
    const { run } = await applied(file);
    expect(run.counts).toMatchObject({ read: 3, add: 3, rejected: 0 });
    expect(await appIdsOf('PM-BP1002')).toEqual(['3']);
    await removeImportFile(file);
    expect([existsSync(file), existsSync(keptScanOf(file)!)]).toEqual([false, false]);
  });

  it('is read from the file again when the upload is not the file the validation read', async () => {
    const file = upload('kept-scan-b');
    await acesHandler.validate(runOf(file).run);
    withoutRejections(file);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const { run, rejections } = await applied(file);
    expect(run.counts).toMatchObject({ read: 3, add: 2, rejected: 1 });
    expect(rejections).toEqual([{ record: 'App 3', reason: `Qty ${MAX_APP_QTY + 1} is an outlier: more than ${MAX_APP_QTY} per vehicle` }]);
    expect(await appIdsOf('PM-BP1002')).toEqual([]);
    await removeImportFile(file);
  });

  it("is not kept for a file outside the imports folder (the command's own)", async () => {
    const own = acesFile(apps);
    await acesHandler.validate(runOf(own).run);
    expect(existsSync(`${own}.scan.json`)).toBe(false);
    expect(keptScanOf(own)).toBeNull();
  });
});
