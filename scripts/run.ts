import { prepareEnvironment, runNext, seedIfEmpty } from './app-runner';

/** `npm run dev` and `npm start`: the embedded database, the demo seed on first start, then Next.js. */
async function main(): Promise<void> {
  const [command = 'dev', ...args] = process.argv.slice(2);
  if (command !== 'dev' && command !== 'start') throw new Error(`Unknown command ${command}: use dev or start`);
  if (command === 'start' && !process.env.MONGODB_URI) {
    console.warn('[warn] MONGODB_URI is not set: starting with the embedded database. Set MONGODB_URI in production.');
  }
  const db = await prepareEnvironment();
  try {
    await seedIfEmpty();
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
