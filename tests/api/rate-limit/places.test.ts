import { connectDb } from '@/lib/platform/db';
import { takePlaces } from '@/lib/rate-limit/rate-limit';
import { RateLimitHit } from '@/models';

const HOUR = { windowSeconds: 3600 };
const placesOf = (key: string) => RateLimitHit.countDocuments({ key });

describe('takePlaces (the guest order limits)', () => {
  beforeAll(() => connectDb());

  it('gives exactly `limit` of many racing attempts a place, and refuses the rest with 429', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => takePlaces([['race', { limit: 5, ...HOUR }]], 'full')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(15);
    for (const { reason } of refused) expect(reason).toMatchObject({ status: 429, message: 'full' });
    expect(await placesOf('race')).toBe(5);
  });

  it('takes nothing when one key is full, and a released place can be taken again', async () => {
    const full = await takePlaces([['busy', { limit: 1, ...HOUR }]]);
    await expect(
      takePlaces([
        ['free', { limit: 3, ...HOUR }],
        ['busy', { limit: 1, ...HOUR }],
      ]),
    ).rejects.toMatchObject({ status: 429 });
    expect(await placesOf('free')).toBe(0);
    await full.release();
    expect(await placesOf('busy')).toBe(0);
    await expect(takePlaces([['busy', { limit: 1, ...HOUR }]])).resolves.toBeDefined();
  });

  it('finds the free places of a nearly full key, and takes nothing under any key when one is full', async () => {
    // Two of three places of `nearly` are taken: most first choices of the next attempt land on a taken one.
    await takePlaces([['nearly', { limit: 3, ...HOUR }]]);
    await takePlaces([['nearly', { limit: 3, ...HOUR }]]);
    await takePlaces([
      ['nearly', { limit: 3, ...HOUR }],
      ['other', { limit: 3, ...HOUR }],
    ]);
    expect([await placesOf('nearly'), await placesOf('other')]).toEqual([3, 1]);
    await expect(
      takePlaces([
        ['other', { limit: 3, ...HOUR }],
        ['nearly', { limit: 3, ...HOUR }],
      ]),
    ).rejects.toMatchObject({ status: 429 });
    expect([await placesOf('nearly'), await placesOf('other')]).toEqual([3, 1]);
  });

  it("racing attempts under two keys: as many places as the smaller limit, each key's count exact", async () => {
    const checks: Array<[string, { limit: number; windowSeconds: number }]> = [
      ['pair-a', { limit: 5, ...HOUR }],
      ['pair-b', { limit: 8, ...HOUR }],
    ];
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => takePlaces(checks)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect([await placesOf('pair-a'), await placesOf('pair-b')]).toEqual([5, 5]);
  });
});
