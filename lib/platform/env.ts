import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Settings parsed once with zod (DESIGN.md section 3); an unusable value is refused naming the setting. */
const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

/** A whole-number setting from `min` to `max`; unset or blank: `fallback`. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MONGODB_URI: optional,
  MONGODB_SERVER_SELECTION_TIMEOUT_MS: wholeNumber(100, 60_000, 3000),
  MONGODB_MAX_TIME_MS: wholeNumber(100, 120_000, 5000),
  MONGODB_POOL_SIZE: wholeNumber(1, 500, 20),
  /** How long a request waits for a free connection of the pool before it fails (503): a burst queues. */
  MONGODB_POOL_WAIT_MS: wholeNumber(100, 120_000, 30_000),
  NEXTAUTH_URL: optional,
  NEXTAUTH_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  PAYMENTS_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['stripe', 'test']).optional()),
  CLOUDINARY_URL: optional,
  EMAIL_SERVER: optional,
  EMAIL_FROM: optional,
  /** Where customers' replies to the shop's emails go (Reply-To); unset, the emails ask for no reply. */
  SUPPORT_EMAIL: optional.refine((value) => value === undefined || z.email().safeParse(value).success, 'must be an email address'),
  SHOP_DATA_DIR: optional,
  /** The shop's country (ISO 3166-1), or a part of it (ISO 3166-2): its public holidays are not working days. */
  SHOP_COUNTRY: optional
    .transform((value) => value?.toUpperCase() ?? 'GB-ENG')
    .refine((value) => /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(value), 'must be a country code (GB) or a part of one (GB-ENG)'),
  /** The shop's clock: its dispatch rule (orders before 14:00 on a working day leave that day), delivery days and returns window. */
  SHOP_TIME_ZONE: optional.transform((value) => value ?? 'Europe/London').refine(isTimeZone, 'must be an IANA time zone (Europe/London)'),
  BCRYPT_ROUNDS: wholeNumber(4, 15, 10),
  PORT: wholeNumber(1, 65_535, 3000),
  TRUSTED_PROXY_HOPS: wholeNumber(0, 10, 0),
  REDIS_URL: optional,
  CRON_SECRET: optional,
  /** How long an unpaid order holds its stock before it is cancelled (minutes). */
  ORDER_HOLD_MINUTES: wholeNumber(1, 60 * 24 * 14, 30),
  /** How many orders guests may place in an hour from one client address, and with one email. */
  GUEST_ORDERS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 1_000_000, 20),
  GUEST_ORDERS_PER_EMAIL_PER_HOUR: wholeNumber(1, 1_000_000, 10),
  /** How long a guest's or an unverified account's unpaid order holds its stock (minutes). */
  GUEST_HOLD_MINUTES: wholeNumber(1, 60 * 24 * 14, 15),
  /** What one client may hold unpaid: units of a part, whole dollars and orders (0: no hold limits). */
  UNPAID_HOLD_UNITS: wholeNumber(0, 1_000_000, 10),
  UNPAID_HOLD_LIMIT: wholeNumber(0, 100_000_000, 1000),
  UNPAID_HOLD_ORDERS: wholeNumber(0, 20, 3),
  /** The largest import file (issue 46), in megabytes: a larger upload or download is refused (413) before it is stored. */
  IMPORT_MAX_MB: wholeNumber(1, 100_000, 1024),
  /** The hosts an import may be fetched from over https, comma-separated; empty: URL imports are refused. */
  IMPORT_URL_HOSTS: optional,
  /** ACES Apps an import reads, writes and checkpoints at a time: each batch rewrites the fitment of every part it names once. */
  IMPORT_BATCH_APPS: wholeNumber(10, 100_000, 10_000),
  /** Days an import is kept after it ends (then deleted with its rejections), and a validated one waits for Apply (then its file goes). */
  IMPORT_KEEP_DAYS: wholeNumber(1, 3650, 30),
  /** Days after delivery a customer may ask to return parts (the delivery day is day 0, this day the last). */
  RETURNS_DAYS: wholeNumber(0, 3650, 365),
  /** Days after delivery a core (the old part) may come back for its deposit (the delivery day is day 0, this day the last). */
  CORE_RETURN_DAYS: wholeNumber(0, 3650, 180),
  /** Days after delivery the fit-check email asks whether each part fitted its vehicle (the delivery day is day 0). */
  FIT_CHECK_DAYS: wholeNumber(1, 365, 10),
  /** Set to 1 by Vercel in its builds and functions: no process lives between requests there. */
  VERCEL: optional,
});

