import { getHeapSpaceStatistics } from 'node:v8';
import { connection } from 'next/server';

/** GET /api/bench-memory/process (benchmark build only): the server's own memory, to tell its heap from the rest of its RSS,
 * each heap space's reserved size (the young generation's is new_space), and the flags its Node.js runs with (the heap's). */
export async function GET(): Promise<Response> {
  await connection();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  return Response.json({ ...process.memoryUsage(), spaces, execArgv: process.execArgv });
}
