import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { ApplyRun, ImportCounts, Rejection } from '@/lib/imports/handler';
import { vcdbHandler } from '@/lib/imports/vcdb-handler';
import { connectDb } from '@/lib/platform/db';
import { findVehicle, forgetReferenceData, listMakes, listModels, listYearsAndEngines } from '@/lib/vehicles';
import { Vehicle, VcdbRecord } from '@/models';
import { fixtureBytes } from '@/tests/helpers/imports';

/** The VCdb import (issue 46): the synthetic extract in tests/fixtures/imports/vcdb, and extracts written here. */

const DIR = mkdtempSync(path.join(tmpdir(), 'vcdb-handler-'));
const TABLE_FILES = readdirSync(path.join(process.cwd(), 'tests/fixtures/imports/vcdb')).sort();
const ZERO: ImportCounts = { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 };

function writeZip(name: string, files: Record<string, string | Uint8Array>): string {
  const file = path.join(DIR, name);
  const bytes = Object.fromEntries(
    Object.entries(files).map(([entry, body]) => [entry, typeof body === 'string' ? Buffer.from(body) : body]),
  );
  writeFileSync(file, zipSync(bytes));
  return file;
}

const fixtureZip = () =>
  writeZip('fixture.zip', Object.fromEntries(TABLE_FILES.map((name) => [`vcdb-2025-02/${name}`, fixtureBytes(`vcdb/${name}`)])));

/** A run as the import job gives it; `crashAt` makes that checkpoint throw after its batch was written, as a kill would. */
function runOf(file: string, options: { from?: number; crashAt?: number; fileName?: string } = {}) {
  const rejected: Rejection[] = [];
  const checkpoints: number[] = [];
  const run: ApplyRun = {
    importId: 'import-1',
    file,
    fileName: options.fileName ?? path.basename(file),
    options: {},
    counts: { ...ZERO },
    reject: (rejection) => rejected.push(rejection),
    progress: async () => undefined,
    signal: new AbortController().signal,
    from: options.from ?? 0,
    resumed: Boolean(options.from),
    checkpoint: async (done) => {
      if (done === options.crashAt) throw new Error('killed');
      checkpoints.push(done);
    },
  };
  return { run, rejected, checkpoints };
}

const reset = async () => {
  await connectDb();
  await Promise.all([VcdbRecord.deleteMany({}), Vehicle.deleteMany({})]);
  forgetReferenceData();
};

describe('the VCdb import', () => {
  beforeEach(reset);

  it('validates the extract without writing anything: 18 records to add, the engine links read', async () => {
    const { run, rejected } = runOf(fixtureZip());
    await vcdbHandler.validate(run);
    // Make 3, Model 3, SubModel 3, EngineBase 2, BaseVehicle 4, Vehicle 3; EngineConfig 2 and VehicleToEngineConfig 3 only read.
    expect(run.counts).toEqual({ ...ZERO, read: 23, add: 18 });
    expect(rejected).toEqual([]);
    expect(await VcdbRecord.countDocuments()).toBe(0);
    expect(await Vehicle.countDocuments()).toBe(0);
  });

  it('applies the extract: records by table and id, and generations the selector answers', async () => {
    const { run, checkpoints } = runOf(fixtureZip());
    await vcdbHandler.apply(run);
    expect(run.counts).toEqual({ ...ZERO, read: 23, add: 18 });
    expect(checkpoints).toEqual([23]);
    expect(await VcdbRecord.findById('BaseVehicle:900001').lean()).toMatchObject({
      year: 2015,
      make: 'Auriga',
      model: 'Nimbus',
      makeId: 9001,
    });
    expect(await VcdbRecord.findById('EngineBase:9801').lean()).toMatchObject({ name: '1.8L I4', liter: '1.8', cylinders: '4' });
    expect(await VcdbRecord.findById('Vehicle:70003').lean()).toMatchObject({
      baseVehicleId: 900003,
      subModelId: 903,
      engineBaseIds: [9802],
    });

    // Calder Motor Works has no base vehicle: nothing to choose.
    expect(await listMakes()).toEqual(['Auriga', 'Borealis']);
    expect(await listModels('auriga')).toEqual([
      { model: 'Nimbus', years: [2016, 2015], yearsWithParts: [] },
      { model: 'Strata', years: [2014], yearsWithParts: [] },
    ]);
    expect(await listYearsAndEngines('Auriga', 'Nimbus')).toEqual([
      { year: 2016, engines: ['1.8L I4'] },
      { year: 2015, engines: ['1.8L I4'] },
    ]);
    expect(await listYearsAndEngines('Borealis', 'Cirrus Van')).toEqual([{ year: 2015, engines: ['3.5L V6'] }]);
    expect(await findVehicle({ year: 2016, make: 'auriga', model: 'NIMBUS', engine: '1.8l i4' })).toEqual({
      year: 2016,
      make: 'Auriga',
      model: 'Nimbus',
      engine: '1.8L I4',
    });
    expect(await findVehicle({ year: 2017, make: 'Auriga', model: 'Nimbus' })).toBeNull();
    expect(await Vehicle.findById('vcdb-9001-9101-2015').lean()).toMatchObject({
      yearFrom: 2015,
      yearTo: 2016,
      engines: [{ name: '1.8L I4', yearFrom: 2015, yearTo: 2016 }],
      makeId: 9001,
      modelId: 9101,
    });
  });

  it('reports a second import of the same extract as all unchanged, and writes nothing', async () => {
    await vcdbHandler.apply(runOf(fixtureZip()).run);
    const generations = await Vehicle.find().sort({ _id: 1 }).lean();
    const again = runOf(fixtureZip());
    await vcdbHandler.validate(again.run);
    expect(again.run.counts).toEqual({ ...ZERO, read: 23, unchanged: 18 });
    const applied = runOf(fixtureZip());
    await vcdbHandler.apply(applied.run);
    expect(applied.run.counts).toEqual({ ...ZERO, read: 23, unchanged: 18 });
    expect(await Vehicle.find().sort({ _id: 1 }).lean()).toEqual(generations);
  });

  it('keeps a generation entered by hand beside the imported ones, and follows a rename', async () => {
    await Vehicle.create({ _id: 'auriga-zephyr-2010', make: 'Auriga', model: 'Zephyr', yearFrom: 2010, yearTo: 2012, engines: [] });
    await vcdbHandler.apply(runOf(fixtureZip()).run);
    expect(await Vehicle.exists({ _id: 'auriga-zephyr-2010' })).not.toBeNull();
    const renamed = writeZip('rename.zip', { 'Model.txt': 'ModelID|ModelName\n9101|Nimbus II\n' });
    const run = runOf(renamed);
    await vcdbHandler.apply(run.run);
    expect(run.run.counts).toEqual({ ...ZERO, read: 1, change: 1 });
    expect(await VcdbRecord.findById('BaseVehicle:900002').lean()).toMatchObject({ model: 'Nimbus II' });
    expect((await listModels('Auriga')).map((m) => m.model)).toEqual(['Nimbus II', 'Strata', 'Zephyr']);
  });

  it('reads one table sent as its .txt file', async () => {
    const file = path.join(DIR, 'upload-1');
    writeFileSync(file, fixtureBytes('vcdb/Make.txt'));
    const { run } = runOf(file, { fileName: 'Make.txt' });
    await vcdbHandler.apply(run);
    expect(run.counts).toEqual({ ...ZERO, read: 3, add: 3 });
    expect(await VcdbRecord.findById('Make:9003').lean()).toMatchObject({ name: 'Calder Motor Works' });
    await expect(vcdbHandler.validate(runOf(file, { fileName: 'notes.txt' }).run)).rejects.toThrow(/neither a zip nor a VCdb table/);
  });
});

