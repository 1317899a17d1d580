import 'server-only';
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { after } from 'next/server';
import { connectDb } from '@/lib/platform/db';
import { onVercel } from '@/lib/platform/env';
import { isDuplicateKey } from '@/lib/core/errors';
import { sendMail, type Mail } from '@/lib/mail/mailer';
import { OutboxClaim, OutboxDue, OutboxMessage } from '@/models';

/** The mail outbox (DESIGN.md section 6): unique message keys and unique `${key}:${attempt}` claims with a lease make each send once
 * across instances; a sender dying after SMTP accepted but before recording it is the one duplicate no protocol can close. */

export const POLL_INTERVAL_MS = 5_000;
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 20_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/** A due entry whose message never arrived (its enqueue died in between) is dropped after this long. */
const ORPHAN_AFTER_MS = 10 * 60_000;
const BATCH_SIZE = 20;
const MAX_BATCHES = 10;
/** How many attempt numbers past the recorded one a sender tries when earlier claims are finished or expired. */
const CLAIM_LOOKAHEAD = 5;

const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export type OutboxMail = Pick<Mail, 'to' | 'subject' | 'text' | 'html'>;
export type DeliveryReport = { sent: number; retried: number; failed: number; skipped: number };
type Outcome = keyof DeliveryReport;

