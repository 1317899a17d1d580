import mongoose from 'mongoose';

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

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export function databaseUri(): string {
  const uri = process.env.MONGODB_URI;
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
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: Number(process.env.MONGODB_SERVER_SELECTION_TIMEOUT_MS ?? 3000),
      connectTimeoutMS: 5000,
      maxPoolSize: 20,
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