describe('rows the VCdb import refuses', () => {
  beforeEach(reset);
  const next = new Date().getUTCFullYear() + 1;

  it('names the table and line of each refused row, and keeps the others', async () => {
    const file = writeZip('bad.zip', {
      // The base vehicles come before the makes they name, as in a zip sorted by name.
      'BaseVehicle.txt': [
        'BaseVehicleID|YearID|MakeID|ModelID',
        '1|1896|1|1',
        `2|${next + 1}|1|1`,
        '3|1895|1|1',
        `4|${next + 2}|1|1`,
        '5|2015|7|1',
        '6|2015|1|8',
        '1|2016|1|1',
        '7|2015|2|1',
      ].join('\n'),
      'Make.txt': 'MakeID|MakeName\n1|Auriga\n2|\n',
      'Model.txt': 'ModelID|ModelName\n1|Nimbus\n',
      'SubModel.txt': 'SubModelID|SubModelName\n1|LE\n',
      'Vehicle.txt': 'VehicleID|BaseVehicleID|SubmodelID\n10|1|1\n11|3|1\n12|1|5\n13|99|1\n',
      'VehicleToEngineConfig.txt': 'VehicleID|EngineConfigID\n10|5\n14|5\n',
      'EngineConfig.txt': 'EngineConfigID|EngineBaseID\n5|50\n',
      'EngineBase.txt': 'EngineBaseID|Liter|Cylinders|BlockType\n51|1,8|4|L\n',
    });
    const { run, rejected } = runOf(file);
    await vcdbHandler.validate(run);
    expect(rejected).toEqual([
      { record: 'BaseVehicle line 4', reason: `YearID must be a year from 1896 to ${next + 1}, not 1895` },
      { record: 'BaseVehicle line 5', reason: `YearID must be a year from 1896 to ${next + 1}, not ${next + 2}` },
      { record: 'BaseVehicle line 6', reason: "MakeID 7 is not in the Make table nor in the shop's vehicle list" },
      { record: 'BaseVehicle line 7', reason: "ModelID 8 is not in the Model table nor in the shop's vehicle list" },
      { record: 'BaseVehicle line 8', reason: 'BaseVehicle 1 is already on line 2' },
      { record: 'BaseVehicle line 9', reason: "MakeID 2 is not in the Make table nor in the shop's vehicle list" },
      { record: 'Make line 3', reason: 'MakeName is empty' },
      { record: 'Vehicle line 3', reason: "BaseVehicleID 3 is not in the BaseVehicle table nor in the shop's vehicle list" },
      { record: 'Vehicle line 4', reason: "SubmodelID 5 is not in the SubModel table nor in the shop's vehicle list" },
      { record: 'Vehicle line 5', reason: "BaseVehicleID 99 is not in the BaseVehicle table nor in the shop's vehicle list" },
      { record: 'VehicleToEngineConfig line 2', reason: "EngineConfigID 5 is not in this extract's EngineConfig table" },
      { record: 'VehicleToEngineConfig line 3', reason: "VehicleID 14 is not in this extract's Vehicle table" },
      { record: 'EngineConfig line 2', reason: "EngineBaseID 50 is not in the EngineBase table nor in the shop's vehicle list" },
      { record: 'EngineBase line 2', reason: 'Liter must be a number of litres like 1.8, not "1,8"' },
    ]);
    expect(run.counts).toEqual({ ...ZERO, read: 20, rejected: 14, add: 6 });
  });

  it('accepts vehicles that name a stored base vehicle, and keeps their engines when the extract has no engine links', async () => {
    await vcdbHandler.apply(runOf(fixtureZip()).run);
    const file = writeZip('vehicles.zip', { 'Vehicle.txt': 'VehicleID|BaseVehicleID|SubmodelID\n70001|900001|902\n70009|900004|901\n' });
    const { run, rejected } = runOf(file);
    await vcdbHandler.apply(run);
    expect(rejected).toEqual([]);
    expect(run.counts).toEqual({ ...ZERO, read: 2, add: 1, change: 1 });
    expect(await VcdbRecord.findById('Vehicle:70001').lean()).toMatchObject({ subModelId: 902, engineBaseIds: [9801] });
    expect(await VcdbRecord.findById('Vehicle:70009').lean()).toMatchObject({ baseVehicleId: 900004, engineBaseIds: [] });
    expect(await listYearsAndEngines('Auriga', 'Nimbus')).toEqual([
      { year: 2016, engines: ['1.8L I4'] },
      { year: 2015, engines: ['1.8L I4'] },
    ]);
  });

  it('accepts base vehicles that name a make and model the shop already keeps', async () => {
    await vcdbHandler.apply(runOf(fixtureZip()).run);
    const file = writeZip('more.zip', { 'BaseVehicle.txt': 'BaseVehicleID|YearID|MakeID|ModelID\n900009|2017|9001|9101\n' });
    const { run, rejected } = runOf(file);
    await vcdbHandler.apply(run);
    expect(rejected).toEqual([]);
    expect(run.counts).toEqual({ ...ZERO, read: 1, add: 1 });
    expect((await listYearsAndEngines('Auriga', 'Nimbus')).map((y) => y.year)).toEqual([2017, 2016, 2015]);
  });
});

