import 'server-only';
import { createReadStream } from 'node:fs';
import { Types } from 'mongoose';
import { catalogChanged, PartNumberMap, type KnownState } from '@/lib/catalog';
import { bulkWriteInCommands } from '@/lib/platform/by-id';
import { isDuplicateKey, ValidationError } from '@/lib/core/errors';
import { connectDb } from '@/lib/platform/db';
import { recordOpeningStock } from '@/lib/stock';
import { priceTypeSchema } from '@/lib/validations/import-mappings';
import { Part } from '@/models';
import { readPies, type PiesItem } from './formats/pies';
import type { RejectedRecord } from './formats/records';
import type { ApplyRun, ImportHandler, ImportRun } from './handler';
import { loadMappingTables, type MappingTables } from './mappings';
import { PART_PLACEHOLDER_IMAGE, piesPartFields, type PiesPartFields } from './pies-item';

/** The PIES import (issue 46): items keyed by brand and normalised part number, added or updated, never their stock. */

/** Items looked up and written together: one query, one bulk write and one catalog change per batch. */
export const PIES_BATCH = 500;

type Stored = { _id: Types.ObjectId; brand?: string | null } & Record<string, unknown>;
/** Only what PIES sets is compared: a part's fitment rows can be thousands. */
const COMPARED = Object.fromEntries(
  [
    'name',
    'description',
    'price',
    'category',
    'brand',
    'partNumber',
    'partNumberKey',
    'brandAAIAID',
    'partTypeId',
    'weightKg',
    'coreCharge',
    'img',
    'interchange',
    'attributes',
    'kitComponents',
  ].map((field) => [field, 1 as const]),
);
type Plan = {
  record: string;
  reject?: string;
  /** A new part, its id chosen here: a retry knows which of its parts the failed insert stored. */
  add?: { id: Types.ObjectId; fields: PiesPartFields };
  change?: { id: Types.ObjectId; fields: PiesPartFields };
  /** The stored part that already holds every field (set on a part this run's failed insert stored: `added`). */
  unchanged?: Types.ObjectId;
  added?: Types.ObjectId;
};

const recordName = (event: PiesItem | RejectedRecord) =>
  event.kind === 'item' || event.id ? `item ${event.kind === 'item' ? event.partNumber : event.id}` : `line ${event.line}`;

type Settings = { tables: MappingTables; priceType: string; corePriceType?: string; numbers: PartNumberMap };

/** A price type option of the run, checked (400 on its field); undefined when not chosen. */
function chosenType(run: ImportRun, field: 'priceType' | 'corePriceType'): string | undefined {
  if (!run.options[field]) return undefined;
  const chosen = priceTypeSchema.safeParse(run.options[field]);
  if (!chosen.success) throw new ValidationError(chosen.error.issues[0]!.message, { [field]: [chosen.error.issues[0]!.message] });
  return chosen.data;
}

/** The admin's tables, and the run's price types: the one chosen for this import, else the admin's default; a core one if named. */
async function settingsFor(run: ImportRun): Promise<Settings> {
  const tables = await loadMappingTables();
  const priceType = chosenType(run, 'priceType') ?? tables.priceType;
  return { tables, priceType, corePriceType: chosenType(run, 'corePriceType'), numbers: await PartNumberMap.read() };
}

/** Whether every field PIES sets already holds that value. */
function isUnchanged(stored: Stored, fields: PiesPartFields): boolean {
  return Object.entries(fields).every(
    ([key, value]) => value === undefined || JSON.stringify(stored[key] ?? null) === JSON.stringify(value),
  );
}

/** What each record of a batch does to the shop, judged against the parts stored now. */
async function planBatch(batch: Array<PiesItem | RejectedRecord>, settings: Settings): Promise<Plan[]> {
  const results = batch.map((event) =>
    event.kind === 'item' ? piesPartFields(event, settings.tables, settings.priceType, settings.corePriceType) : { reason: event.reason },
  );
  const keys = results.flatMap((result) => ('fields' in result ? [result.fields.partNumberKey] : []));
  const byKey = await settings.numbers.partsWith<Stored>(keys, COMPARED);
  const seen = new Set<string>();
  return results.map((result, index) => {
    const record = recordName(batch[index]!);
    if (!('fields' in result)) return { record, reject: result.reason };
    const { fields } = result;
    if (seen.has(fields.partNumberKey)) return { record, reject: `${fields.partNumber} is in the file twice` };
    seen.add(fields.partNumberKey);
    const part = byKey.get(fields.partNumberKey);
    if (!part) return { record, add: { id: new Types.ObjectId(), fields } };
    // A number is the shop's once (a unique key): another brand's part keeps it. A part entered without a brand takes this one.
    if (part.brand && part.brand.toLowerCase() !== fields.brand.toLowerCase())
      return { record, reject: `part number ${fields.partNumber} is already ${part.brand}'s in the shop` };
    return isUnchanged(part, fields) ? { record, unchanged: part._id } : { record, change: { id: part._id, fields } };
  });
}

