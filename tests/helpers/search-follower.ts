/**
 * A second shop process for the freshness test (tests/api/catalog/search.test.ts): it builds its own search
 * index from the database in MONGODB_URI, says "ready", then reports how long each name given on
 * stdin takes to appear in (or, prefixed with "-", to leave) its search results; prefixed with "?",
 * how many parts it finds for it now (and how long that took); "=" alone, the ids of its newest parts (a listing, answered
 * before the index is complete).
 */
import { createInterface } from 'node:readline';
import { catalogSearch } from '@/lib/catalog/search';
import { searchQuerySchema } from '@/lib/validations/search';

async function main(): Promise<void> {
  const search = catalogSearch();
  await search.ready();
  console.log('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === '=') {
      const page = await search.search(searchQuerySchema.parse({ sort: 'newest', limit: '100' }));
      console.log(JSON.stringify({ ids: page.ids }));
      continue;
    }
    if (line.startsWith('?')) {
      const asked = Date.now();
      const page = await search.search(searchQuerySchema.parse({ q: line.slice(1) }));
      console.log(JSON.stringify({ name: line, total: page.total, ms: Date.now() - asked }));
      continue;
    }
    const gone = line.startsWith('-');
    const name = gone ? line.slice(1) : line;
    const started = Date.now();
    for (;;) {
      const page = await search.search(searchQuerySchema.parse({ q: name }));
      if (page.total > 0 !== gone) break;
      if (Date.now() - started > 15_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(JSON.stringify({ name: line, ms: Date.now() - started }));
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
