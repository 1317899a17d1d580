import { resetEnv } from '@/lib/platform/env';

/**
 * Runs `fn` with these settings (undefined: unset), read again by `env()`, then puts back what was
 * there before, whatever `fn` did.
 */
export async function withEnv<T>(settings: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnv();
  };
  apply(settings);
  try {
    return await fn();
  } finally {
    apply(before);
  }
}
