import 'server-only';
import type { Types } from 'mongoose';
import { NotFoundError, ValidationError } from '@/lib/core/errors';
import { connectDb } from '@/lib/platform/db';
import type { LineFitInput } from '@/lib/validations/vehicles';
import { decideFit, FIT_QUESTION_TEXT, lineFitOf, rowsForVehicle, type FitQuestionRow, type LineFit } from './fit-questions';
import { Part } from '@/models';
import { readFitment } from './fitment-store';

/** A buyer's answers judged against the part's rows: every question answered, each with one of its options, and a fit (400 otherwise). */
export function judgeLineFit(rows: readonly FitQuestionRow[], { vehicle, answers }: LineFitInput): LineFit {
  const decision = decideFit(rows, vehicle, answers);
  const refuse = (message: string) => new ValidationError(message, { 'fit.answers': [message] });
  if (decision.invalid) throw refuse(FIT_QUESTION_TEXT.invalid);
  if (decision.verdict === 'open') throw refuse(FIT_QUESTION_TEXT.incomplete);
  if (decision.verdict === 'no') throw refuse(FIT_QUESTION_TEXT.doesNotFit);
  // The make and model as the shop writes them, whatever case the buyer's browser sent.
  const row = rowsForVehicle(rows, vehicle)[0];
  return lineFitOf(decision, row ? { ...vehicle, make: row.make, model: row.model } : vehicle);
}

/** judgeLineFit on the part's rows as stored (404 for a part that is not there). */
export async function checkLineFit(partId: Types.ObjectId, fit: LineFitInput): Promise<LineFit> {
  await connectDb();
  const [part, fitment] = await Promise.all([Part.exists({ _id: partId }), readFitment(partId)]);
  if (!part) throw new NotFoundError('Part not found');
  return judgeLineFit(fitment.rows, fit);
}
