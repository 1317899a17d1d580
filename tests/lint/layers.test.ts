import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The import rules of eslint.layers.mjs, run by `npm run lint`, on fixtures linted as if they sat at `as`. */
const ESLINT = path.join(process.cwd(), 'node_modules/eslint/bin/eslint.js');

function restrictedImports(fixture: string, as: string): Promise<string[]> {
  const source = readFileSync(path.join(__dirname, 'fixtures', fixture), 'utf8');
  return new Promise((resolve, reject) => {
    // ESLint exits 1 when it finds errors: the JSON report is what counts.
    const child = execFile(process.execPath, [ESLINT, '--stdin', '--stdin-filename', as, '--format', 'json'], (error, stdout) => {
      try {
        const [result] = JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
        resolve(result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
      } catch {
        reject(error ?? new Error(`no report for ${as}`));
      }
    });
    child.stdin!.end(source);
  });
}

describe('npm run lint: layers point down, domains are entered through their index', () => {
  it('fails lib/platform importing a domain', async () => {
    expect(await restrictedImports('platform-imports-a-domain.ts', 'lib/platform/fixture.ts')).toEqual([
      expect.stringContaining('lib/platform may not import this folder'),
    ]);
  });

  it('fails models/ importing a domain', async () => {
    expect(await restrictedImports('model-imports-a-domain.ts', 'models/fixture.ts')).toEqual([
      expect.stringContaining('models/ import only lib/core'),
    ]);
  });

  it('fails a deep import into another domain, from lib/ and from app/', async () => {
    const fromLib = await restrictedImports('deep-import.ts', 'lib/checkout/fixture.ts');
    const fromApp = await restrictedImports('deep-import.ts', 'app/fixture/page.tsx');
    expect(fromLib).toEqual([expect.stringContaining("Import lib/orders through its entry '@/lib/orders'")]);
    expect(fromApp).toEqual([expect.stringContaining("Import lib/orders through its entry '@/lib/orders'")]);
  });

  it('fails a domain importing one of a higher layer', async () => {
    expect(await restrictedImports('upward-domain.ts', 'lib/stock/fixture.ts')).toEqual([
      expect.stringContaining('lib/stock may not import this folder'),
    ]);
  });

  it('passes an entry, a client-safe file and a layer imported by path', async () => {
    expect(await restrictedImports('allowed.ts', 'lib/checkout/fixture.ts')).toEqual([]);
  });
});
