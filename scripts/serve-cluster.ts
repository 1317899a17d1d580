import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir } from '@/lib/platform/env';
import { prepareEnvironment, seedIfEmpty } from './app-runner';
import { startCluster } from './cluster/topology';

/** `npm run serve:cluster`: the production topology in the foreground (docs/operations.md); Ctrl-C stops it all. */
const HELP = `Usage: npm run serve:cluster -- [options]
  --instances N   app instances (default 2)
  --port P        nginx's port (default 8080)
  --bind ADDR     nginx's address (default 127.0.0.1)
  --cert FILE --key FILE   TLS on --port with this certificate, plain HTTP sent to https on --http-port
  --http-port P   with --cert (default 80)
  --server-name NAME       with --cert: the name the certificate is for (default localhost)
  --build         next build first (otherwise the existing .next; built when there is none)`;

const { values: flags } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    bind: { type: 'string', default: '127.0.0.1' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'http-port': { type: 'string', default: '80' },
    'server-name': { type: 'string', default: 'localhost' },
    build: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return parsed;
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(HELP);
    return;
  }
  const instances = wholeNumber('instances', flags.instances!, 1, 16);
  const port = wholeNumber('port', flags.port!, 1, 65_535);
  if (Boolean(flags.cert) !== Boolean(flags.key)) throw new Error('--cert and --key go together');
  if (flags.build || !existsSync(path.resolve('.next', 'BUILD_ID'))) {
    console.log('[cluster] next build');
    const built = spawnSync(path.resolve('node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('next build failed');
  }
  // The shop's public address is nginx's: links in emails, and the origin a browser sends.
  process.env.NEXTAUTH_URL ??= `${flags.cert ? 'https' : 'http'}://${flags.cert ? flags['server-name'] : 'localhost'}:${port}`;
  const db = await prepareEnvironment();
  const dir = path.join(dataDir(), 'serve-cluster');
  mkdirSync(dir, { recursive: true });
  try {
    await seedIfEmpty();
    const tls = flags.cert
      ? {
          cert: flags.cert,
          key: flags.key!,
          httpPort: wholeNumber('http-port', flags['http-port']!, 1, 65_535),
          serverName: flags['server-name'],
        }
      : undefined;
    const cluster = await startCluster({ instances, port, dir, bind: flags.bind, tls, log: console.log });
    console.log(
      `[cluster] database ${db.engine}, Redis ${cluster.redisUrl}, ${instances} instance(s) (${cluster.instances.map((i) => i.base).join(', ')}), nginx on ${cluster.base}; logs in ${dir}. Ctrl-C stops them all.`,
    );
    let stopping = false;
    const stop = async (code: number) => {
      if (stopping) return;
      stopping = true;
      console.log('[cluster] stopping');
      await cluster.stop();
      await db.stop().catch((error: unknown) => console.error('[db] stop failed:', error));
      process.exit(code);
    };
    process.on('SIGINT', () => void stop(130));
    process.on('SIGTERM', () => void stop(143));
    for (const proc of [cluster.nginx, ...cluster.instances, ...(cluster.redis ? [cluster.redis] : [])])
      proc.child.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(`[cluster] ${proc.name} exited (${signal ?? code}); the end of ${proc.logFile} tells why`);
        void stop(1);
      });
  } catch (error) {
    await db.stop().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
