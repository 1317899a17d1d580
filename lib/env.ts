import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Settings, parsed with zod on every read (tests switch providers on and off between cases).
 * Unset services fall back to the embedded defaults of DESIGN.md section 3.
 */
const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  NEXTAUTH_URL: optional,
  NEXTAUTH_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  PAYMENTS_PROVIDER: z.enum(['stripe', 'test']).optional().catch(undefined),
  CLOUDINARY_URL: optional,
  EMAIL_SERVER: optional,
  EMAIL_FROM: optional,
  SHOP_DATA_DIR: optional,
});

export type Env = z.infer<typeof envSchema>;

export function env(): Env {
  return envSchema.parse(process.env);
}

/** Where the embedded defaults keep their files (uploads, mail, the generated secret). */
export function dataDir(): string {
  // Only runtime files live here; keep the bundler from tracing the whole project through it.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env().SHOP_DATA_DIR ?? '.data');
}

export function appUrl(): string {
  return (env().NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

/** NEXTAUTH_SECRET, else a random secret generated once into the data directory. */
export function authSecret(): string {
  const fromEnv = env().NEXTAUTH_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

export function googleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}
