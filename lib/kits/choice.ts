import { decideFit, fitStatus, type FitQuestionRow, type VehicleChoice } from '@/lib/catalog';
import type { KitLine, KitOption } from './admin';

/** Which part a job's line proposes for a vehicle (issue 46): pure, so the rule is tested without a database. */

export type CandidatePart = {
  _id: string;
  name: string;
  brand?: string | null;
  partNumber?: string | null;
  img?: string | null;
  category?: string | null;
  unit?: string | null;
  position?: string | null;
  partTypeId?: number | null;
  price: number;
  availableQuantity: number;
  minimumQuantity: number;
  weightKg?: number | null;
  // With the submodel and qualifiers the fit questions read.
  fitment: Array<FitQuestionRow & { position?: string | null }>;
};

/** The buyer's answers to the fit questions of parts proposed to them, by part id. */
export type FitAnswersByPart = Readonly<Record<string, readonly string[]>>;

export type Choice =
  { part: CandidatePart; quantity: number; fit: 'fits' | 'check' } | { part: null; missing: 'no-fitting-part' | 'out-of-stock' };

/** "Front Left", "front-left" and "front_left" are one position. */
export const positionKey = (position: string | null | undefined) =>
  position
    ? position
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, '-')
    : null;

/** The cylinders an engine's label names ("1.8L I4", "3.5L V6"), or null. */
export function cylindersOf(engine: string | null | undefined): number | null {
  const match = engine ? /\b[IVHLW](\d{1,2})\b/i.exec(engine) : null;
  return match ? Number(match[1]) : null;
}

/** A part of the line's kind: by PCdb part type when both name one, else by category and a word of the part's name. */
export function isOfLine(line: KitOption, part: CandidatePart): boolean {
  if (line.partTypeId !== null && part.partTypeId) return part.partTypeId === line.partTypeId;
  if (line.category === null || part.category !== line.category) return false;
  return !line.keyword || part.name.toLowerCase().includes(line.keyword.toLowerCase());
}

/** How the part fits the vehicle at the line's position (its rows for the vehicle, each at its own position or the part's);
 * a line without a position takes parts that name none. Null: it does not. */
export function fitAt(line: KitOption, part: CandidatePart, vehicle: VehicleChoice): 'fits' | 'check' | null {
  const wanted = positionKey(line.position);
  const rows = part.fitment.filter((row) => positionKey(row.position ?? part.position) === wanted && fitStatus([row], vehicle) !== 'no');
  if (!rows.length) return null;
  return fitStatus(rows, vehicle) === 'fits' ? 'fits' : 'check';
}

/** How many of the part the line takes: one per cylinder where asked and known, never under the part's minimum. */
export function quantityFor(line: KitLine, part: Pick<CandidatePart, 'minimumQuantity'>, vehicle: VehicleChoice): number {
  const wanted = (line.perCylinder && cylindersOf(vehicle.engine)) || line.quantity;
  return Math.max(wanted, part.minimumQuantity);
}

/** The buyer's answers to the part's fit questions rule it out (the part page's rule, lib/catalog/fit-questions). */
export const ruledOut = (part: CandidatePart, vehicle: VehicleChoice, answers: FitAnswersByPart) =>
  Object.hasOwn(answers, part._id) && decideFit(part.fitment, vehicle, answers[part._id]).verdict === 'no';

/** A line's options in order: its own kind, then its alternatives. */
export const optionsOf = (line: KitLine): KitOption[] => [line, ...(line.alternatives ?? [])];

type Context = {
  vehicle: VehicleChoice;
  sold: Readonly<Record<string, number>>;
  taken: ReadonlySet<string>;
  answers: FitAnswersByPart;
};

/** The option's part: of its kind, fitting at its position, not ruled out by the buyer's answers, in stock for the line's
 * quantity; parts known to fit before those whose notes must be checked, then the best seller, then the cheapest. */
function chooseOf(option: KitOption, line: KitLine, candidates: readonly CandidatePart[], context: Context): Choice {
  const { vehicle, sold, taken, answers } = context;
  const fitting = candidates.flatMap((part) => {
    const open = isOfLine(option, part) && !taken.has(part._id) && !ruledOut(part, vehicle, answers);
    const fit = open ? fitAt(option, part, vehicle) : null;
    return fit ? [{ part, fit, quantity: quantityFor(line, part, vehicle) }] : [];
  });
  if (!fitting.length) return { part: null, missing: 'no-fitting-part' };
  const stocked = fitting.filter((entry) => entry.part.availableQuantity >= entry.quantity);
  if (!stocked.length) return { part: null, missing: 'out-of-stock' };
  const soldOf = (part: CandidatePart) => sold[part._id] ?? 0;
  stocked.sort(
    (a, b) =>
      Number(b.fit === 'fits') - Number(a.fit === 'fits') ||
      soldOf(b.part) - soldOf(a.part) ||
      a.part.price - b.part.price ||
      a.part._id.localeCompare(b.part._id),
  );
  return stocked[0]!;
}

/** The line's part from its first option with a fitting part in stock (rear pads, else shoes); without one, out of stock
 * when some option's fitting parts are. `taken`: parts another line of the job already proposes. */
export function chooseFor(
  line: KitLine,
  candidates: readonly CandidatePart[],
  vehicle: VehicleChoice,
  sold: Readonly<Record<string, number>>,
  taken: ReadonlySet<string> = new Set(),
  answers: FitAnswersByPart = {},
): Choice {
  let missing: 'no-fitting-part' | 'out-of-stock' = 'no-fitting-part';
  for (const option of optionsOf(line)) {
    const choice = chooseOf(option, line, candidates, { vehicle, sold, taken, answers });
    if (choice.part) return choice;
    if (choice.missing === 'out-of-stock') missing = choice.missing;
  }
  return { part: null, missing };
}
