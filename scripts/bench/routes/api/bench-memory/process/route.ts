import { connection } from 'next/server';

/** GET /api/bench-memory/process (benchmark build only): the server's own memory, to tell its heap from the rest of its RSS. */
export async function GET(): Promise<Response> {
  await connection();
  return Response.json(process.memoryUsage());
}
