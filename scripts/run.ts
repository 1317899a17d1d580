import { assertProductionSettings, prepareEnvironment, runNext, seedIfEmpty } from './app-runner';

/** `npm run dev` (embedded database, demo seed, Next.js) or `npm start` (production settings; `--embedded`: the embedded defaults). */
async function main(): Promise<void> {
  const [command = 'dev', ...rest] = process.argv.slice(2);
  if (command !== 'dev' && command !== 'start') throw new Error(`Unknown command ${command}: use dev or start`);
  const embedded = command === 'dev' || rest.includes('--embedded');
  const args = rest.filter((arg) => arg !== '--embedded');
  if (!embedded) assertProductionSettings();
  const db = await prepareEnvironment();
  try {
    // The embedded shop's first start loads the demo supplier (3,010 parts that sell a brake job); SEED_SUPPLIER=0: the hand-made parts.
    await seedIfEmpty({ supplier: embedded && process.env.SEED_SUPPLIER !== '0' });
  } catch (error) {
    await db.stop();
    throw error;
  }
  await runNext(command, args, db);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
