import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { GET as cronRoute } from '@/app/api/cron/[job]/route';
import { CRON_UNAUTHORIZED } from '@/lib/jobs/cron';
import { applyStockMove } from '@/lib/stock';
import { OrderIntent, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { setEnv } from '@/tests/helpers/env';
import { makePart } from '@/tests/helpers/factories';

const SECRET = 'cron-secret-for-the-tests-0123456789';
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.availableQuantity;
const callJob = (job: string, authorization?: string) =>
  callRoute(cronRoute, `/api/cron/${job}`, { params: { job }, headers: authorization === undefined ? {} : { authorization } });

/** What a process that died between taking an order's stock and storing the order leaves behind. */
async function lostOrder(): Promise<{ partId: string; intentId: Types.ObjectId }> {
  const partId = await makePart({ stock: 10 });
  const intentId = new Types.ObjectId();
  await OrderIntent.create({ _id: intentId, partId, quantity: 3, by: 'cron@example.com', at: new Date(Date.now() - 120_000) });
  await applyStockMove({ partId, delta: -3, reason: 'order', orderId: intentId, by: 'cron@example.com' });
  return { partId, intentId };
}

describe('GET /api/cron/{job}', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = setEnv({ CRON_SECRET: SECRET });
  });
  afterEach(() => restore());

  it('answers 401 without the secret or with a wrong one, and runs nothing', async () => {
    const { partId, intentId } = await lostOrder();
    for (const authorization of [undefined, '', 'Bearer', `Bearer ${SECRET}x`, `Bearer ${SECRET.slice(1)}`, SECRET, `Basic ${SECRET}`]) {
      const res = await callJob('order-intents', authorization);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: CRON_UNAUTHORIZED });
    }
    expect(await stockOf(partId)).toBe(7);
    expect(await OrderIntent.exists({ _id: intentId })).not.toBeNull();

    const res = await callJob('order-intents', `Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job: 'order-intents', result: { returned: 1 } });
    expect(await stockOf(partId)).toBe(10);
    expect(await OrderIntent.exists({ _id: intentId })).toBeNull();
  });

  it('checks the secret before the job name: an unknown job is 401 to a stranger, 404 to Vercel Cron', async () => {
    expect((await callJob('drop-everything')).status).toBe(401);
    const res = await callJob('drop-everything', `Bearer ${SECRET}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No such job' });
  });

  it('refuses every call when no secret is set outside development', async () => {
    restore();
    restore = setEnv({ CRON_SECRET: undefined });
    const { partId } = await lostOrder();
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', 'Bearer null']) {
      expect((await callJob('order-intents', authorization)).status).toBe(401);
    }
    expect(await stockOf(partId)).toBe(7);
  });

  it('in development without CRON_SECRET, takes only the secret generated into the data directory', async () => {
    restore();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cron-secret-'));
    restore = setEnv({ CRON_SECRET: undefined, NODE_ENV: 'development', SHOP_DATA_DIR: dir });
    try {
      const { partId } = await lostOrder();
      expect((await callJob('order-intents', 'Bearer ')).status).toBe(401);
      expect(await stockOf(partId)).toBe(7);
      const generated = readFileSync(path.join(dir, 'cron-secret'), 'utf8').trim();
      expect(generated.length).toBeGreaterThanOrEqual(40);
      expect((await callJob('order-intents', `Bearer ${generated}`)).status).toBe(200);
      expect(await stockOf(partId)).toBe(10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
