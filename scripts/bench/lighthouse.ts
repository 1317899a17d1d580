import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/** Lighthouse 12.8.2 by npx (pinned: runs compare). `simulate`, the target's figure, estimates a slow 4G phone; `devtools` applies it. */
export type Throttling = 'simulate' | 'devtools';

export type LighthouseReport = {
  path: string;
  throttling: Throttling;
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  /** The LCP of the unthrottled load the estimate starts from (simulate), or null. */
  observedLcpMs: number | null;
  /** Loaded before its first paint: headless Chromium held frames back (GoogleChrome/lighthouse#17148), so the run is made again. */
  stalled: boolean;
  error?: string;
};

const execFileAsync = promisify(execFile);

type LighthouseJson = {
  categories?: Record<string, { score: number | null } | undefined>;
  audits?: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } } | undefined>;
  runtimeError?: { message?: string };
};

/** A load whose first paint (observed, ms) came after its load event: see LighthouseReport.stalled. */
export function isStalled(firstPaintMs: unknown, loadMs: unknown): boolean {
  return typeof firstPaintMs === 'number' && typeof loadMs === 'number' && firstPaintMs > loadMs;
}

/** `headers`: sent with every request of the load (a guest cart's cookie for the cart and the checkout). */
export async function runLighthouse(
  base: string,
  path: string,
  throttling: Throttling = 'simulate',
  headers?: Record<string, string>,
): Promise<LighthouseReport> {
  const chromePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  try {
    const { stdout } = await execFileAsync(
      'npx',
      [
        '--yes',
        'lighthouse@12.8.2',
        new URL(path, base).toString(),
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        `--throttling-method=${throttling}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--quiet',
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ],
      { env: { ...process.env, ...(chromePath ? { CHROME_PATH: chromePath } : {}) }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(stdout) as LighthouseJson;
    const score = (name: string) => {
      const value = report.categories?.[name]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const metrics = report.audits?.metrics?.details?.items?.[0] ?? {};
    const observed = metrics.observedLargestContentfulPaint;
    const [firstPaint, load] = [metrics.observedFirstPaint, metrics.observedLoad];
    return {
      path,
      throttling,
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: report.audits?.['largest-contentful-paint']?.numericValue ?? null,
      observedLcpMs: throttling === 'simulate' && typeof observed === 'number' ? observed : null,
      stalled: isStalled(firstPaint, load),
      ...(report.runtimeError?.message ? { error: report.runtimeError.message } : {}),
    };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'Lighthouse failed';
    return { path, throttling, performance: null, accessibility: null, lcpMs: null, observedLcpMs: null, stalled: false, error: message };
  }
}
