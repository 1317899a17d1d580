/**
 * Another shop process on the database in MONGODB_URI (tests/api/alerts/job.test.ts): it loads its own search index, says
 * "ready", then runs the job named on each stdin line and answers its report as one JSON line.
 */
import { createInterface } from 'node:readline';
import { catalogSearch } from '@/lib/catalog/search';
import { isJobName, runJob } from '@/lib/jobs/jobs';

async function main(): Promise<void> {
  await catalogSearch().ready();
  console.log('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (!isJobName(line)) {
      console.log(JSON.stringify({ error: `no job ${line}` }));
      continue;
    }
    console.log(JSON.stringify(await runJob(line)));
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
