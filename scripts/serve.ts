import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { resolveClientAddress } from '@/lib/platform/client-address';
import { isRefusedMethod, refusedMethodAnswer } from '@/lib/platform/request-path';

/** lib/platform/batch.ts's flush of every batch, set on globalThis by the app's bundle. */
const FLUSH_ALL_BATCHES = Symbol.for('partsmart.flushAllBatches');

// The server with no proxy in front (TRUSTED_PROXY_HOPS=0): `next start` would keep a client's X-Forwarded-For; this writes it.
// Usage: tsx scripts/serve.ts [-p port] [-H hostname] [--trusted-proxy-hops n] (PORT from the environment).

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The path of a request target (origin or absolute form); `/` when it does not parse. */
function requestPath(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

/** Sets X-Forwarded-For to the client address before Next.js sees a request, and answers TRACE with 405 where Next.js would 500. */
export function guardRequests(handler: RequestHandler, { trustedHops }: { trustedHops: number }): RequestHandler {
  return (req, res) => {
    if (isRefusedMethod(req.method)) {
      const { body, contentType, allow } = refusedMethodAnswer(requestPath(req.url));
      const headers: Record<string, string> = { Allow: allow, 'Content-Type': contentType, 'Cache-Control': 'no-store' };
      // A body left unread would be taken for the next request on the connection: close it instead.
      if (req.headers['content-length'] || req.headers['transfer-encoding']) headers.Connection = 'close';
      res.writeHead(405, headers);
      res.end(body);
      return;
    }
    const socketAddress = req.socket.remoteAddress;
    if (socketAddress) {
      req.headers['x-forwarded-for'] = resolveClientAddress(headerText(req.headers['x-forwarded-for']), socketAddress, trustedHops);
    } else {
      // The connection is already gone: count no address rather than one the client wrote.
      delete req.headers['x-forwarded-for'];
    }
    return handler(req, res);
  };
}

/** Idle keep-alive (also `next start --keepAliveTimeout`): past balancers' 60 s, so they never reuse a connection just closed. */
export const KEEP_ALIVE_MS = 65_000;

/** The HTTP server Next.js runs in (requests are attached by `main`). */
export function createShopServer(): http.Server {
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
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

async function main(args: string[]): Promise<void> {
  const port = Number(option(args, '-p', '--port') ?? process.env.PORT ?? 3000);
  const hostname = option(args, '-H', '--hostname');
  const trustedHops = Number(option(args, '--trusted-proxy-hops') ?? 0);
  // Set before Next.js loads, as `next start` does.
  Object.assign(process.env, { NODE_ENV: 'production' });
  // The name `next start` gives its process, which the memory benchmark (scripts/bench/rss.ts) looks for.
  process.title = 'next-server';

  const { default: next } = await import('next');
  const server = createShopServer();
  const app = next({ dev: false, dir: process.cwd(), port, hostname, httpServer: server });
  await app.prepare();
  server.on('request', guardRequests(app.getRequestHandler(), { trustedHops }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  console.log(`[serve] Next.js (production) on http://${hostname ?? 'localhost'}:${port}, client address from the connection`);

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

/** Starts the server (`argv`: its options); a failure to start ends the process. */
export function serve(argv: string[]): void {
  main(argv).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

if (require.main === module) serve(process.argv.slice(2));
