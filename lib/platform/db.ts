import 'server-only';
import mongoose from 'mongoose';
import { env } from '@/lib/platform/env';
import { AppError, isDatabaseDown } from '@/lib/core/errors';
import { setQueryTimeLimit } from '@/models/time-limit';

/** One connection per process on globalThis, so hot reload reuses it; cleared on failure so the next request retries. */
type Cache = {
  promise: Promise<typeof mongoose> | null;
  uri: string | null;
  /** The database's state as the driver last told it: no server answers (`lost`), and the last sign of one failing. */
  lost: boolean;
  failedAt: number;
  /** disconnectDb() at work: a connection closed on purpose is no outage. */
  closing: boolean;
  watching: boolean;
  watchedClient: unknown;
  /** The last opening or closing of the connection (oneAtATime). */
  turn?: Promise<unknown>;
};
const globalForDb = globalThis as typeof globalThis & { __partsDb?: Cache };
const cache: Cache = (globalForDb.__partsDb ??= {
  promise: null,
  uri: null,
  lost: false,
  failedAt: 0,
  closing: false,
  watching: false,
  watchedClient: null,
});

/** A query cut short by an outage may reach its caller after the driver reconnected, so failures this soon after count as its. */
export const OUTAGE_AFTERMATH_MS = 10_000;

const noteFailure = () => {
  cache.failedAt = Date.now();
};

/** The driver's signs of a lost server between heartbeats, which it only marks at its next heartbeat (or never if the server returns). */
function watchClient(client: ReturnType<typeof mongoose.connection.getClient>): void {
  if (cache.watchedClient === client) return;
  cache.watchedClient = client;
  client.on('connectionCheckOutFailed', (event) => {
    if (event.reason === 'connectionError') noteFailure();
  });
  client.on('connectionClosed', (event) => {
    if (event.reason === 'error') noteFailure();
  });
  client.on('serverHeartbeatFailed', noteFailure);
}

function watchConnection(): void {
  if (cache.watching) return;
  cache.watching = true;
  // Mongoose tells the driver's view: "disconnected" once no server answers, "connected" when one does again.
  mongoose.connection.on('disconnected', () => {
    if (cache.closing) return;
    cache.lost = true;
    noteFailure();
  });
  mongoose.connection.on('connected', () => {
    cache.lost = false;
    watchClient(mongoose.connection.getClient());
  });
}
watchConnection();

/** Whether the database is unreachable now, or failed a moment ago (OUTAGE_AFTERMATH_MS). */
export function databaseRecentlyFailed(now = Date.now()): boolean {
  return cache.lost || (cache.failedAt > 0 && now - cache.failedAt < OUTAGE_AFTERMATH_MS);
}

/** The one classification of a failure as the database's (503, never 500); a failed 'use cache' read loses its name in production,
 * so the database's state tells. */
export function isDatabaseFailure(error: unknown): boolean {
  return isDatabaseDown(error) || (!(error instanceof AppError) && databaseRecentlyFailed());
}

// Fail fast: no command buffering while disconnected, a short server selection timeout.
mongoose.set('bufferCommands', false);
mongoose.set('strictQuery', true);
mongoose.set('autoIndex', false);

/** Time limit for a start-up job's full read, longer than a request's: on FerretDB such reads take tens of seconds. */
export const STARTUP_READ_MS = 60_000;

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export function databaseUri(): string {
  const uri = env().MONGODB_URI;
  if (!uri) {
    throw new DatabaseUnavailableError(
      'MONGODB_URI is not set. Start the shop with `npm run dev` or `npm start`, which start the embedded database.',
    );
  }
  return uri;
}

export function connectDb(): Promise<typeof mongoose> {
  const uri = databaseUri();
  if (cache.promise && cache.uri === uri) return cache.promise;
  cache.uri = uri;
  const attempt: Promise<typeof mongoose> = oneAtATime(async () => {
    if (mongoose.connection.readyState !== 0) await closeConnection();
    const settings = env();
    setQueryTimeLimit(settings.MONGODB_MAX_TIME_MS);
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: settings.MONGODB_SERVER_SELECTION_TIMEOUT_MS,
      connectTimeoutMS: 5000,
      // A query is stopped by the server after maxTimeMS; the socket gives up a little later.
      socketTimeoutMS: settings.MONGODB_MAX_TIME_MS + 10_000,
      maxPoolSize: settings.MONGODB_POOL_SIZE,
      // A burst waits its turn for a connection rather than failing half way through a placement.
      waitQueueTimeoutMS: settings.MONGODB_POOL_WAIT_MS,
    });
    const { ensureIndexes } = await import('@/models');
    await ensureIndexes();
    return mongoose;
  }).catch((error: unknown) => {
    // A later attempt (another URI) may have taken its place meanwhile: that one stays.
    if (cache.promise === attempt) cache.promise = null;
    throw error;
  });
  cache.promise = attempt;
  return attempt;
}

/** The connection's opening and closing, in turn: mongoose has one connection, and an attempt for another URI (a test moving
 * between databases while a timer's read reconnects) would otherwise close or reopen it half way through this one. */
function oneAtATime<T>(turn: () => Promise<T>): Promise<T> {
  const run = (cache.turn ?? Promise.resolve()).then(turn, turn);
  cache.turn = run.catch(() => undefined);
  return run;
}

/** Closes the connection on purpose: no outage. */
async function closeConnection(): Promise<void> {
  cache.closing = true;
  try {
    await mongoose.disconnect();
  } finally {
    cache.closing = false;
  }
}

export async function disconnectDb(): Promise<void> {
  cache.promise = null;
  cache.uri = null;
  await oneAtATime(closeConnection);
}
