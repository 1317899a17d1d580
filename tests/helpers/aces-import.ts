import { readFitment, type FitmentRowDoc } from '@/lib/catalog/fitment-store';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalizePartNumber } from '@/lib/catalog';
import type { ApplyRun, Rejection } from '@/lib/imports/handler';
import { connectDb } from '@/lib/platform/db';
import { Part, VcdbRecord } from '@/models';
import { makePart } from '@/tests/helpers/factories';

export const FIXTURES = path.join(process.cwd(), 'tests/fixtures/imports');
const DIR = mkdtempSync(path.join(tmpdir(), 'aces-'));
let files = 0;
let imports = 0;

/**
 * The VCdb rows the ACES fixtures name: Toyota Corolla 2014 to 2016 (900004, 900001, 900003), Honda Civic 2012 to 2015
 * (900010 to 900012, 900002), submodels LE and S, two engines.
 */
export async function seedVcdb(): Promise<void> {
  await connectDb();
  const base = (id: number, year: number, makeId: number, modelId: number, make: string, model: string) => ({
    _id: `BaseVehicle:${id}`,
    ...{ table: 'BaseVehicle', vcdbId: id, year, makeId, modelId, make, model },
  });
  const named = (table: string, id: number, name: string) => ({ _id: `${table}:${id}`, table, vcdbId: id, name });
  await VcdbRecord.insertMany([
    base(900004, 2014, 9001, 9101, 'Toyota', 'Corolla'),
    base(900001, 2015, 9001, 9101, 'Toyota', 'Corolla'),
    base(900003, 2016, 9001, 9101, 'Toyota', 'Corolla'),
    base(900010, 2012, 9002, 9201, 'Honda', 'Civic'),
    base(900011, 2013, 9002, 9201, 'Honda', 'Civic'),
    base(900012, 2014, 9002, 9201, 'Honda', 'Civic'),
    base(900002, 2015, 9002, 9201, 'Honda', 'Civic'),
    ...[named('Make', 9001, 'Toyota'), named('Make', 9002, 'Honda'), named('Model', 9101, 'Corolla'), named('Model', 9201, 'Civic')],
    ...[
      named('SubModel', 901, 'LE'),
      named('SubModel', 902, 'S'),
      named('EngineBase', 9801, '1.8L L4'),
      named('EngineBase', 9802, '2.0L L4'),
    ],
  ]);
}

/** A part of the shop with its number, brand id and rows. */
export async function supplierPart(partNumber: string, brandAAIAID: string | undefined, fitment: object[] = []): Promise<string> {
  const id = await makePart(fitment.length ? { fitment: fitment as FitmentRowDoc[] } : {});
  await Part.updateOne({ _id: id }, { $set: { partNumber, partNumberKey: normalizePartNumber(partNumber), brandAAIAID } });
  return id;
}

export type StoredRow = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine?: string;
  notes?: string;
  source?: { importId: string; appId?: string; brandAAIAID?: string };
  [field: string]: unknown;
};
export async function rowsOf(partNumber: string): Promise<StoredRow[]> {
  const part = await Part.findOne({ partNumberKey: normalizePartNumber(partNumber) }, { _id: 1 }).lean();
  return (await readFitment(part!._id)).rows as StoredRow[];
}
export const appIdsOf = async (partNumber: string) => (await rowsOf(partNumber)).map((row) => row.source?.appId ?? 'hand');

/** An ACES 4.2 file of these Apps, written to disk as an upload is. */
export function acesFile(apps: string[], { full = false, brand = 'BQXT' } = {}): string {
  const header = `<Header><Company>Test Co</Company><BrandAAIAID>${brand}</BrandAAIAID><SubmissionType>${full ? 'FULL' : 'UPDATE'}</SubmissionType></Header>`;
  const file = path.join(DIR, `aces-${++files}.xml`);
  writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n${header}\n${apps.join('\n')}\n<Footer/></ACES>\n`);
  return file;
}

export type AppFields = {
  id: string | number;
  action?: 'A' | 'D';
  vehicle?: string;
  qty?: number;
  position?: number;
  part?: string;
  extra?: string;
};
/** One App on one line: by default front pads PM-BP1001 for the 2015 Corolla. */
export function app({
  id,
  action = 'A',
  vehicle = '<BaseVehicle id="900001"/>',
  qty = 1,
  position = 22,
  part = 'PM-BP1001',
  extra = '',
}: AppFields) {
  return `<App action="${action}" id="${id}">${vehicle}${extra}<Qty>${qty}</Qty><PartType id="1684"/><Position id="${position}"/><Part>${part}</Part></App>`;
}

export type TestRun = { run: ApplyRun; rejections: Rejection[]; checkpoints: number[] };
/** A run of the import job as the handler sees it, recording what the handler reports. */
export function runOf(file: string, { from = 0, importId = `import-${++imports}`, resumed = false } = {}): TestRun {
  const rejections: Rejection[] = [];
  const checkpoints: number[] = [];
  const run: ApplyRun = {
    importId,
    file,
    fileName: path.basename(file),
    options: {},
    counts: { read: 0, add: 0, change: 0, remove: 0, unchanged: 0, rejected: 0 },
    reject: (rejection) => void rejections.push(rejection),
    progress: async () => {},
    signal: new AbortController().signal,
    from,
    resumed,
    checkpoint: async (done) => void checkpoints.push(done),
  };
  return { run, rejections, checkpoints };
}
