import 'server-only';
import { Types } from 'mongoose';
import { DEFAULT_CATEGORY } from '@/content/categories';
import { interchangeWithKeys, normalizePartNumber, PartNumberMap } from '@/lib/catalog';
import { isDuplicateKey } from '@/lib/core/errors';
import { recordOpeningStock } from '@/lib/stock';
import { csvPartRowSchema, type CsvPartRow } from '@/lib/validations/csv-import';
import { Part } from '@/models';
import type { ImportRun } from '../handler';
import { reasonOf, rejectLine, sameText, type CsvLine, type CsvSheet } from './sheet';

type StoredInterchange = { kind: 'oe' | 'aftermarket'; brand?: string | null; number: string; key: string };
type StoredPart = {
  _id: Types.ObjectId;
  partNumberKey: string;
  brand?: string | null;
  position?: string | null;
  interchange?: StoredInterchange[];
} & Record<string, unknown>;

const COMPARED = ['brand', 'partNumber', 'name', 'description', 'price', 'category', 'unit', 'weightKg', 'img', 'position', 'interchange'];
const PROJECTION = Object.fromEntries(COMPARED.map((field) => [field, 1 as const]));

type Verdict = { reason: string } | { kind: 'add' | 'change' | 'unchanged'; set: Record<string, unknown>; unset: Record<string, ''> };

/** The parts file: each row a part keyed by its normalised part number (the brand must agree); never its stock. */
export function partsSheet(run: ImportRun): CsvSheet {
  const firstLine = new Map<string, number>();
  let numbers: PartNumberMap | null = null;
  return {
    async batch(lines, { from, write, named = false }) {
      numbers ??= await PartNumberMap.read();
      const judged: Array<{ line: CsvLine; row: CsvPartRow; key: string }> = [];
      for (const line of lines) {
        const counted = line.index >= from;
        if (counted) run.counts.read++;
        const parsed = csvPartRowSchema.safeParse(line.cells);
        if (!parsed.success) {
          if (counted) rejectLine(run, line.line, reasonOf(parsed.error));
          continue;
        }
        const key = normalizePartNumber(parsed.data.partNumber);
        const first = firstLine.get(key);
        if (first === undefined) firstLine.set(key, line.line);
        if (!counted) continue;
        if (first !== undefined) rejectLine(run, line.line, `Part number ${parsed.data.partNumber} is already on line ${first}`);
        else judged.push({ line, row: parsed.data, key });
      }
      const byKey = await numbers.partsWith<StoredPart>(
        judged.map((entry) => entry.key),
        PROJECTION,
      );
      const changed: string[] = [];
      for (const { line, row, key } of judged) {
        const existing = byKey.get(key);
        const verdict = judgePart(line.cells, row, existing);
        if ('reason' in verdict) {
          rejectLine(run, line.line, verdict.reason);
          continue;
        }
        run.counts[verdict.kind]++;
        if (write && verdict.kind !== 'unchanged') changed.push(await writePart(key, verdict, existing, numbers));
        else if (write && named && existing) changed.push(String(existing._id));
      }
      return changed;
    },
  };
}

/** What the row does to the stored part (none: a new one), or why it cannot. */
function judgePart(cells: Record<string, string>, row: CsvPartRow, existing: StoredPart | undefined): Verdict {
  if (existing && !sameText(existing.brand, row.brand))
    return {
      reason: `Part number ${row.partNumber} belongs to ${existing.brand ? `a ${existing.brand} part` : 'a part without a brand'} in the catalog`,
    };
  if (!existing && !row.img) return { reason: 'Image is Required for a new part (image_url)' };
  const set = fieldsOf(row, existing);
  const unset: Record<string, ''> = 'position' in cells && !row.position && existing?.position ? { position: '' } : {};
  if (!existing) return { kind: 'add', set, unset };
  const same = Object.keys(unset).length === 0 && Object.entries(set).every(([field, value]) => sameValue(field, existing[field], value));
  return { kind: same ? 'unchanged' : 'change', set, unset };
}

/** The fields the row sets: the required ones, and each optional one whose column the file has (a new part: its defaults). */
function fieldsOf(row: CsvPartRow, existing: StoredPart | undefined): Record<string, unknown> {
  const set: Record<string, unknown> = {
    brand: row.brand,
    partNumber: row.partNumber,
    partNumberKey: normalizePartNumber(row.partNumber),
    name: row.name,
    description: row.description,
    price: row.price,
  };
  if (row.category !== undefined || !existing) set.category = row.category ?? DEFAULT_CATEGORY;
  if (row.unit !== undefined) set.unit = row.unit;
  if (row.weightKg !== undefined) set.weightKg = row.weightKg;
  if (row.img !== undefined) set.img = row.img;
  if (row.position !== undefined) set.position = row.position;
  if (row.oeNumbers !== undefined) {
    // The file's OE numbers replace the part's; its aftermarket numbers (from PIES or the form) stay.
    const oe = row.oeNumbers.map((number) => ({ kind: 'oe' as const, number }));
    set.interchange = interchangeWithKeys([...oe, ...(existing?.interchange ?? []).filter((entry) => entry.kind !== 'oe')]);
  }
  return set;
}

function sameValue(field: string, stored: unknown, value: unknown): boolean {
  if (field !== 'interchange') return (stored ?? null) === (value ?? null);
  const canonical = (entries: unknown) =>
    JSON.stringify(((entries ?? []) as StoredInterchange[]).map((e) => [e.kind, e.brand ?? null, e.number, e.key]));
  return canonical(stored) === canonical(value);
}

/** Writes a judged row: a new part with no stock, or the changed fields; a part another run added meanwhile is updated. */
async function writePart(
  key: string,
  verdict: Exclude<Verdict, { reason: string }>,
  existing: StoredPart | undefined,
  numbers: PartNumberMap,
): Promise<string> {
  const update = { $set: verdict.set, ...(Object.keys(verdict.unset).length ? { $unset: verdict.unset } : {}) };
  if (existing) {
    await Part.updateOne({ _id: existing._id }, update);
    return String(existing._id);
  }
  const partId = new Types.ObjectId();
  // A new part's stock starts at 0 through the ledger's own rule (no move); stock is the admin's, never the file's.
  const stock = await recordOpeningStock({ partId, quantity: 0, reason: 'restock' });
  try {
    await Part.create({ _id: partId, ...verdict.set, ...stock });
    numbers.remember(key, partId);
    return String(partId);
  } catch (error) {
    // Added meanwhile (an earlier run of this batch, or another import): the unique key makes this an update.
    if (!isDuplicateKey(error)) throw error;
    await numbers.refresh();
    const other = (await numbers.partsWith<StoredPart>([key], {})).get(key)!;
    await Part.updateOne({ _id: other._id }, update);
    return String(other._id);
  }
}
