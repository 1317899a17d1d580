import { connection, type NextRequest } from 'next/server';

/** Benchmark-only handler answering the real endpoint's first page from memory: the API's baseline of a handler doing no work. */
type Captured = { body: string; headers: Record<string, string> };

const COPIED_HEADERS = ['content-type', 'x-total-count', 'x-page', 'x-limit'] as const;

async function capture(url: URL): Promise<Captured> {
  const res = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`${url.pathname} answered ${res.status}`);
  const headers: Record<string, string> = {};
  for (const name of COPIED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { body: await res.text(), headers };
}

export function memoryTwin(sourcePath: string): (req: NextRequest) => Promise<Response> {
  let captured: Promise<Captured> | null = null;
  return async (req) => {
    // Never prerendered at build time: the source endpoint only exists on a running server.
    await connection();
    captured ??= capture(new URL(sourcePath, req.nextUrl.origin));
    try {
      const { body, headers } = await captured;
      return new Response(body, { status: 200, headers });
    } catch (error) {
      captured = null;
      return Response.json({ error: `memory twin of ${sourcePath}: ${(error as Error).message}` }, { status: 502 });
    }
  };
}