/** The wait before attempt `attempt + 1`: 30 s doubling up to 1 h, with ±20% jitter so senders spread out. */
export function retryDelayMs(attempt: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Runs a bookkeeping write a few times: after a send, losing the "sent" mark would mean sending again. */
async function persist(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export type EnqueueOptions = {
  /** The key was made just now, so the lookup is skipped; the insert's unique `_id` still keeps the first message if this is wrong. */
  fresh?: boolean;
};

/** Adds a message under `key`; false for an existing key or a failed write, logged: an email must never fail the caller's change. */
export async function enqueueMail(key: string, mail: OutboxMail, { fresh = false }: EnqueueOptions = {}): Promise<boolean> {
  try {
    await connectDb();
    const existing = fresh ? null : await OutboxMessage.findById(key, { state: 1 }).lean();
    return await placeMail(key, existing?.state ?? null, () => mail);
  } catch (error) {
    logEnqueueFailure(key, error);
    return false;
  }
}

/** Whether a message under `key` was queued (pending, sent or given up): an enqueue that answered false may have failed. */
export async function isMailQueued(key: string): Promise<boolean> {
  await connectDb();
  return Boolean(await OutboxMessage.exists({ _id: key }));
}

const logEnqueueFailure = (key: string, error: unknown) => console.error(`[outbox] could not enqueue ${key}: ${errorText(error)}`);

/** The enqueue once the key's state is known (null: none): a pending message keeps its entry, a missing one is built and added. */
async function placeMail(key: string, state: string | null, mail: () => OutboxMail): Promise<boolean> {
  if (state !== null) {
    if (state === 'pending') await ensureDue(key, new Date());
    return false;
  }
  // The due entry first: a pending message then always has one, even if this process dies in between.
  await ensureDue(key, new Date());
  const { to, subject, text, html } = mail();
  try {
    await OutboxMessage.create({ _id: key, to, subject, text, html });
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
  pokeMailSender();
  return true;
}

/** How many keys one lookup of enqueueMissingMails carries (some 175 kB of query). */
const LOOKUP_BATCH = 5000;

/** enqueueMail for many keys, looked up `batch` to a query: FerretDB reads the whole collection for each `$in`, so fewer larger
 * lookups are cheaper. Throws when a lookup fails (the caller repeats its run). */
export async function enqueueMissingMails(
  entries: Array<{ key: string; mail: () => OutboxMail }>,
  { batch: size = LOOKUP_BATCH }: { batch?: number } = {},
): Promise<number> {
  let added = 0;
  for (let start = 0; start < entries.length; start += size) {
    const batch = entries.slice(start, start + size);
    await connectDb();
    const found = await OutboxMessage.find({ _id: { $in: batch.map((entry) => entry.key) } }, { state: 1 }).lean();
    const states = new Map(found.map((message) => [String(message._id), message.state]));
    for (const { key, mail } of batch) {
      try {
        if (await placeMail(key, states.get(key) ?? null, mail)) added++;
      } catch (error) {
        logEnqueueFailure(key, error);
      }
    }
  }
  return added;
}

async function ensureDue(key: string, dueAt: Date): Promise<void> {
  try {
    await OutboxDue.create({ _id: key, attempt: 0, dueAt, createdAt: dueAt });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

type Claim = { id: string; messageId: string; attempt: number };

/** Claims the first free attempt from `attempt` on; null while another sender holds a live claim. */
async function claimAttempt(messageId: string, attempt: number, now: Date): Promise<Claim | null> {
  for (let candidate = attempt; candidate < attempt + CLAIM_LOOKAHEAD; candidate++) {
    const id = `${messageId}:${candidate}`;
    try {
      await OutboxClaim.create({
        _id: id,
        messageId,
        attempt: candidate,
        owner: OWNER,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        at: now,
      });
      return { id, messageId, attempt: candidate };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const existing = await OutboxClaim.findById(id, { outcome: 1, leaseUntil: 1 }).lean();
      if (existing && !existing.outcome && existing.leaseUntil > now) return null;
    }
  }
  return null;
}

async function finishClaim(claim: Claim, outcome: 'sent' | 'failed' | 'skipped', now: Date): Promise<void> {
  // Only the claim's owner writes it, so this plain update cannot race with another writer.
  await OutboxClaim.updateOne({ _id: claim.id }, { $set: { outcome, leaseUntil: now } }).catch(() => {});
}

type DueEntry = { _id: string; attempt: number; dueAt: Date; createdAt: Date };

async function deliverOne(entry: DueEntry, clock: () => Date): Promise<Outcome> {
  const now = clock();
  const message = await OutboxMessage.findById(entry._id).lean();
  if (!message) {
    if (now.getTime() - new Date(entry.createdAt).getTime() > ORPHAN_AFTER_MS) await OutboxDue.deleteOne({ _id: entry._id });
    return 'skipped';
  }
  if (message.state !== 'pending') {
    await OutboxDue.deleteOne({ _id: entry._id });
    return 'skipped';
  }
  const claim = await claimAttempt(entry._id, entry.attempt + 1, now);
  if (!claim) return 'skipped';

  // Read again under the claim: an earlier attempt may have finished (sent, or rescheduled) meanwhile.
  const [current, due] = await Promise.all([OutboxMessage.findById(entry._id).lean(), OutboxDue.findById(entry._id).lean()]);
  if (!current || current.state !== 'pending' || !due || due.dueAt > now) {
    if (current && current.state !== 'pending') await OutboxDue.deleteOne({ _id: entry._id });
    await finishClaim(claim, 'skipped', now);
    return 'skipped';
  }

  // The lease is renewed while the send runs, so a slow SMTP server never lets a second sender in.
  const heartbeat = setInterval(() => {
    void OutboxClaim.updateOne({ _id: claim.id, outcome: null }, { $set: { leaseUntil: new Date(clock().getTime() + LEASE_MS) } }).catch(
      () => {},
    );
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  let failure: unknown = null;
  try {
    await sendMail({ to: current.to, subject: current.subject, text: current.text, html: current.html });
  } catch (error) {
    failure = error ?? new Error('send failed');
  } finally {
    clearInterval(heartbeat);
  }

  const finished = clock();
  if (!failure) {
    // At-least-once gap: a crash right here (accepted by SMTP, not yet marked) sends the message again later.
    await persist(() =>
      OutboxMessage.updateOne(
        { _id: entry._id },
        { $set: { state: 'sent', sentAt: finished, attempts: claim.attempt }, $unset: { lastError: 1 } },
      ),
    );
    await persist(() => OutboxDue.deleteOne({ _id: entry._id }));
    await finishClaim(claim, 'sent', finished);
    return 'sent';
  }

  const lastError = errorText(failure);
  if (finished.getTime() - new Date(current.createdAt).getTime() >= GIVE_UP_AFTER_MS) {
    await persist(() =>
      OutboxMessage.updateOne({ _id: entry._id }, { $set: { state: 'failed', failedAt: finished, attempts: claim.attempt, lastError } }),
    );
    await persist(() => OutboxDue.deleteOne({ _id: entry._id }));
    await finishClaim(claim, 'failed', finished);
    console.error(`[outbox] gave up on "${current.subject}" to ${current.to} (${entry._id}) after ${claim.attempt} attempts: ${lastError}`);
    return 'failed';
  }
  // The schedule first, then the claim: once the claim is finished, the due entry already names this attempt.
  const dueAt = new Date(finished.getTime() + retryDelayMs(claim.attempt));
  await persist(() => OutboxDue.updateOne({ _id: entry._id }, { $set: { attempt: claim.attempt, dueAt } }));
  await OutboxMessage.updateOne({ _id: entry._id }, { $set: { attempts: claim.attempt, lastError } }).catch(() => {});
  await finishClaim(claim, 'failed', finished);
  console.warn(`[outbox] attempt ${claim.attempt} of ${entry._id} failed (${lastError}); next at ${dueAt.toISOString()}`);
  return 'retried';
}

async function deliverBatches(now: Date): Promise<DeliveryReport> {
  await connectDb();
  // Tests pass a later `now`; the clock keeps that offset while the run goes on.
  const offset = now.getTime() - Date.now();
  const clock = () => new Date(Date.now() + offset);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  const seen: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await OutboxDue.find({ dueAt: { $lte: clock() }, _id: { $nin: seen } })
      .sort({ dueAt: 1, _id: 1 })
      .limit(BATCH_SIZE)
      .lean<DueEntry[]>();
    for (const entry of due) {
      seen.push(entry._id);
      try {
        report[await deliverOne(entry, clock)]++;
      } catch (error) {
        // One message's trouble never holds up the others; it stays due and is tried on the next run.
        report.skipped++;
        console.error(`[outbox] could not process ${entry._id}: ${errorText(error)}`);
      }
    }
    if (due.length < BATCH_SIZE) break;
  }
  return report;
}

// One delivery run at a time per module instance; a request for another run meanwhile runs once after it.
let running: Promise<DeliveryReport> | null = null;
let again = false;

/** Delivers the due messages once per run, safe across processes (the claims decide); a call during a run joins it. */
export function deliverDueMail(now?: Date): Promise<DeliveryReport> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let report = await deliverBatches(now ?? new Date());
      while (again) {
        again = false;
        const more = await deliverBatches(new Date());
        report = {
          sent: report.sent + more.sent,
          retried: report.retried + more.retried,
          failed: report.failed + more.failed,
          skipped: report.skipped + more.skipped,
        };
      }
      return report;
    } finally {
      running = null;
      again = false;
    }
  })();
  return running;
}

/** The process-wide sender (on globalThis: Next.js may load this module once per bundle in one process). */
type SenderState = { timer: ReturnType<typeof setInterval> | null; lastErrorLog: number; poke: (() => void) | null };
const globalForSender = globalThis as typeof globalThis & { __partsMailSender?: SenderState };
const sender: SenderState = (globalForSender.__partsMailSender ??= { timer: null, lastErrorLog: 0, poke: null });

function runQuietly(): void {
  deliverDueMail().catch((error: unknown) => {
    // The database may be down: say so at most once a minute, and keep polling.
    if (Date.now() - sender.lastErrorLog < 60_000) return;
    sender.lastErrorLog = Date.now();
    console.error(`[outbox] delivery run failed: ${errorText(error)}`);
  });
}

/** Starts polling for due mail in this process (once; later calls are no-ops). Answers a stop function. */
export function startMailSender({ intervalMs = POLL_INTERVAL_MS }: { intervalMs?: number } = {}): () => void {
  if (!sender.timer) {
    sender.timer = setInterval(runQuietly, intervalMs);
    sender.timer.unref?.();
    setTimeout(runQuietly, 500).unref?.();
    // Runs started by an enqueue run in the sender's own async context, bound here, never in the
    // request's: under a steady stream of orders one run goes on for minutes, and a run (or a callback
    // on it) made in a request's context keeps that request alive until the run ends (the heap ran out).
    const runOutside = AsyncResource.bind(runQuietly);
    sender.poke = () => {
      // A run going on delivers the new message too (it runs once more): nothing is added to it.
      if (running) again = true;
      else setImmediate(runOutside);
    };
  }
  return stopMailSender;
}

export function stopMailSender(): void {
  if (sender.timer) clearInterval(sender.timer);
  sender.timer = null;
  sender.poke = null;
}

/** Delivers right after an enqueue: via this process's sender, or on Vercel after the response (`after`); claims keep one send. */
function pokeMailSender(): void {
  if (sender.poke) return sender.poke();
  if (!onVercel()) return;
  try {
    after(() =>
      deliverDueMail().then(
        () => undefined,
        (error: unknown) => console.error(`[outbox] delivery after the response failed: ${errorText(error)}`),
      ),
    );
  } catch (error) {
    // Outside a request (a script): the outbox job sends it.
    console.warn(`[outbox] no request to send after, left to the outbox job: ${errorText(error)}`);
  }
}