describe('an apply resumed after a crash', () => {
  beforeEach(reset);

  /** 11 + 1,200 records: batches end at 500, 1,000 and 1,211. */
  const bigZip = () => {
    const bases = Array.from({ length: 1200 }, (_, i) => `${i + 1}|${1900 + (i % 120)}|1|${Math.floor(i / 120) + 1}`);
    const models = Array.from({ length: 10 }, (_, i) => `${i + 1}|Model ${i + 1}`);
    return writeZip('big.zip', {
      'Make.txt': 'MakeID|MakeName\n1|Auriga\n',
      'Model.txt': ['ModelID|ModelName', ...models].join('\n'),
      'BaseVehicle.txt': ['BaseVehicleID|YearID|MakeID|ModelID', ...bases].join('\n'),
    });
  };

  it('goes on from its last checkpoint, never writing a record before it again, and builds the generations', async () => {
    const file = bigZip();
    const first = runOf(file, { crashAt: 1000 });
    await expect(vcdbHandler.apply(first.run)).rejects.toThrow('killed');
    expect(first.checkpoints).toEqual([500]);
    expect(await Vehicle.countDocuments()).toBe(0);
    // Marked by hand: a record before the checkpoint that a resumed run would overwrite if it wrote it again.
    await VcdbRecord.updateOne({ _id: 'BaseVehicle:7' }, { $set: { year: 1800 } });
    const resumed = runOf(file, { from: 500 });
    await vcdbHandler.apply(resumed.run);
    // 501..1,000 were written before the crash: found unchanged, not added twice.
    expect(resumed.run.counts).toEqual({ ...ZERO, read: 711, add: 211, unchanged: 500 });
    expect(resumed.checkpoints).toEqual([1000, 1211]);
    expect(await VcdbRecord.countDocuments({ table: 'BaseVehicle' })).toBe(1200);
    expect(await VcdbRecord.findById('BaseVehicle:7').lean()).toMatchObject({ year: 1800 });
    // Every model of the extract has its generation, though the first run wrote many of its records.
    // Model 1's years split where BaseVehicle 7 was moved to 1800: 1800, 1900..1905, 1907..2019.
    expect(await Vehicle.countDocuments()).toBe(12);
    expect(await listModels('Auriga')).toHaveLength(10);
  });
});
