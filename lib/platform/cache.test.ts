/**
 * Expiring cache tags: always in the shop's store (its hook), once per tag; on Vercel also through
 * Next's revalidateTag at once (Vercel's page cache), and still in the store where Next refuses.
 */
import { revalidateTag } from 'next/cache';
import { resetEnv } from '@/lib/platform/env';
import { expireCacheTags } from './cache';

jest.mock('next/cache', () => ({ cacheTag: jest.fn(), cacheLife: jest.fn(), revalidateTag: jest.fn() }));

const revalidate = jest.mocked(revalidateTag);
const store = jest.fn(async (tags: string[]) => void tags);
const globalForCache = globalThis as { __shopExpireTags?: typeof store };

function runOn(vercel: boolean) {
  if (vercel) process.env.VERCEL = '1';
  else delete process.env.VERCEL;
  resetEnv();
}

beforeEach(() => {
  globalForCache.__shopExpireTags = store;
  store.mockClear();
  revalidate.mockReset();
});
afterAll(() => {
  delete globalForCache.__shopExpireTags;
  runOn(false);
});

describe('expireCacheTags', () => {
  it("expires each tag once in the shop's store, and leaves Next's revalidateTag alone off Vercel", async () => {
    runOn(false);
    await expireCacheTags(['part:1', 'catalog', 'part:1']);
    expect(store.mock.calls).toEqual([[['part:1', 'catalog']]]);
    expect(revalidate).not.toHaveBeenCalled();
    await expireCacheTags([]);
    expect(store).toHaveBeenCalledTimes(1);
  });

  it("on Vercel, also expires each tag at once through Next's revalidateTag", async () => {
    runOn(true);
    await expireCacheTags(['part:1', 'catalog', 'part:1']);
    expect(revalidate.mock.calls).toEqual([
      ['part:1', { expire: 0 }],
      ['catalog', { expire: 0 }],
    ]);
    expect(store.mock.calls).toEqual([[['part:1', 'catalog']]]);
  });

  it('on Vercel, still expires the store where Next refuses (outside a request, inside a cached read)', async () => {
    runOn(true);
    revalidate.mockImplementation(() => {
      throw new Error('Invariant: static generation store missing in revalidateTag("part:2")');
    });
    await expect(expireCacheTags(['part:2'])).resolves.toBeUndefined();
    expect(store.mock.calls).toEqual([[['part:2']]]);
  });
});