export type Env = z.infer<typeof envSchema>;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

let parsed: Env | null = null;

/** The settings, parsed on first use. A bad value throws a SettingsError naming it. */
export function env(): Env {
  if (parsed) return parsed;
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new SettingsError(`Invalid settings: ${problems.join('; ')}`);
  }
  parsed = result.data;
  return parsed;
}

/** TRUSTED_PROXY_HOPS of another process's settings, by env()'s rule, for scripts/app-runner.ts. */
export function trustedProxyHops(source: NodeJS.ProcessEnv): number {
  const result = envSchema.shape.TRUSTED_PROXY_HOPS.safeParse(source.TRUSTED_PROXY_HOPS);
  if (!result.success) throw new SettingsError(`Invalid settings: TRUSTED_PROXY_HOPS ${result.error.issues[0]?.message ?? 'is invalid'}`);
  return result.data;
}

/** Forgets the parsed settings: for tests that switch a provider on or off between cases. */
export function resetEnv(): void {
  parsed = null;
}

export const PRODUCTION_REQUIRED = ['MONGODB_URI', 'NEXTAUTH_SECRET', 'NEXTAUTH_URL'] as const;

/** The production settings that are missing (none in development, where the defaults fill them). */
export function missingProductionSettings(settings: Env = env()): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  return PRODUCTION_REQUIRED.filter((name) => !settings[name]);
}

/** Where the embedded defaults keep their files (uploads, mail, the generated secret). */
export function dataDir(): string {
  // Only runtime files live here; keep the bundler from tracing the whole project through it.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env().SHOP_DATA_DIR ?? '.data');
}

export function appUrl(): string {
  const { NEXTAUTH_URL, PORT } = env();
  return (NEXTAUTH_URL ?? `http://localhost:${PORT}`).replace(/\/$/, '');
}

/** NEXTAUTH_SECRET; in development only, a random secret generated once into the data directory. */
export function authSecret(): string {
  const { NEXTAUTH_SECRET, NODE_ENV } = env();
  if (NEXTAUTH_SECRET) return NEXTAUTH_SECRET;
  if (NODE_ENV === 'production') throw new SettingsError('NEXTAUTH_SECRET is not set: a production shop needs its own session secret');
  const file = path.join(dataDir(), 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The job routes' bearer secret: CRON_SECRET, in development one generated into `.data/cron-secret`; null in production without it. */
export function cronSecret(): string | null {
  const { CRON_SECRET, NODE_ENV } = env();
  if (CRON_SECRET) return CRON_SECRET;
  if (NODE_ENV !== 'development') return null;
  const file = path.join(dataDir(), 'cron-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** How long an unpaid order holds its stock: a guest's or an unverified account's for less (GUEST_HOLD_MINUTES). */
export function orderHoldMs(verified = true): number {
  const settings = env();
  return (verified ? settings.ORDER_HOLD_MINUTES : settings.GUEST_HOLD_MINUTES) * 60_000;
}

/** True in a Vercel function: no timers outlive a request there, Vercel Cron calls the job routes instead. */
export function onVercel(): boolean {
  return env().VERCEL === '1';
}

/**
 * The import limits: the largest file in bytes, the hosts a URL import may name (lower case) and how long an import is
 * kept. `frontBytes` is the largest upload the shipped nginx passes on (IMPORT_MAX_MB and 1 MB for the multipart
 * envelope, so that a file over the limit gets the app's own 413): a refused upload within it is read to its end
 * (lib/platform/http.ts FRONT_BODY_LIMIT_BYTES says why).
 */
export function importLimits(): { maxBytes: number; frontBytes: number; urlHosts: string[]; keepMs: number } {
  const { IMPORT_MAX_MB, IMPORT_URL_HOSTS, IMPORT_KEEP_DAYS } = env();
  const urlHosts = (IMPORT_URL_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return {
    maxBytes: IMPORT_MAX_MB * 1024 * 1024,
    frontBytes: (IMPORT_MAX_MB + 1) * 1024 * 1024,
    urlHosts,
    keepMs: IMPORT_KEEP_DAYS * 24 * 60 * 60_000,
  };
}

export function googleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

/** True during a self-hosted `next build`, which has no database; a Vercel build reaches it and serves what it prerendered. */
export function isBuildWithoutDatabase(): boolean {
  return process.env.NEXT_PHASE === 'phase-production-build' && !process.env.VERCEL;
}
