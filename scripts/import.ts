import { disconnectDb } from '@/lib/platform/db';
import { prepareEnvironment } from './app-runner';
import { formatReport, parseCommandArgs, runImportCommand } from './import-command';

/** `npm run import -- --format aces FILE [--dry-run] [--price-type RET]`: the Imports page's job, in the foreground. */
async function main(): Promise<void> {
  const args = parseCommandArgs(process.argv.slice(2));
  const db = await prepareEnvironment();
  try {
    const report = await runImportCommand(args);
    console.log(formatReport(report));
    if (report.state === 'failed' || report.state === 'cancelled') process.exitCode = 1;
  } finally {
    await disconnectDb();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
