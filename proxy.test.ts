/**
 * @jest-environment node
 */
import { config } from './proxy';

type Matcher = string | { source: string; has?: Array<{ type: string; key: string }> };

describe('proxy matcher', () => {
  it("leaves the plain catalog pages to Next.js, static with no proxy on the way: only the narrowed pages are the proxy's", () => {
    const sources = (config.matcher as Matcher[]).map((entry) => (typeof entry === 'string' ? entry : entry.source));
    expect(sources.filter((source) => /parts|categories/.test(source))).toEqual(['/parts/search', '/categories/:slug/search']);
  });

  it('leaves the pages that read the database to Next.js without a catalog field: every conditional entry needs one', () => {
    expect((config.matcher as Matcher[]).filter((entry) => typeof entry !== 'string' && !entry.has)).toEqual([]);
  });
});
