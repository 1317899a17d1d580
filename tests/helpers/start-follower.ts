import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A second shop process on the same database, with its own search index (`script`: what it answers); its log lines are kept apart. */
export async function startFollower(script = 'tests/helpers/search-follower.ts') {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test' },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const all = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const logs: string[] = [];
  // The protocol lines follow "ready"; the process's own log lines ("[search] indexed ...") start with '['.
  const lines = (async function* () {
    for (let line = await all.next(); !line.done; line = await all.next()) {
      if (line.value.startsWith('[')) logs.push(line.value);
      else yield line.value;
    }
  })();
  const ready = (await lines.next()).value;
  if (ready !== 'ready') throw new Error(`${script} said ${String(ready)} instead of ready`);
  return { child, lines, logs };
}
