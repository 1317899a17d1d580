/**
 * GET /api/parts pages as deep as a cursor reaches: a page past that is a 400 with the catalog's
 * message, never a 500 (Schemathesis found `?page=80746` answering 500).
 */
import { GET as partsRoute } from '@/app/api/parts/route';
import { callRoute } from '@/tests/helpers/api';
import { makePart } from '@/tests/helpers/factories';

describe('GET /api/parts paging', () => {
  it('answers 400 for a page past the deepest position, and the deepest page itself', async () => {
    await makePart();
    const tooDeep = await callRoute(partsRoute, '/api/parts?page=80746');
    expect(tooDeep).toMatchObject({ status: 400, body: { error: 'That page number does not exist' } });
    expect((await callRoute(partsRoute, '/api/parts?page=50002&limit=20')).status).toBe(400);
    const deepest = await callRoute(partsRoute, '/api/parts?page=50001&limit=20');
    expect(deepest).toMatchObject({ status: 200, body: [] });
    expect(deepest.headers.get('x-total-count')).toBe('1');
    expect((await callRoute(partsRoute, '/api/parts?page=1&limit=20')).body).toHaveLength(1);
  });
});
