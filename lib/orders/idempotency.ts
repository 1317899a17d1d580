import 'server-only';
import { createHash } from 'node:crypto';
import { connectDb } from '@/lib/platform/db';
import { AppError, ConflictError, ValidationError, isDuplicateKey } from '@/lib/platform/errors';
import { IdempotentRequest } from '@/models';

/**
 * Idempotency-Key (DESIGN.md section 6): a retried request with the same key from the same caller
 * gets the first answer, and its work runs once. The unique _id decides which attempt runs; the
 * answer is stored for a day. An attempt that failed for a reason of ours (5xx), or was refused for
 * a passing one (429: a limit, until its window ends; 499: the client left before anything was
 * done), leaves nothing behind, so the client may retry it with the same key.
 */
export type Answer = { status: number; body: unknown };

const KEEP_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Refusals that a retry of the same request may not get (429 Too Many Requests, 499 client gone). */
const PASSING = new Set([429, 499]);

export const IN_PROGRESS = 'The same request is still being processed; please wait a moment and check again';

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!KEY_PATTERN.test(header)) throw new ValidationError('Idempotency-Key must be 1 to 200 visible characters');
  return header;
}

/** Runs `work` once per (scope, caller, key); a repeat answers what the first attempt answered. */
export async function once(scope: string, callerId: string, key: string, work: () => Promise<Answer>): Promise<Answer> {
  await connectDb();
  const _id = `${scope}:${callerId}:${createHash('sha256').update(key).digest('base64url')}`;
  try {
    await IdempotentRequest.create({ _id, state: 'running', expiresAt: new Date(Date.now() + KEEP_MS) });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const first = await IdempotentRequest.findById(_id).lean();
    if (first?.state === 'done' && first.expiresAt.getTime() > Date.now()) return { status: first.status ?? 200, body: first.body };
    // Running, or stopped mid-way by a crash: never run the work a second time.
    throw new ConflictError(IN_PROGRESS);
  }
  let answer: Answer;
  try {
    answer = await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || PASSING.has(error.status)) {
      await IdempotentRequest.deleteOne({ _id, state: 'running' });
      throw error;
    }
    // A refusal (4xx) is an answer too: the same key gets it again.
    await IdempotentRequest.updateOne(
      { _id },
      { $set: { state: 'done', status: error.status, body: { error: error.message, ...error.details } } },
    );
    throw error;
  }
  await IdempotentRequest.updateOne({ _id }, { $set: { state: 'done', status: answer.status, body: answer.body } });
  return answer;
}
