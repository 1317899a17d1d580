import 'server-only';
import { createHash } from 'node:crypto';
import { rowsForVehicle, type FitQuestionRow, type VehicleChoice } from '@/lib/catalog';
import { baseVehicleKey } from './types';

/** Which vehicle, and which fitment row, an order line's answer counts on. */

/** A row as the table shows it and as it is stored: what tells one row of a part from another. */
type RowLike = FitQuestionRow & { position?: string | null };

const text = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const qualifierTexts = (row: RowLike) =>
  (row.qualifiers ?? []).map((qualifier) => text(typeof qualifier === 'string' ? qualifier : qualifier.text)).filter(Boolean);

/** A fitment row's key, from its content (rows have no id): the same for the stored row and its table row. */
export function fitRowKey(row: RowLike): string {
  const fields = [row.make, row.model, row.yearFrom, row.yearTo, row.engine, row.subModel, row.position, row.notes].map((value) =>
    text(value === undefined || value === null ? '' : String(value)),
  );
  return createHash('sha256')
    .update(JSON.stringify([...fields, qualifierTexts(row)]))
    .digest('base64url')
    .slice(0, 22);
}

/** An engine at the end of vehicle words: "1.8L", "2.0 L I4". */
const ENGINE_TAIL = /\s+\d+(\.\d+)?\s?L\b.*$/i;

export type LineVehicle = { vehicle: VehicleChoice; vehicleKey: string; rowKey: string | null };

/** The order line's vehicle words ("2016 Toyota Corolla 1.8L") read against the part's rows, which spell its make and model. */
function vehicleOf(words: string, rows: readonly RowLike[]): VehicleChoice {
  const year = Number(words.slice(0, 4));
  const lower = text(words);
  for (const row of rows) {
    const base = `${year} ${text(row.make)} ${text(row.model)}`;
    const rest = lower.slice(base.length);
    if (year < row.yearFrom || year > row.yearTo || !lower.startsWith(base) || (rest && !rest.startsWith(' '))) continue;
    const engine = words.slice(base.length).trim();
    return { year, make: row.make, model: row.model, engine: engine || null };
  }
  // No row names it any more (the rows changed since): the first word is the make, the rest up to an engine the model.
  const [make = '', ...model] = words.slice(5).replace(ENGINE_TAIL, '').trim().split(/\s+/);
  return { year, make, model: model.join(' '), engine: null };
}

/** The row a line was bought for: the one row left for its vehicle once its fit answers (submodel, qualifiers) are taken in. */
function matchedRow(rows: readonly RowLike[], vehicle: VehicleChoice, answers: readonly string[]): RowLike | null {
  const said = new Set(answers.map(text));
  // A qualifier answer names the row's qualifiers joined ("with 288 mm front rotors, abs").
  const answered = (qualifier: string) => [...said].some((answer) => answer.includes(qualifier));
  const left = rowsForVehicle(rows, vehicle).filter(
    (row) => (!row.subModel || said.has(text(row.subModel))) && qualifierTexts(row).every(answered),
  );
  return left.length === 1 ? left[0]! : null;
}

/** The keys an order line's Yes counts under: its base vehicle, and its row when one row is left for it. */
export function lineVehicle(fit: { vehicle: string; answers?: readonly string[] }, rows: readonly RowLike[]): LineVehicle {
  const vehicle = vehicleOf(fit.vehicle, rows);
  const row = matchedRow(rows, vehicle, fit.answers ?? []);
  return { vehicle, vehicleKey: baseVehicleKey(vehicle), rowKey: row ? fitRowKey(row) : null };
}
