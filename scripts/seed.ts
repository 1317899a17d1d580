import { disconnectDb } from '@/lib/platform/db';
import { describeSeed, seedDemo } from '@/db/seed';
import { prepareEnvironment } from './app-runner';

/** `npm run seed`: adds whatever of the demo catalog and accounts is missing (idempotent). */
async function main(): Promise<void> {
  const db = await prepareEnvironment();
  try {
    describeSeed(await seedDemo());
  } finally {
    await disconnectDb();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
