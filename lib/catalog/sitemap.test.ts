import { chunkCountFor, chunkUrls, SITEMAP_CHUNK, staticEntries } from '@/lib/catalog/sitemap';

const BASE = 'https://shop.example';

/** Every chunk of a catalog of `count` parts, as the sitemap serves them. */
function allChunks(count: number) {
  const fixed = staticEntries(BASE);
  const parts = Array.from({ length: count }, (_, i) => ({ id: `p${i}`, updatedAt: 1_700_000_000_000 + i }));
  const chunks = Array.from({ length: chunkCountFor(fixed.length + count) }, (_, chunk) => chunkUrls(chunk, fixed, parts, BASE));
  return { fixed, chunks };
}

describe('sitemap chunks', () => {
  it('puts every part in exactly one chunk of at most 50,000 URLs past 50,000 URLs, the boundary included', () => {
    const fixedCount = staticEntries(BASE).length;
    // Exactly full chunks, one URL more, one URL less, and a third chunk.
    for (const count of [
      SITEMAP_CHUNK - fixedCount,
      SITEMAP_CHUNK - fixedCount + 1,
      2 * SITEMAP_CHUNK - fixedCount - 1,
      2 * SITEMAP_CHUNK - fixedCount + 1,
    ]) {
      const { fixed, chunks } = allChunks(count);
      expect(chunks).toHaveLength(Math.ceil((fixedCount + count) / SITEMAP_CHUNK));
      for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(SITEMAP_CHUNK);
      const locs = chunks.flat().map((url) => url.loc);
      expect(locs).toHaveLength(fixed.length + count);
      const partLocs = locs.filter((loc) => loc.startsWith(`${BASE}/parts/p`));
      expect(new Set(partLocs).size).toBe(count);
      expect(partLocs[0]).toBe(`${BASE}/parts/p0`);
      expect(partLocs.at(-1)).toBe(`${BASE}/parts/p${count - 1}`);
      // Every chunk but the last is full: the part at the boundary starts the next one.
      for (const chunk of chunks.slice(0, -1)) expect(chunk).toHaveLength(SITEMAP_CHUNK);
    }
  });

  it('keeps one chunk up to 50,000 URLs', () => {
    const fixedCount = staticEntries(BASE).length;
    expect(chunkCountFor(SITEMAP_CHUNK)).toBe(1);
    expect(chunkCountFor(SITEMAP_CHUNK + 1)).toBe(2);
    expect(chunkCountFor(fixedCount)).toBe(1);
    const { chunks } = allChunks(SITEMAP_CHUNK - fixedCount);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toHaveLength(SITEMAP_CHUNK);
  });
});
