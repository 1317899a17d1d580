import { connection } from 'next/server';

/** GET /api/bench-memory/process (benchmark build only): the server's own memory, to tell its heap from the rest of its RSS, and
 * the flags its Node.js runs with (the heap's). */
export async function GET(): Promise<Response> {
  await connection();
  return Response.json({ ...process.memoryUsage(), execArgv: process.execArgv });
}
