import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Lighthouse (mobile, its default) through `npx lighthouse@12` (12 still runs on Node 20) with the
 * system Chromium; not a dependency of the project, npx fetches it once into its cache.
 */
export type LighthouseReport = {
  path: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  error?: string;
};

const execFileAsync = promisify(execFile);

type LighthouseJson = {
  categories?: Record<string, { score: number | null } | undefined>;
  audits?: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { message?: string };
};

export async function runLighthouse(base: string, path: string): Promise<LighthouseReport> {
  const chromePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  try {
    const { stdout } = await execFileAsync(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        new URL(path, base).toString(),
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--quiet',
      ],
      { env: { ...process.env, ...(chromePath ? { CHROME_PATH: chromePath } : {}) }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(stdout) as LighthouseJson;
    const score = (name: string) => {
      const value = report.categories?.[name]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    return {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: report.audits?.['largest-contentful-paint']?.numericValue ?? null,
      ...(report.runtimeError?.message ? { error: report.runtimeError.message } : {}),
    };
  } catch (error) {
    return { path, performance: null, accessibility: null, lcpMs: null, error: (error as Error).message.split('\n')[0] };
  }
}
