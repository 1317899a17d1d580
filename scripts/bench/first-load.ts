import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** First-load JavaScript as a visitor's Chromium downloads it, per page (also `npm run measure:first-load`). */
export type FirstLoad = { path: string; scripts: number; rawKb: number; gzipKb: number };

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export async function measureFirstLoad(base: string, paths: string[]): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update'] });
  const results: FirstLoad[] = [];
  try {
    for (const path of paths) {
      const page = await browser.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      const bodies = [...scripts.values()];
      results.push({
        path,
        scripts: bodies.length,
        rawKb: bodies.reduce((sum, body) => sum + body.length, 0) / 1024,
        gzipKb: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
