import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { resolveClientAddress } from '@/lib/client-address';

/**
 * The HTTP server behind `npm run dev` and `npm start` (spawned by scripts/app-runner.ts): a plain
 * Node server around Next.js's own request handler that first
 * - refuses a path with a malformed percent-escape (Next.js would answer a plain-text 500), and
 * - replaces X-Forwarded-For with the one client address the rate limits count
 *   (lib/client-address.ts; Next.js only fills the header when the client sent none).
 * Usage: `tsx scripts/serve.ts dev|start [-p port] [-H hostname]` (PORT and TRUSTED_PROXY_HOPS from the environment);
 * scripts/app-runner.ts loads it with tsx's API and unregisters tsx before Next.js starts (see runNext).
 */

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export const MALFORMED_URL = 'Malformed URL';

/** True when the path (not the query) holds a percent-escape that does not decode, such as `%E0%A4%A` or `%zz`. */
export function hasMalformedPath(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function refuseMalformed(url: string, res: ServerResponse): void {
  const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const body = api
    ? JSON.stringify({ error: MALFORMED_URL })
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head>' +
      '<body><h1>Bad request</h1><p>The address of this page is malformed.</p><p><a href="/">Go to the home page</a></p></body></html>';
  res.writeHead(400, {
    'Content-Type': api ? 'application/json' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  res.end(body);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What every request goes through before `handler` (Next.js) sees it. */
export function guardRequests(handler: RequestHandler, { trustedHops }: { trustedHops: number }): RequestHandler {
  return (req, res) => {
    const url = req.url ?? '/';
    if (hasMalformedPath(url)) return refuseMalformed(url, res);
    const socketAddress = req.socket.remoteAddress;
    if (socketAddress) {
      req.headers['x-forwarded-for'] = resolveClientAddress(headerText(req.headers['x-forwarded-for']), socketAddress, trustedHops);
    } else {
      // The connection is already gone: count no address rather than one the client wrote.
      delete req.headers['x-forwarded-for'];
    }
    // An answer sent before the body was read to its end (a 413 that stopped reading): close the
    // connection instead of keeping a half-read upload paused on it; first our side, then the rest.
    res.once('finish', () => {
      if (req.complete || req.socket.destroyed) return;
      req.socket.end();
      setTimeout(() => req.socket.destroy(), 5000).unref();
    });
    return handler(req, res);
  };
}

/** TRUSTED_PROXY_HOPS as lib/env.ts reads it (a whole number from 0 to 10, default 0). */
export function trustedHopsFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error('Invalid settings: TRUSTED_PROXY_HOPS must be a whole number from 0 to 10');
  return hops;
}

function option(args: string[], ...names: string[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    for (const name of names) {
      if (arg === name) return args[index + 1];
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    }
  }
  return undefined;
}

/**
 * A production server loads every route's modules when it starts (Next.js's preloadEntriesOnStart),
 * but without waiting for them: requests arriving meanwhile share the thread with that loading.
 * Modules already loaded are not loaded again, so this only waits for it.
 */
async function loadEveryRoute(app: unknown): Promise<void> {
  const wrapper = app as { getServer?: () => Promise<{ unstable_preloadEntries?: () => Promise<void> }> };
  const server = await wrapper.getServer?.();
  await server?.unstable_preloadEntries?.();
}

/** The longest the server waits for the start-up work of lib/jobs.ts before it listens anyway. */
const STARTUP_WAIT_MS = 15_000;

/**
 * The server listens once its routes are loaded and the search index answers listings (lib/jobs.ts,
 * started by instrumentation.ts while Next.js prepares): a (re)started instance answers at full speed
 * as soon as it answers at all, which is what a load balancer's health check waits for. An index that
 * cannot load (the database is down) does not keep the server from listening: after STARTUP_WAIT_MS
 * or its failure, pages load it themselves.
 */
async function startupLoaded(): Promise<void> {
  const startup = (globalThis as { __shopStartup?: Promise<void> }).__shopStartup;
  if (!startup) return;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STARTUP_WAIT_MS)));
  await Promise.race([startup, waited]);
  clearTimeout(timer);
}

async function main(argv: string[]): Promise<void> {
  const [command = 'start', ...args] = argv;
  if (command !== 'dev' && command !== 'start') throw new Error(`Unknown command ${command}: use dev or start`);
  const dev = command === 'dev';
  const port = Number(option(args, '-p', '--port') ?? process.env.PORT ?? 3000);
  const hostname = option(args, '-H', '--hostname');
  const trustedHops = trustedHopsFrom(process.env.TRUSTED_PROXY_HOPS);
  // Set before Next.js loads, as `next dev` and `next start` do.
  Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
  // The name `next start` gives its process, which the memory benchmark (scripts/bench/rss.ts) looks for.
  process.title = 'next-server';

  const { default: next } = await import('next');
  const server = http.createServer();
  const app = next({ dev, dir: process.cwd(), port, hostname, httpServer: server });
  await app.prepare();
  if (!dev) await loadEveryRoute(app);
  await startupLoaded();
  const handle = app.getRequestHandler();
  server.on(
    'request',
    guardRequests(
      async (req, res) => {
        try {
          await handle(req, res);
        } catch (error) {
          console.error(`Failed to handle request for ${req.url}`, error);
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        }
      },
      { trustedHops },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  console.log(
    `[serve] Next.js (${dev ? 'dev' : 'production'}) on http://${hostname ?? 'localhost'}:${port}, trusted proxy hops: ${trustedHops}`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Starts the server (`argv`: `dev` or `start` and its options); a failure to start ends the process. */
export function serve(argv: string[]): void {
  main(argv).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

if (require.main === module) serve(process.argv.slice(2));
