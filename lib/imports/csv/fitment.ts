import 'server-only';
import type { Types } from 'mongoose';
import { normalizePartNumber, PartNumberMap, readFitments, rewriteFitment, type FitmentRowDoc } from '@/lib/catalog';
import { ValidationError } from '@/lib/core/errors';
import { checkFitment } from '@/lib/vehicles';
import { csvFitmentRowSchema, type CsvFitmentRow } from '@/lib/validations/csv-import';
import type { ImportRun } from '../handler';
import { reasonOf, rejectLine, sameText, type CsvSheet } from './sheet';

type StoredRow = FitmentRowDoc;
type StoredPart = { _id: Types.ObjectId; partNumberKey: string; brand?: string | null; fitment: StoredRow[]; rev: number };

/** A row's vehicle and place: a second row for them on the same part is the same row (its quantity, notes or qualifiers changed). */
function identityOf(row: Pick<StoredRow, 'make' | 'model' | 'yearFrom' | 'yearTo' | 'engine' | 'subModel' | 'position'>): string {
  const text = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
  return JSON.stringify([
    text(row.make),
    text(row.model),
    row.yearFrom,
    row.yearTo,
    text(row.engine),
    text(row.subModel),
    text(row.position),
  ]);
}

/** What a row says beyond its identity, compared to tell a changed row from an unchanged one. */
const detailsOf = (row: Pick<StoredRow, 'quantity' | 'notes' | 'qualifiers'>) =>
  JSON.stringify([row.quantity ?? null, row.notes ?? null, (row.qualifiers ?? []).map((qualifier) => qualifier.text)]);

type Parsed = { line: number; counted: boolean; row: CsvFitmentRow; partKey: string };
type Pending = { part: StoredPart; identity: string; row: StoredRow };

/** The fitment file: each row a vehicle of a part already in the catalog (brand and part number), checked against the vehicle list. */
export function fitmentSheet(run: ImportRun): CsvSheet {
  const firstLine = new Map<string, number>();
  let numbers: PartNumberMap | null = null;
  return {
    async batch(lines, { from, write, named: allNamed = false }) {
      const parsed: Parsed[] = [];
      for (const line of lines) {
        const counted = line.index >= from;
        if (counted) run.counts.read++;
        const { make, model, yearFrom, yearTo, engine, notes, ...rest } = line.cells;
        const result = csvFitmentRowSchema.safeParse({ ...rest, vehicle: { make, model, yearFrom, yearTo, engine, notes } });
        if (result.success)
          parsed.push({ line: line.line, counted, row: result.data, partKey: normalizePartNumber(result.data.partNumber) });
        else if (counted) rejectLine(run, line.line, reasonOf(result.error));
      }
      numbers ??= await PartNumberMap.read();
      const named = await numbers.partsWith<Omit<StoredPart, 'fitment' | 'rev'>>(
        parsed.map((entry) => entry.partKey),
        { brand: 1 },
      );
      const fitments = await readFitments([...named.values()].map((part) => part._id));
      const byKey = new Map(
        [...named].map(([key, part]) => {
          const { rows, rev } = fitments.get(String(part._id))!;
          return [key, { ...part, fitment: rows, rev }];
        }),
      );
      const pending: Pending[] = [];
      for (const entry of parsed) {
        const judged = await judgeRow(run, entry, byKey.get(entry.partKey), firstLine);
        if (judged && write) pending.push(judged);
      }
      const written = await writeRows(pending);
      if (!allNamed || !write) return written;
      return [...new Set([...written, ...[...named.values()].map((part) => String(part._id))])];
    },
  };
}

/** Counts one row (null: refused, unchanged or before `from`); a row is refused for a part the catalog lacks, a vehicle the
 * list lacks, or a repeat of an earlier row of the file. */
async function judgeRow(
  run: ImportRun,
  { line, counted, row, partKey }: Parsed,
  part: StoredPart | undefined,
  firstLine: Map<string, number>,
): Promise<Pending | null> {
  const refuse = (reason: string) => (counted && rejectLine(run, line, reason), null);
  if (!part || !sameText(part.brand, row.brand)) return refuse(`Part ${row.brand} ${row.partNumber} is not in the catalog`);
  const identity = `${partKey}:${identityOf({ ...row.vehicle, subModel: row.subModel, position: row.position })}`;
  const first = firstLine.get(identity);
  if (first === undefined) firstLine.set(identity, line);
  if (!counted) return null;
  if (first !== undefined) return refuse(`Repeats the row of line ${first} (same part, vehicle, submodel and position)`);
  let vehicle;
  try {
    [vehicle] = await checkFitment([row.vehicle]);
  } catch (error) {
    if (error instanceof ValidationError) return refuse(error.message);
    throw error;
  }
  const stored: StoredRow = {
    ...vehicle!,
    subModel: row.subModel,
    position: row.position,
    quantity: row.quantity,
    qualifiers: row.qualifiers?.length ? row.qualifiers.map((text) => ({ text })) : undefined,
    source: { importId: run.importId, appId: `line ${line}` },
  };
  const kept = part.fitment.find((existing) => `${partKey}:${identityOf(existing)}` === identity);
  const kind = !kept ? 'add' : detailsOf(kept) === detailsOf(stored) ? 'unchanged' : 'change';
  run.counts[kind]++;
  return kind === 'unchanged' ? null : { part, identity, row: stored };
}

/** Each part's rows in one write: a changed row replaces the one with its identity, a new one is added; the part ids written.
 * A part saved meanwhile (by an admin, another import) is read again and the rows put on what it holds now. */
async function writeRows(pending: readonly Pending[]): Promise<string[]> {
  const byPart = new Map<StoredPart, Pending[]>();
  for (const entry of pending) byPart.set(entry.part, [...(byPart.get(entry.part) ?? []), entry]);
  for (const [part, entries] of byPart) {
    const merge = (stored: FitmentRowDoc[]) => {
      const rows = new Map(stored.map((row) => [identityOf(row), row]));
      for (const { row } of entries) rows.set(identityOf(row), row);
      return [...rows.values()];
    };
    const conflict = 'Parts kept changing while the import wrote their fitment: apply it again';
    await rewriteFitment({ partId: String(part._id), rows: part.fitment, rev: part.rev }, merge, conflict);
  }
  return [...byPart.keys()].map((part) => String(part._id));
}
