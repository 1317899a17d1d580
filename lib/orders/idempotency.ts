import 'server-only';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { AppError, ConflictError, UnprocessableError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { abandonPlacement } from '@/lib/orders/placement';
import { IdempotentRequest } from '@/models';

/** Idempotency-Key (DESIGN.md section 6a): one order per key and caller; each attempt is a unique `${key}#${n}` with a lease,
 * so a dead attempt is settled by the repeat that finds it. Passing refusals (429, 499) are not stored answers. */
export type Answer = { status: number; body: unknown };

export type KeyedRequest = { scope: string; caller: string; key: string; body: unknown };
export type Placing = {
  /** Runs the request, placing its order under `orderId`. */
  run: (orderId: Types.ObjectId) => Promise<Answer>;
  /** The answer for the order stored under `orderId`, or null when there is none. */
  recover: (orderId: Types.ObjectId) => Promise<Answer | null>;
};

/** A recovered order's answer as the request that placed it gave it (201), or none. */
const recovered = (body: unknown): Answer | null => (body ? { status: 201, body } : null);

const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long an attempt counts as alive without renewing; it renews every BEAT_MS. */
export const LEASE_MS = 15_000;
const BEAT_MS = 3_000;
/** How long a repeat waits for the attempt still running before answering 409. */
const WAIT_MS = 8_000;
const POLL_MS = 200;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Refusals that a retry of the same request may not get (429 Too Many Requests, 499 client gone). */
const PASSING = new Set([429, 499]);

export const IN_PROGRESS = 'The same request is still being processed; please wait a moment and check again';
export const KEY_REUSED = 'This Idempotency-Key was already used with a different request: send a new key for a new request';

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!KEY_PATTERN.test(header)) throw new ValidationError('Idempotency-Key must be 1 to 200 visible characters');
  return header;
}

/** JSON with every object's keys in order: the same body hashes the same however its fields were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

type Attempt = {
  _id: string;
  n: number;
  bodyHash: string;
  resourceId: Types.ObjectId;
  state: 'running' | 'done' | 'stored' | 'failed';
  aliveUntil: Date;
  status?: number | null;
  body?: unknown;
  expiresAt: Date;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A placing request's answer (201): once per Idempotency-Key when one is sent, else run as it is. */
export async function placeOnce<T>(
  req: Request,
  request: Omit<KeyedRequest, 'key'>,
  place: (orderId?: Types.ObjectId) => Promise<T>,
  recover: (orderId: Types.ObjectId) => Promise<T | null>,
): Promise<Answer> {
  const key = parseIdempotencyKey(req.headers.get('idempotency-key'));
  const run = async (orderId?: Types.ObjectId): Promise<Answer> => ({ status: 201, body: await place(orderId) });
  if (!key) return run();
  return once({ ...request, key }, { run, recover: async (orderId) => recovered(await recover(orderId)) });
}

/** Runs the request once per (scope, caller, key); lookups are only by `_id`, so a key costs the same however many are stored. */
export async function once(request: KeyedRequest, placing: Placing): Promise<Answer> {
  await connectDb();
  const key = `${request.scope}:${request.caller}:${sha256(request.key)}`;
  const bodyHash = sha256(canonical(request.body));
  const waitUntil = Date.now() + WAIT_MS;
  for (let n = 1; ;) {
    const started = await startAttempt(key, n, bodyHash);
    if (started) return runAttempt(started, placing);
    const attempt = await IdempotentRequest.findById(`${key}#${n}`).lean<Attempt>();
    if (!attempt) continue;
    if (attempt.bodyHash !== bodyHash) throw new UnprocessableError(KEY_REUSED);
    const answer = await answerOf(attempt, placing);
    if (answer) return answer;
    if (attempt.state !== 'running' || attempt.expiresAt.getTime() <= Date.now()) {
      // Failed and undone (or kept past its day): this request makes the next attempt.
      n++;
    } else if (attempt.aliveUntil.getTime() <= Date.now()) {
      await settleAttempt(attempt);
    } else {
      if (Date.now() > waitUntil) throw new ConflictError(IN_PROGRESS);
      await pause(POLL_MS);
    }
  }
}

