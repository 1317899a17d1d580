import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { resolveClientAddress } from '@/lib/platform/client-address';
import { createResponseCompression } from '@/lib/platform/compression';
import { sharedPageCookie } from '@/lib/platform/shared-pages.mjs';
import { createStaticAssets, pathOf, publicFilePaths, type StaticAssets } from '@/lib/platform/static-assets';

/** lib/platform/batch.ts's flush of every batch, set on globalThis by the app's bundle. */
const FLUSH_ALL_BATCHES = Symbol.for('partsmart.flushAllBatches');

/**
 * The HTTP server behind `npm run dev` and `npm start` (spawned by scripts/app-runner.ts): a plain
 * Node server around Next.js's own request handler that first
 * - refuses a path with a malformed percent-escape (Next.js would answer a plain-text 500),
 * - replaces X-Forwarded-For with the one client address the rate limits count
 *   (lib/platform/client-address.ts; Next.js only fills the header when the client sent none), and
 * - hands a shared page's GET or HEAD on with only the cookie it needs (lib/platform/shared-pages.mjs),
 * and that compresses what Next.js answers, a cached page once rather than for every response
 * (lib/platform/compression.ts), and, in production, sends the build's scripts and styles compressed once
 * (lib/platform/static-assets.ts).
 * Usage: `tsx scripts/serve.ts dev|start [-p port] [-H hostname]` (PORT and TRUSTED_PROXY_HOPS from the environment);
 * scripts/app-runner.ts loads it with tsx's API and unregisters tsx before Next.js starts (see runNext).
 */

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export const MALFORMED_URL = 'Malformed URL';

/** True when the path (not the query) holds a percent-escape that does not decode, such as `%E0%A4%A` or `%zz`. */
export function hasMalformedPath(url: string): boolean {
  const path = pathOf(url);
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
    const cookie = sharedPageCookie(req.method, pathOf(url), req.headers.cookie);
    if (cookie === null) delete req.headers.cookie;
    else if (cookie !== undefined) req.headers.cookie = cookie;
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

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than the idle
 * time after which balancers and HTTP clients stop reusing a connection (nginx, HAProxy and cloud
 * balancers: 60 s), so a request sent just as the server closed the connection failed with a reset.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The HTTP server Next.js runs in (requests are attached by `main`). */
export function createShopServer(): http.Server {
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

/** TRUSTED_PROXY_HOPS as lib/platform/env.ts reads it (a whole number from 0 to 10, default 0). */
export function trustedHopsFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error('Invalid settings: TRUSTED_PROXY_HOPS must be a whole number from 0 to 10');
  return hops;
}

/**
 * The build's static files of next.config.mjs's build directory, sent with the headers of its rule for
 * every path (the ones Next.js would have added to them); the public directory's files for their methods.
 */
export async function staticAssetsOfBuild(): Promise<StaticAssets> {
  const { default: config } = await import('../next.config.mjs');
  const rules = (await config.headers?.()) ?? [];
  const everyPath = rules.find((rule) => rule.source === '/:path*' && !rule.has && !rule.missing);
  return createStaticAssets(
    path.resolve(config.distDir ?? '.next', 'static'),
    everyPath?.headers ?? [],
    publicFilePaths(path.resolve('public')),
  );
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
  const server = createShopServer();
  const app = next({ dev, dir: process.cwd(), port, hostname, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();
  const staticAssets = dev ? null : await staticAssetsOfBuild();
  const compression = createResponseCompression();
  server.on(
    'request',
    guardRequests(
      async (req, res) => {
        if (staticAssets?.handle(req, res)) return;
        compression.apply(req, res);
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
    // Batched writes of the app (lib/platform/batch.ts) land before the process ends, for at most 5 s.
    const flushBatches = (globalThis as { [FLUSH_ALL_BATCHES]?: () => Promise<void> })[FLUSH_ALL_BATCHES];
    const flushed = Promise.race([flushBatches?.().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    void flushed.then(() => app.close()).finally(() => process.exit(0));
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
