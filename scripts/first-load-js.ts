import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * The first-load JavaScript of pages of a running shop, as a browser downloads it (Next 16's build
 * no longer prints it): every script a visitor's Chromium fetches until the page is loaded and
 * idle, raw and gzipped. Usage: tsx scripts/first-load-js.ts [baseUrl] [path...]
 */
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update'] });
  try {
    for (const path of paths.length ? paths : ['/']) {
      const page = await browser.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      const bodies = [...scripts.values()];
      const raw = bodies.reduce((sum, body) => sum + body.length, 0);
      const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      console.log(`${path}: ${bodies.length} scripts, ${(raw / 1024).toFixed(1)} kB (${(gzip / 1024).toFixed(1)} kB gzipped)`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
