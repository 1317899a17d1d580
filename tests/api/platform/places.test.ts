import { connectDb } from '@/lib/platform/db';
import { takePlaces } from '@/lib/platform/rate-limit';
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
});
