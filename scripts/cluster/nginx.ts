import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { importLimits } from '@/lib/platform/env';
import { SHARED_PAGE_PATHS } from '@/lib/platform/shared-pages.mjs';
import { manage, systemProgram, tail, waitUntil, type Managed } from './processes';

/** nginx with deploy/*.conf, its ${SHOP_...} settings filled in: for `npm run serve:cluster`, the cluster test and the bench. */
const DEPLOY_DIR = path.resolve('deploy');
const SETTING = /\$\{(SHOP_[A-Z_]+)\}/g;

/** A deploy/*.conf file with its settings filled in; a setting left without a value is an error. */
export function renderConfig(text: string, settings: Record<string, string>): string {
  return text.replace(SETTING, (_all, name: string) => {
    const value = settings[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf: no value for ${name}`);
    return value;
  });
}

/** The shared pages' paths as the one pattern front.conf's cached location takes. */
export function sharedPagesPattern(): string {
  return SHARED_PAGE_PATHS.join('|');
}

/** The largest import upload nginx lets through, in MB: the bound the app drains a refused upload to (importLimits). */
export function importBodyMb(): number {
  return importLimits().frontBytes / (1024 * 1024);
}

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|xml|html|wasm)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes the best .br and .gz beside each compressible file under `dir` (fresh ones skipped), for nginx; answers the count. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  const walk = async (folder: string): Promise<void> => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await walk(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name)) continue;
      const modified = statSync(file).mtimeMs;
      const fresh = (copy: string) => existsSync(copy) && statSync(copy).mtimeMs >= modified;
      if (fresh(`${file}.br`) && fresh(`${file}.gz`)) continue;
      const bytes = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzipped(bytes, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      count++;
    }
  };
  if (existsSync(dir)) await walk(dir);
  return count;
}

export type NginxOptions = {
  /** Where the rendered configuration, logs, temporary files, the cache and the socket go. */
  dir: string;
  port: number;
  /** Address to listen on (default 127.0.0.1). */
  bind?: string;
  servers: Array<{ name: string; port: number; host?: string }>;
  /** The build's static files (default `.next/static`). */
  staticDir?: string;
  /** Worker processes (default auto: one per core). */
  workers?: number;
  /** TLS: the certificate and key files; nginx then listens with TLS on `port` and plain HTTP on `httpPort`. */
  tls?: { cert: string; key: string; httpPort: number; serverName?: string };
  /** More of the http context, after the public server (the bench's reference server, scripts/bench.ts). */
  extra?: string;
};

/** Renders deploy/*.conf into `dir` (nginx.conf and what it includes) and answers the main file's path. */
export function writeNginxConfig(options: NginxOptions): string {
  const { dir } = options;
  for (const sub of ['tmp', 'cache']) mkdirSync(path.join(dir, sub), { recursive: true });
  const listenFile = options.tls ? 'listen-tls.conf' : 'listen-plain.conf';
  const settings: Record<string, string> = {
    SHOP_RUN_DIR: dir,
    SHOP_STATIC_DIR: path.resolve(options.staticDir ?? path.join('.next', 'static')),
    SHOP_LISTEN: listenFile,
    SHOP_SHARED_PAGES: sharedPagesPattern(),
    SHOP_IMPORT_BODY_MB: String(importBodyMb()),
    SHOP_BIND: options.bind ?? '127.0.0.1',
    SHOP_PORT: String(options.port),
    SHOP_TLS_PORT: String(options.port),
    SHOP_HTTP_PORT: String(options.tls?.httpPort ?? 80),
    SHOP_SERVER_NAME: options.tls?.serverName ?? 'localhost',
    SHOP_TLS_CERT: options.tls ? path.resolve(options.tls.cert) : '',
    SHOP_TLS_KEY: options.tls ? path.resolve(options.tls.key) : '',
  };
  for (const file of ['nginx.conf', 'front.conf', 'proxy-headers.conf', listenFile]) {
    let text = renderConfig(readFileSync(path.join(DEPLOY_DIR, file), 'utf8'), settings);
    if (file === 'nginx.conf' && options.workers) text = text.replace(/^worker_processes auto;$/m, `worker_processes ${options.workers};`);
    if (file === listenFile && options.extra) text += `\n${options.extra}\n`;
    writeFileSync(path.join(dir, file), text);
  }
  const upstreams = options.servers.map(
    (server) => `server ${server.host ?? '127.0.0.1'}:${server.port} max_fails=1 fail_timeout=5s; # ${server.name}`,
  );
  writeFileSync(path.join(dir, 'upstreams.conf'), `${upstreams.join('\n')}\n`);
  return path.join(dir, 'nginx.conf');
}

/** nginx in the foreground with the rendered configuration (checked with `nginx -t` first); ready when `/robots.txt` answers 200. */
export async function startNginx(options: NginxOptions): Promise<Managed & { base: string; configFile: string }> {
  const configFile = writeNginxConfig(options);
  const nginx = systemProgram('nginx');
  const args = ['-p', options.dir, '-c', configFile, '-e', path.join(options.dir, 'error.log')];
  const checkLog = path.join(options.dir, 'nginx-check.log');
  const checked = await new Promise<number>((resolve) => {
    const out = openSync(checkLog, 'w');
    const child = spawn(nginx, [...args, '-t', '-q'], { stdio: ['ignore', out, out] });
    closeSync(out);
    child.on('exit', (code) => resolve(code ?? 1));
  });
  if (checked !== 0) throw new Error(`nginx -t refused ${configFile}:\n${tail(checkLog)}`);
  const logFile = path.join(options.dir, 'nginx.log');
  const out = openSync(logFile, 'a');
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', out, out] });
  closeSync(out);
  const managed = manage('nginx', child, logFile);
  const scheme = options.tls ? 'https' : 'http';
  const host = !options.bind || options.bind === '0.0.0.0' ? '127.0.0.1' : options.bind;
  const base = `${scheme}://${host}:${options.port}`;
  if (!options.tls)
    await waitUntil(
      'nginx',
      managed,
      async () => {
        const res = await fetch(new URL('/robots.txt', base), { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        return res.status === 200;
      },
      20_000,
    );
  return { ...managed, base, configFile };
}

// `npm run precompress -- [dir]`: writes the .br and .gz files of a build (default .next/static), for a server's nginx.
if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? path.join('.next', 'static'));
  precompress(dir).then(
    (count) => console.log(`${count} files of ${dir} compressed into .br and .gz (the others were already)`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
