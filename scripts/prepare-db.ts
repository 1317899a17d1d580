import path from 'node:path';
import { resolveDatabase } from '@/db/embedded';

/** `npm run db:prepare`: downloads MongoDB or builds FerretDB into .cache/bin once, so the first test run does not wait for it. */
async function main(): Promise<void> {
  const started = Date.now();
  const db = await resolveDatabase({
    dataDir: path.resolve('.data', `prepare-${process.pid}`),
    cacheDir: path.resolve('.cache'),
    ephemeral: true,
  });
  await db.stop();
  console.log(`[db] ${db.engine} is ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
