import { fitStatus, vehicleLabel, type FitmentRowLike, type VehicleChoice } from '@/lib/catalog/fitment';
import { MAX_FIT_QUESTIONS } from '@/lib/core/part-fields';

/** The fit questions (issue 46): what to ask a buyer so that a part's rows for a vehicle give one answer. Pure and client-safe. */

/** A fitment row as the questions read it: the base vehicle, and what may set rows apart. */
export type FitQuestionRow = FitmentRowLike & {
  subModel?: string | null;
  // As stored ({ text, qdbId }) or as the part's API answers them (the text).
  qualifiers?: ReadonlyArray<{ text: string } | string> | null;
};

/** What a question decides between, in the order they are asked. */
export type FitQuestionKind = 'subModel' | 'engine' | 'qualifier';

export type FitQuestion = { kind: FitQuestionKind; text: string; options: string[] };

/** `open`: a question is still unanswered; `check`: the rows left hold notes, or an answer was "Not sure". */
export type FitVerdict = 'fits' | 'no' | 'check' | 'open';

export type FitDecision = {
  /** The questions the answers given lead to, the next unanswered one last. */
  questions: FitQuestion[];
  /** The next question, or null when the answers decide it. */
  next: FitQuestion | null;
  verdict: FitVerdict;
  /** The answers that apply, one per question asked; an answer that is not one of its question's options is not counted. */
  answers: string[];
  /** True when an answer given is not one of its question's options, or more answers came than questions. */
  invalid: boolean;
};

/** Every text the questions show, in one place. */
export const FIT_QUESTION_TEXT = {
  subModel: 'Which submodel is your vehicle?',
  engine: 'Which engine does your vehicle have?',
  qualifier: 'Which of these describes your vehicle?',
  noneOfThese: 'None of these',
  notSure: 'Not sure',
  invalid: 'Choose an answer the part offers for this vehicle',
  incomplete: 'Answer the fit questions for this vehicle',
  doesNotFit: 'By these answers the part does not fit this vehicle',
} as const;

export { MAX_FIT_QUESTIONS };

const KINDS: readonly FitQuestionKind[] = ['subModel', 'engine', 'qualifier'];

// Names are compared without regard to case, as the fitment itself does.
const key = (value: string) => value.trim().toLowerCase();

/** The row's value for a kind of question; empty: the row holds for every value. */
function valueOf(row: FitQuestionRow, kind: FitQuestionKind): string {
  if (kind === 'subModel') return row.subModel?.trim() ?? '';
  if (kind === 'engine') return row.engine?.trim() ?? '';
  return (row.qualifiers ?? [])
    .map((qualifier) => (typeof qualifier === 'string' ? qualifier : qualifier.text).trim())
    .filter(Boolean)
    .join(', ');
}

/** The rows for the vehicle: its year, make and model, and its engine when chosen (as fitStatus matches them). */
export function rowsForVehicle<Row extends FitQuestionRow>(rows: readonly Row[], vehicle: VehicleChoice): Row[] {
  return rows.filter((row) => fitStatus([row], vehicle) !== 'no');
}

/** A row holds whatever the kinds not yet settled are: no submodel, engine or qualifier to confirm. */
const holdsAnyway = (row: FitQuestionRow, open: readonly FitQuestionKind[]) => open.every((kind) => !valueOf(row, kind));

