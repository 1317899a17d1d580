import { disconnectDb } from '@/lib/platform/db';
import { describeSeed, seedDemo } from '@/db/seed';
import { prepareEnvironment } from './app-runner';

/** `npm run seed`: adds whatever of the demo catalog and accounts is missing (idempotent); `--supplier` (`npm run seed:supplier`):
 * the demo supplier too. */
async function main(): Promise<void> {
  const db = await prepareEnvironment();
  try {
    describeSeed(await seedDemo(process.env, process.argv.includes('--supplier') ? { supplier: true } : {}));
  } finally {
    await disconnectDb();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