function count(run: ImportRun, plans: Plan[]) {
  for (const plan of plans) {
    run.counts.read++;
    if (plan.reject) {
      run.counts.rejected++;
      run.reject({ record: plan.record, reason: plan.reject });
    } else if (plan.add || plan.added) run.counts.add++;
    else if (plan.change) run.counts.change++;
    else run.counts.unchanged++;
  }
}

/** The file's items and rejected records in batches, numbered from 0 in the file's order; `onTotal` hears the Trailer's count. */
async function* batches(run: ImportRun, onTotal: (total: number) => void) {
  let batch: Array<PiesItem | RejectedRecord> = [];
  for await (const event of readPies(createReadStream(run.file))) {
    if (event.kind === 'header') continue;
    if (event.kind === 'footer') {
      if (event.recordCount !== undefined) onTotal(event.recordCount);
      continue;
    }
    batch.push(event);
    if (batch.length === PIES_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function validate(run: ImportRun): Promise<void> {
  await connectDb();
  const settings = await settingsFor(run);
  let done = 0;
  let total: number | undefined;
  for await (const batch of batches(run, (n) => (total = n))) {
    run.signal.throwIfAborted();
    count(run, await planBatch(batch, settings));
    done += batch.length;
    await run.progress(done, total);
  }
}

const defined = (fields: object) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/**
 * New parts inserted (the unique part number refuses a second copy, so a batch written again after a crash adds
 * nothing twice), changed ones updated by id: FerretDB finds a document by `_id` without a scan.
 */
async function writeBatch(plans: Plan[], numbers: PartNumberMap): Promise<Written> {
  const added = await Promise.all(plans.flatMap((plan) => (plan.add ? [newPart(plan.add.id, plan.add.fields)] : [])));
  const changed = plans.flatMap((plan) =>
    plan.change ? [{ updateOne: { filter: { _id: plan.change.id }, update: { $set: defined(plan.change.fields) } } }] : [],
  );
  // As stored (with their timestamps): the search index takes the new parts from here rather than reading them back.
  const inserted = added.length ? await Part.insertMany(added, { ordered: false }) : [];
  const known: Written['known'] = new Map(inserted.map((part) => [String(part._id), { part: part.toObject(), fitment: [] }]));
  for (const { add } of plans) if (add) numbers.remember(add.fields.partNumberKey, add.id, add.fields.brandAAIAID);
  await bulkWriteInCommands(Part, changed);
  const ids = [...added.map((part) => String(part._id)), ...plans.flatMap((plan) => (plan.change ? [String(plan.change.id)] : []))];
  return { ids, known };
}

type Written = { ids: string[]; known: Map<string, KnownState> };

async function newPart(partId: Types.ObjectId, fields: PiesPartFields) {
  // A new part starts with no stock, as the ledger opens it; PIES never sets stock on a part the shop has.
  const stock = await recordOpeningStock({ partId, quantity: 0, reason: 'restock' });
  return { _id: partId, ...defined(fields), img: fields.img ?? PART_PLACEHOLDER_IMAGE, ...stock };
}

/** A batch judged and written; when another process inserted one of its parts meanwhile, judged again and written over. */
async function planAndWrite(batch: Array<PiesItem | RejectedRecord>, settings: Settings) {
  const plans = await planBatch(batch, settings);
  try {
    return { plans, ...(await writeBatch(plans, settings.numbers)) };
  } catch (error) {
    // The unique part number kept the part once; what this batch still changes on it is written by id.
    if (!isDuplicateKey(error)) throw error;
    await settings.numbers.refresh();
    const tried = new Set(plans.flatMap((plan) => (plan.add ? [String(plan.add.id)] : [])));
    // The parts the failed insert did store come back unchanged: added by this run all the same, and new to the index.
    const again = (await planBatch(batch, settings)).map(({ unchanged, ...plan }) =>
      unchanged && tried.has(String(unchanged)) ? { ...plan, added: unchanged } : { ...plan, unchanged },
    );
    const written = await writeBatch(again, settings.numbers);
    return { plans: again, ...written, ids: [...written.ids, ...again.flatMap((plan) => (plan.added ? [String(plan.added)] : []))] };
  }
}

async function apply(run: ApplyRun): Promise<void> {
  await connectDb();
  const settings = await settingsFor(run);
  let done = 0;
  let total: number | undefined;
  let retell = run.resumed;
  for await (const read of batches(run, (n) => (total = n))) {
    const batch = read.slice(Math.max(0, run.from - done));
    done += read.length;
    if (!batch.length) continue;
    run.signal.throwIfAborted();
    const { plans, ids, known } = await planAndWrite(batch, settings);
    count(run, plans);
    // After a stop, the first batch's parts may be stored by the run that stopped and never told: now unchanged, told again.
    const told = retell
      ? [...ids, ...plans.flatMap((plan) => ('unchanged' in plan && plan.unchanged ? [String(plan.unchanged)] : []))]
      : ids;
    retell = false;
    if (told.length) await catalogChanged(told, { lists: true, search: true, known });
    await run.checkpoint(done);
    await run.progress(done, total);
  }
}

export const piesHandler: ImportHandler = { format: 'pies', validate, apply };
