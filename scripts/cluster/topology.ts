import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@/db/embedded';
import { precompress, startNginx } from './nginx';
import { startInstance, startRedis, type Managed } from './processes';

/** Redis, N `next start` instances sharing it and nginx in front, on one machine; MONGODB_URI must name a prepared database. */
export type ClusterOptions = {
  instances: number;
  /** nginx's port. */
  port: number;
  /** Where logs, Redis's files and nginx's rendered configuration go. */
  dir: string;
  bind?: string;
  /** The build directory (default `.next`). */
  distDir?: string;
  /** An existing Redis instead of starting one. */
  redisUrl?: string;
  workers?: number;
  tls?: { cert: string; key: string; httpPort: number; serverName?: string };
  /** More nginx configuration in its http context (NginxOptions.extra). */
  nginxExtra?: string;
  log?: (line: string) => void;
};

export type Cluster = {
  base: string;
  redisUrl: string;
  redis: Managed | null;
  instances: Array<Managed & { base: string; port: number; readyMs: number }>;
  nginx: Managed & { base: string; configFile: string };
  stop(): Promise<void>;
};

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  mkdirSync(options.dir, { recursive: true });
  const distDir = options.distDir ?? '.next';
  const running: Managed[] = [];
  const stop = async () => {
    for (const proc of [...running].reverse()) await proc.stop().catch(() => {});
  };
  try {
    const compressed = await precompress(path.resolve(distDir, 'static'));
    log(`[cluster] ${compressed} static files of ${distDir} compressed into .br and .gz (the others were already)`);
    let redis: Managed | null = null;
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redisPort = await freePort();
      redis = await startRedis(redisPort, options.dir);
      running.push(redis);
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }
    const scheme = options.tls ? 'https' : 'http';
    const publicBase = `${scheme}://${options.tls?.serverName ?? 'localhost'}:${options.port}`;
    const instanceEnv: NodeJS.ProcessEnv = {
      ...process.env,
      REDIS_URL: redisUrl,
      NEXT_DIST_DIR: distDir,
      // nginx appends the address it saw to X-Forwarded-For.
      TRUSTED_PROXY_HOPS: '1',
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? publicBase,
    };
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const instances = await Promise.all(
      ports.map(async (port, index) => {
        const instance = await startInstance(String.fromCharCode(65 + index), port, { ...instanceEnv, PORT: String(port) }, options.dir);
        running.push(instance);
        return { ...instance, port };
      }),
    );
    const nginx = await startNginx({
      dir: path.join(options.dir, 'nginx'),
      port: options.port,
      bind: options.bind,
      servers: instances.map((instance, index) => ({ name: String.fromCharCode(65 + index), port: ports[index]! })),
      staticDir: path.join(distDir, 'static'),
      workers: options.workers,
      tls: options.tls,
      extra: options.nginxExtra,
    });
    running.push(nginx);
    return { base: nginx.base, redisUrl, redis, instances, nginx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
