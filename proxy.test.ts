/**
 * @jest-environment node
 */
import { CATALOG_PARAMS } from '@/lib/catalog/url';
import { config } from './proxy';

type Matcher = string | { source: string; has?: Array<{ type: string; key: string }> };

/** The catalog fields whose presence sends `/parts?…` or `/categories/{slug}?…` through the proxy. */
function oldFormFields(): string[] {
  return (config.matcher as Matcher[])
    .filter((entry): entry is Exclude<Matcher, string> => typeof entry !== 'string' && entry.source === '/:page(parts|categories/[^/]+)')
    .flatMap((entry) => (entry.has ?? []).filter((condition) => condition.type === 'query').map((condition) => condition.key));
}

describe('proxy matcher', () => {
  it("sends the old form of a narrowed catalog URL through the proxy for every one of the catalog's fields", () => {
    expect(oldFormFields().sort()).toEqual([...CATALOG_PARAMS].sort());
  });

  it('leaves the pages that read the database to Next.js without a catalog field: every conditional entry needs one', () => {
    expect((config.matcher as Matcher[]).filter((entry) => typeof entry !== 'string' && !entry.has)).toEqual([]);
  });
});