/** The question of a kind over the rows left, or null when no row names a value of that kind. */
function questionOf(rows: readonly FitQuestionRow[], kind: FitQuestionKind): FitQuestion | null {
  const values = new Map<string, string>();
  for (const row of rows) {
    const value = valueOf(row, kind);
    if (value && !values.has(key(value))) values.set(key(value), value);
  }
  if (!values.size) return null;
  const options = [...values.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return { kind, text: FIT_QUESTION_TEXT[kind], options: [...options, FIT_QUESTION_TEXT.noneOfThese, FIT_QUESTION_TEXT.notSure] };
}

/** The rows an answer leaves: those naming the answer, and those that hold for any value of the kind. */
function rowsAfter<Row extends FitQuestionRow>(rows: readonly Row[], kind: FitQuestionKind, answer: string): Row[] {
  if (answer === FIT_QUESTION_TEXT.notSure) return [...rows];
  return rows.filter((row) => !valueOf(row, kind) || (answer !== FIT_QUESTION_TEXT.noneOfThese && key(valueOf(row, kind)) === key(answer)));
}

/** The verdict of the rows left once nothing more is asked: a row that holds whatever is still open, and has no notes, fits. */
function settled(rows: readonly FitQuestionRow[], open: readonly FitQuestionKind[], unsure: boolean): Exclude<FitVerdict, 'open'> {
  if (!rows.length) return 'no';
  if (unsure) return 'check';
  return rows.some((row) => holdsAnyway(row, open) && !row.notes) ? 'fits' : 'check';
}

/**
 * Asks the fewest questions that leave one answer. `rows` are the part's fitment rows (those of other
 * vehicles are left out here); `answers` answer the questions in order. A kind is asked only while no
 * row left holds without it (then the part fits whatever the answer), in the order submodel, engine
 * (when none is chosen), qualifier.
 */
export function decideFit(rows: readonly FitQuestionRow[], vehicle: VehicleChoice, answers: readonly string[] = []): FitDecision {
  // A part without fitment data can fit anything: its notes have to tell (as fitStatus says).
  if (!rows.length) return { questions: [], next: null, verdict: 'check', answers: [], invalid: answers.length > 0 };
  let left = rowsForVehicle(rows, vehicle);
  const open = KINDS.filter((kind) => kind !== 'engine' || !vehicle.engine);
  const questions: FitQuestion[] = [];
  const taken: string[] = [];
  let unsure = false;
  while (left.length && questions.length < MAX_FIT_QUESTIONS && !left.some((row) => holdsAnyway(row, open))) {
    const question = open.map((kind) => questionOf(left, kind)).find(Boolean);
    if (!question) break;
    questions.push(question);
    open.splice(open.indexOf(question.kind), 1);
    const answer = answers[taken.length];
    if (answer === undefined) return { questions, next: question, verdict: 'open', answers: taken, invalid: false };
    const option = question.options.find((candidate) => key(candidate) === key(answer));
    if (!option) return { questions, next: question, verdict: 'open', answers: taken, invalid: true };
    taken.push(option);
    unsure ||= option === FIT_QUESTION_TEXT.notSure;
    left = rowsAfter(left, question.kind, option);
  }
  return { questions, next: null, verdict: settled(left, open, unsure), answers: taken, invalid: answers.length > taken.length };
}

/** A fit as a cart or order line keeps it: the vehicle's label, the answers and the line's text. */
export type LineFit = { vehicle: string; answers: string[]; text: string };

const NOUNS: Record<FitQuestionKind, string> = { subModel: 'submodel', engine: 'engine', qualifier: 'options' };
const LEADS: Record<FitVerdict, string> = { fits: 'confirmed for', check: 'to check for', no: 'does not fit', open: 'to check for' };
const isDoubt = (answer: string) => answer === FIT_QUESTION_TEXT.notSure || answer === FIT_QUESTION_TEXT.noneOfThese;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "confirmed for 2015 Toyota Corolla LE 1.8L, with 288 mm front rotors": the vehicle with the submodel and engine
 * answered, then the qualifier; an answer of "Not sure" or "None of these" is named with its question ("submodel: not sure"). */
export function lineFitOf(decision: FitDecision, vehicle: VehicleChoice): LineFit {
  const answered = decision.answers.map((answer, index) => ({ kind: decision.questions[index]!.kind, answer }));
  const picked = (kind: FitQuestionKind) => answered.find((a) => a.kind === kind && !isDoubt(a.answer))?.answer ?? null;
  const described = [vehicleLabel({ ...vehicle, engine: null }), picked('subModel'), vehicle.engine ?? picked('engine')];
  const qualifier = picked('qualifier');
  const doubts = answered.filter((a) => isDoubt(a.answer)).map((a) => `${NOUNS[a.kind]}: ${a.answer.toLowerCase()}`);
  const text = [`${LEADS[decision.verdict]} ${described.filter(Boolean).join(' ')}`, qualifier && lowerFirst(qualifier), ...doubts];
  return { vehicle: vehicleLabel(vehicle), answers: decision.answers, text: text.filter(Boolean).join(', ') };
}
