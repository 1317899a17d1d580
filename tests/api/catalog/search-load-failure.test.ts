/**
 * A load of the search index that fails (the database unreachable past its timeout) after a read was
 * answered "catalog loading": that answer may be cached, and no read of it would load the index again,
 * so the lists expire on the failure too, and the next read loads again.
 */
import { GET as partsRoute } from '@/app/api/parts/route';
import { REQUEST_SEARCH_WAIT } from '@/lib/catalog';
import { CatalogLogHead } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart } from '@/tests/helpers/factories';

const globalForCache = globalThis as typeof globalThis & { __shopExpireTags?: (tags: string[]) => Promise<void> };

describe('a load of the search index that fails', () => {
  const expired: string[][] = [];

  beforeAll(() => {
    globalForCache.__shopExpireTags = async (tags) => {
      expired.push(tags);
    };
  });
  afterAll(() => {
    delete globalForCache.__shopExpireTags;
    REQUEST_SEARCH_WAIT.waitMs = 500;
    jest.restoreAllMocks();
  });

  it('expires the lists answered "loading" meanwhile; the next read loads the index and answers', async () => {
    const partId = await makePart({ name: 'Failtest Brake Disc' });
    // Adding it expired its own tags: only what follows counts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expired.length = 0;
    let fail: (error: Error) => void = () => {};
    const unreachable = new Promise<never>((_, reject) => {
      fail = reject;
    });
    // The load's first read (the change log's position, from its head) waits, then fails as an unreachable database does.
    jest
      .spyOn(CatalogLogHead, 'findById')
      .mockImplementationOnce(() => ({ lean: () => unreachable }) as unknown as ReturnType<typeof CatalogLogHead.findById>);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    REQUEST_SEARCH_WAIT.waitMs = 0;

    const loading = await callRoute(partsRoute, '/api/parts?limit=2');
    expect(loading.status).toBe(503);
    expect(expired).toEqual([]);

    fail(new Error('Server selection timed out after 3000 ms'));
    const until = Date.now() + 2000;
    while (!expired.length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(expired).toEqual([['catalog']]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('could not load the index'), expect.any(Error));

    REQUEST_SEARCH_WAIT.waitMs = 5000;
    const answered = await callRoute(partsRoute, '/api/parts?limit=2');
    expect(answered.status).toBe(200);
    expect((answered.body as Array<{ _id: string }>).map((part) => part._id)).toContain(partId);
  });
});
