import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countApps } from '@/lib/imports/aces-scan';

/** The count that sizes the whole-file rules' tables: App elements in the file's bytes, whatever the chunk they fall in. */
describe('countApps', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'aces-count-'));
  const fileOf = (text: string) => {
    const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(file, text);
    return file;
  };
  const apps = (n: number) =>
    Array.from({ length: n }, (_, at) => `<App action="A" id="${at + 1}"><Qty>1</Qty><Part>P${at}</Part></App>`).join('\n');

  it('counts every App however the file is cut into chunks, and nothing that only looks like one', async () => {
    const text = `<?xml version="1.0"?><ACES version="4.2"><Header></Header>${apps(250)}<App>\n</App><App\tid="x"/><Apps/><Application/></ACES>`;
    const file = fileOf(text);
    for (const chunk of [1, 2, 3, 4, 5, 7, 64, 1 << 20]) expect(await countApps(file, chunk)).toBe(252);
  });

  it('does not count what an earlier, longer read left in its buffer', async () => {
    // The last read is short: the bytes after it are the previous read's, with a tag in them.
    const text = `${'x'.repeat(10)}<App id="1"/>${'y'.repeat(10)}<Ap`;
    for (const chunk of [8, 16, 23]) expect(await countApps(fileOf(text), chunk)).toBe(1);
  });

  it('counts an App cut at the very end of a chunk once, and a file without any as none', async () => {
    const text = '<App id="1"/><App id="2"/>';
    for (const chunk of [4, 5, 13, 14]) expect(await countApps(fileOf(text), chunk)).toBe(2);
    expect(await countApps(fileOf('<ACES><Header/></ACES>'))).toBe(0);
    expect(await countApps(fileOf(''))).toBe(0);
  });
});