/** The answer an attempt stands for, if it has one (expired ones are run again). */
async function answerOf(attempt: Attempt, placing: Placing): Promise<Answer | null> {
  if (attempt.expiresAt.getTime() <= Date.now()) return null;
  if (attempt.state === 'done') return { status: attempt.status ?? 200, body: attempt.body };
  if (attempt.state === 'stored') return placing.recover(attempt.resourceId);
  return null;
}

async function startAttempt(key: string, n: number, bodyHash: string): Promise<Attempt | null> {
  const now = Date.now();
  const attempt = {
    _id: `${key}#${n}`,
    key,
    n,
    bodyHash,
    resourceId: new Types.ObjectId(),
    state: 'running' as const,
    aliveUntil: new Date(now + LEASE_MS),
    at: new Date(now),
    expiresAt: new Date(now + KEEP_MS),
  };
  try {
    await IdempotentRequest.create(attempt);
    return attempt;
  } catch (error) {
    // Another repeat started attempt n first: it is the one that runs.
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/** Runs an attempt under a renewed lease; a 5xx or passing refusal ends the lease at once so the next look settles it. */
async function runAttempt(attempt: Attempt, placing: Placing): Promise<Answer> {
  let leaseUntil = attempt.aliveUntil.getTime();
  const beat = setInterval(() => {
    const until = Date.now() + LEASE_MS;
    void IdempotentRequest.updateOne({ _id: attempt._id, state: 'running' }, { $set: { aliveUntil: new Date(until) } }).then(
      () => void (leaseUntil = until),
      () => undefined,
    );
  }, BEAT_MS);
  beat.unref?.();
  const settle = (fields: Record<string, unknown>) => storeOutcome(attempt._id, fields);
  try {
    const answer = await placing.run(attempt.resourceId);
    clearInterval(beat);
    // Its lease ran out while it ran (a database too slow to renew it): a repeat may have settled it meanwhile.
    if (Date.now() >= leaseUntil) await assertNotGivenUp(attempt);
    await settle({ state: 'done', status: answer.status, body: answer.body });
    return answer;
  } catch (error) {
    clearInterval(beat);
    if (error instanceof AppError && error.status < 500 && !PASSING.has(error.status))
      await settle({ state: 'done', status: error.status, body: { error: error.message, ...error.details } });
    else await settle({ aliveUntil: new Date(0) });
    throw error;
  }
}

/** How often, and how far apart, an attempt's outcome is stored again in the background when storing it failed. */
const STORE_TRIES = 5;
const STORE_RETRY_MS = 500;

/** Stores an attempt's outcome, retrying in the background; if all fail the lease runs out and the next look settles it. */
async function storeOutcome(id: string, fields: Record<string, unknown>, tries = STORE_TRIES): Promise<void> {
  try {
    await IdempotentRequest.updateOne({ _id: id, state: 'running' }, { $set: fields });
  } catch (error) {
    if (tries <= 1) return void console.error('[idempotency] could not store an outcome, the next look settles it:', error);
    setTimeout(() => void storeOutcome(id, fields, tries - 1), STORE_RETRY_MS * (STORE_TRIES - tries + 1)).unref?.();
  }
}

export const GIVEN_UP = 'This order was given up while it was being placed, and is cancelled: please check out again';

/** Refuses (409) the answer of an attempt that a repeat settled as failed while it ran: its order is fenced and cancelled. */
async function assertNotGivenUp(attempt: Pick<Attempt, '_id'>): Promise<void> {
  const now = await IdempotentRequest.findById(attempt._id, { state: 1 }).lean();
  if (now?.state === 'failed') throw new ConflictError(GIVEN_UP);
}

/** Settles an expired attempt from its order, or undoes its placement; safe twice at once because each undo is once. */
async function settleAttempt(attempt: Pick<Attempt, '_id' | 'resourceId'>): Promise<void> {
  const { order } = await abandonPlacement(attempt.resourceId, 'idempotency');
  await IdempotentRequest.updateOne({ _id: attempt._id, state: 'running' }, { $set: { state: order ? 'stored' : 'failed' } });
}
