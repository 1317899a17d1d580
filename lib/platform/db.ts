import 'server-only';
import mongoose from 'mongoose';
import { env } from '@/lib/platform/env';
import { setQueryTimeLimit } from '@/models/time-limit';

/**
 * One cached connection per process. It lives on globalThis so that hot reload in development
 * reuses it, and it is cleared when connecting fails so the next request tries again.
 */
type Cache = { promise: Promise<typeof mongoose> | null; uri: string | null };
const globalForDb = globalThis as typeof globalThis & { __partsDb?: Cache };
const cache: Cache = (globalForDb.__partsDb ??= { promise: null, uri: null });

// Fail fast: no command buffering while disconnected, a short server selection timeout.
mongoose.set('bufferCommands', false);
mongoose.set('strictQuery', true);
mongoose.set('autoIndex', false);

/**
 * The time limit of a start-up job's read (the search index's read of every part or of its snapshot,
 * the stock repair's scan of the recent ledger), not a request's: on FerretDB such a read of 100,000
 * parts or moves takes seconds to tens of seconds, over the limit a request's query has.
 */
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
  cache.promise = (async () => {
    if (mongoose.connection.readyState !== 0) await mongoose.disconnect();
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
  })().catch((error: unknown) => {
    cache.promise = null;
    throw error;
  });
  return cache.promise;
}

export async function disconnectDb(): Promise<void> {
  cache.promise = null;
  cache.uri = null;
  await mongoose.disconnect();
}
