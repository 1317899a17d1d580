import http from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompress } from '../cluster/nginx';
import { runLoad, type LoadResult } from './load';
import { cpuSeconds } from './rss';

/** Through the production topology: each page against the same bytes sent by the same nginx as precompressed static files. */

/** The encodings a browser takes, as the benchmark sends them through nginx. */
export const BROWSER_ENCODING = 'br, gzip';

/** An answer as sent, with nginx's X-Proxy-Cache (null where nginx did not answer) and its Content-Length. */
type RawAnswer = { status: number; encoding: string | null; cache: string | null; length: string | null; body: Buffer };

/** One GET with the body as sent (not decoded). */
export function rawGet(base: string, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(target, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          cache: (res.headers['x-proxy-cache'] as string | undefined) ?? null,
          length: res.headers['content-length'] ?? null,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${target}: no answer within 15 s`)));
  });
}

/** Copies the page as nginx sends it (plain, brotli, gzip) into the build's static folder, for the same nginx to serve as a file. */
export async function copyAsStatic(base: string, staticDir: string, name: string, target: string, cookie?: string): Promise<string> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const plain = await rawGet(base, target, { ...headers, 'accept-encoding': 'identity' });
  const br = await rawGet(base, target, { ...headers, 'accept-encoding': 'br' });
  const gz = await rawGet(base, target, { ...headers, 'accept-encoding': 'gzip' });
  if (plain.status !== 200 || br.encoding !== 'br' || gz.encoding !== 'gzip')
    throw new Error(`${target}: ${plain.status}, brotli ${br.encoding}, gzip ${gz.encoding}: cannot make its static copy`);
  const dir = path.join(staticDir, 'bench-copy');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.html`);
  writeFileSync(file, plain.body);
  writeFileSync(`${file}.br`, br.body);
  writeFileSync(`${file}.gz`, gz.body);
  // Only the copies' own .br and .gz: precompress skips them as fresh.
  await precompress(dir);
  return `/_next/static/bench-copy/${name}.html`;
}

/** A server keeping the static copies as nginx keeps a page, for the whole run: what the page cache costs by itself. */
export function keptCopyServer(port: number, publicPort: number): string {
  return `server {
    listen 127.0.0.1:${port};
    access_log off;
    location /_next/static/bench-copy/ {
        proxy_pass http://127.0.0.1:${publicPort};
        include proxy-headers.conf;
        proxy_cache pages;
        proxy_cache_key bench-copy$uri$shop_encoding;
        proxy_cache_valid 200 1h;
        proxy_ignore_headers Cache-Control Expires;
        sendfile off;
        add_header X-Proxy-Cache $upstream_cache_status always;
    }
}`;
}

/** Checks that `keptUrl` answers a cache hit with the very bytes and length of the static copy at `staticPath`. */
export async function checkKeptCopy(base: string, staticPath: string, keptUrl: string): Promise<void> {
  const headers = { 'accept-encoding': BROWSER_ENCODING };
  const copy = await rawGet(base, staticPath, headers);
  await rawGet(keptUrl, '', headers);
  const kept = await rawGet(keptUrl, '', headers);
  const same = kept.body.equals(copy.body) && kept.encoding === copy.encoding && kept.length === String(copy.body.length);
  if (kept.status !== 200 || kept.cache !== 'HIT' || !same)
    throw new Error(
      `${keptUrl}: ${kept.status}, cache ${kept.cache}, length ${kept.length}, ${kept.body.length} bytes (${same ? 'the' : 'not the'} static copy's)`,
    );
}

export function removeStaticCopies(staticDir: string): void {
  rmSync(path.join(staticDir, 'bench-copy'), { recursive: true, force: true });
}

/** 2 autocannon threads: on 2 cores one thread saturates a core before nginx does, which would cap both sides alike. */
export const LOAD_WORKERS = 2;

/** The topology's processes whose CPU a load run reads from /proc (each pid with its descendants). */
export type ServerProcesses = { nginx: number; instances: number[] };

/** A load run through nginx; `processes` adds the servers' CPU, as req/s also counts the client's own work on the shared cores. */
export async function clusterLoad(
  base: string,
  target: string,
  seconds: number,
  cookies: string[] | null,
  connections = 50,
  processes?: ServerProcesses,
): Promise<LoadResult> {
  const cpu = () => processes && { nginx: cpuSeconds(processes.nginx), instances: sum(processes.instances.map(cpuSeconds)) };
  const before = cpu();
  const started = performance.now();
  const result = await runLoad({
    base,
    path: target,
    connections,
    seconds,
    headers: { 'accept-encoding': BROWSER_ENCODING },
    rotate: cookies?.map((cookie) => ({ cookie })),
    workers: LOAD_WORKERS,
  });
  const after = cpu();
  if (!before || !after || !result.total) return result;
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...result,
    serverCpu: {
      nginxMsPerRequest: ((after.nginx - before.nginx) * 1000) / result.total,
      instancesCoreShare: (after.instances - before.instances) / elapsed,
    },
  };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** How long until a price changed through nginx shows there while `target` is under load (polled every 25 ms; null after 10 s). */
export async function priceVisibleAfter(options: {
  base: string;
  partId: string;
  pagePath: string;
  change: () => Promise<number>;
  seconds: number;
}): Promise<number | null> {
  const load = clusterLoad(options.base, options.pagePath, options.seconds, null, 20);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = performance.now();
  const price = await options.change();
  const shown = `$${price.toFixed(2)}`;
  let visible: number | null = null;
  while (performance.now() - started < 10_000) {
    const answer = await rawGet(options.base, options.pagePath, { 'accept-encoding': 'identity' });
    if (answer.body.toString('utf8').includes(shown)) {
      visible = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await load;
  return visible;
}

/** `count` requests at once at a page whose copy went stale: how many reached the app, came from the copy, and the slowest ms. */
export async function coldBurst(base: string, target: string, count = 50): Promise<{ toApp: number; fromCopy: number; slowestMs: number }> {
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      const { cache } = await rawGet(base, target, { 'accept-encoding': BROWSER_ENCODING });
      return { cache, ms: performance.now() - started };
    }),
  );
  const toApp = answers.filter((answer) => answer.cache === 'EXPIRED' || answer.cache === 'MISS').length;
  return { toApp, fromCopy: answers.length - toApp, slowestMs: Math.max(...answers.map((answer) => answer.ms)) };
}
