import '@testing-library/jest-dom';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { withDatabaseName } from '@/db/embedded';

/** lib/platform/batch.ts's flush of every batch, found without loading it in files that never did. */
const FLUSH_ALL_BATCHES = Symbol.for('partsmart.flushAllBatches');

// Each test file gets a database of its own on the shared server, dropped when the file ends; the
// process id keeps apart two processes running one file at once (the mutation run's test runners).
// Component tests (jsdom) never touch the database, and mongoose does not load there.
const base = process.env.TEST_MONGODB_BASE_URI;
if (base && typeof window === 'undefined') {
  const testPath = expect.getState().testPath ?? 'unknown';
  const slug = path.basename(testPath).replace(/\W+/g, '_').slice(0, 30);
  const hash = createHash('sha1').update(`${testPath}:${process.pid}`).digest('hex').slice(0, 8);
  process.env.MONGODB_URI = withDatabaseName(base, `t_${slug}_${hash}`);

  // As instrumentation.ts does in a server: a cancelled order gives its codes back through this hook.
  beforeAll(async () => (await import('@/lib/register-hooks')).registerDomainHooks());

  afterAll(async () => {
    // The search index follows the catalog log on a timer: stop it with the file's database.
    (globalThis as { __catalogSearch?: { close(): void } }).__catalogSearch?.close();
    // Batched writes (lib/platform/batch.ts) still waiting land before the connection closes, not after it.
    await (globalThis as { [FLUSH_ALL_BATCHES]?: () => Promise<void> })[FLUSH_ALL_BATCHES]?.();
    const { default: mongoose } = await import('mongoose');
    if (mongoose.connection.readyState === 1) {
      await mongoose.connection.dropDatabase().catch(() => {});
      await mongoose.disconnect();
    }
  });
}
