import { resetEnv } from '@/lib/platform/env';

/**
 * Sets these settings (undefined: unset), read again by `env()`. Answers a function that puts back
 * what was there before.
 */
export function setEnv(settings: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnv();
  };
  apply(settings);
  return () => apply(before);
}

/** Runs `fn` with these settings, then puts back what was there before, whatever `fn` did. */
export async function withEnv<T>(settings: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const restore = setEnv(settings);
  try {
    return await fn();
  } finally {
    restore();
  }
}
