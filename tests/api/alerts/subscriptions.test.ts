import { POST as subscribeRoute } from '@/app/api/alerts/route';
import { DELETE as unsubscribeRoute, GET as getTokenRoute } from '@/app/api/alerts/[token]/route';
import { alertToken } from '@/lib/alerts/tokens';
import { ALERT_EMAIL_REQUIRED, ALERT_NOT_FOUND, PART_IN_STOCK, listWaitingAlerts, vehicleInStock } from '@/lib/alerts';
import { ALERT_ONE_TARGET, ALERT_TARGET_REQUIRED } from '@/lib/validations/alerts';
import { catalogSearch } from '@/lib/catalog';
import type { UserDTO } from '@/lib/auth/users';
import { AlertSubscription } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { asActor, makePart, makeUser, newObjectId } from '@/tests/helpers/factories';

const DAY_MS = 86_400_000;
let ipCounter = 0;
const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` });
const subscribe = (body: unknown, as: As = null, headers: Record<string, string> = fromNewIp()) =>
  callRoute(subscribeRoute, '/api/alerts', { method: 'POST', body, as, headers });
const unsubscribe = (token: string) => callRoute(unsubscribeRoute, `/api/alerts/${token}`, { method: 'DELETE', params: { token } });
const tokenOf = async (id: string) => {
  const stored = (await AlertSubscription.findById(id).lean())!;
  return alertToken(id, stored.serial);
};

const CX5 = { year: 2019, make: 'Mazda', model: 'CX-5' };
let customer: UserDTO;
let admin: UserDTO;
let soldOut: string;

beforeAll(async () => {
  customer = await makeUser({ name: 'Carla Customer' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  soldOut = await makePart({ name: 'Brake caliper', stock: 0 });
  await catalogSearch().ready();
});

describe('POST /api/alerts', () => {
  it("subscribes a signed-in customer with the account's email in one click, for 90 days", async () => {
    const before = Date.now();
    const res = await subscribe({ partId: soldOut }, customer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'part', partId: soldOut, vehicle: null, label: 'Brake caliper', email: customer.email });
    const stored = (await AlertSubscription.findById(res.body.id).lean())!;
    expect(stored).toMatchObject({ email: customer.email, kind: 'part', partId: soldOut });
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / DAY_MS;
    expect(days).toBe(90);
    expect(stored.createdAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("subscribes a guest with the email given, and a vehicle in the vehicle's own words", async () => {
    const res = await subscribe({ email: ' Guest.One@Example.com ', vehicle: CX5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'vehicle',
      partId: null,
      vehicle: { ...CX5, engine: null },
      label: '2019 Mazda CX-5',
      email: 'guest.one@example.com',
    });
    expect(await AlertSubscription.countDocuments({ email: 'guest.one@example.com' })).toBe(1);
  });

  it('answers the waiting alert again for the same email and target, even asked twice at once', async () => {
    const body = { email: 'twice@example.com', partId: soldOut };
    const answers = await Promise.all([subscribe(body), subscribe(body), subscribe(body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    // Another case of the email or the vehicle's names is the same alert.
    expect((await subscribe({ email: 'TWICE@example.com', partId: soldOut })).status).toBe(200);
    expect((await subscribe({ email: 'twice@example.com', vehicle: CX5 })).status).toBe(201);
    expect((await subscribe({ email: 'twice@example.com', vehicle: { ...CX5, make: 'MAZDA', model: 'cx-5' } })).status).toBe(200);
    expect(await AlertSubscription.countDocuments({ email: 'twice@example.com' })).toBe(2);
  });

  it('refuses a bad email, a missing one for a guest, no target or both, with field errors and nothing stored', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ email: 'not-an-email', partId: soldOut }, 'email', 'Provide a valid Email'],
      [{ partId: soldOut }, 'email', ALERT_EMAIL_REQUIRED],
      [{ email: 'x@example.com' }, 'partId', ALERT_TARGET_REQUIRED],
      [{ email: 'x@example.com', partId: soldOut, vehicle: CX5 }, 'vehicle', ALERT_ONE_TARGET],
      [{ email: 'x@example.com', partId: 'abc' }, 'partId', 'Not a part'],
      [{ email: { $ne: null }, partId: soldOut }, 'email', 'Email is Required'],
      [{ email: 'x@example.com', vehicle: { ...CX5, year: 'soon' } }, 'vehicle.year', ''],
    ];
    const before = await AlertSubscription.countDocuments();
    for (const [body, field, message] of cases) {
      const res = await subscribe(body);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors[field]).toBeDefined();
      if (message) expect(res.body.fieldErrors[field]).toContain(message);
    }
    expect(await AlertSubscription.countDocuments()).toBe(before);
  });

  it('answers 404 for an unknown part and 409 for a part or a vehicle with stock, storing nothing', async () => {
    const before = await AlertSubscription.countDocuments();
    const unknown = await subscribe({ email: 'x@example.com', partId: newObjectId() });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Part not found' } });
    const inStock = await makePart({ stock: 3 });
    expect(await subscribe({ email: 'x@example.com', partId: inStock })).toMatchObject({ status: 409, body: { error: PART_IN_STOCK } });
    await makePart({ stock: 2, fitment: [{ make: 'Honda', model: 'Civic', yearFrom: 2015, yearTo: 2020 }] });
    const civic = await subscribe({ email: 'x@example.com', vehicle: { year: 2018, make: 'Honda', model: 'Civic' } });
    expect(civic).toMatchObject({ status: 409, body: { error: vehicleInStock('2018 Honda Civic') } });
    expect(await AlertSubscription.countDocuments()).toBe(before);
  });

  it('refuses a cookie-carried subscription from another site (403), and rate limits per address (429)', async () => {
    const crossSite = await callRoute(subscribeRoute, '/api/alerts', {
      method: 'POST',
      body: { partId: soldOut },
      as: customer,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const headers = fromNewIp();
    for (let i = 0; i < 30; i++)
      expect((await subscribe({ email: `burst${i}@example.com`, partId: soldOut }, null, headers)).status).toBe(201);
    const limited = await subscribe({ email: 'burst-last@example.com', partId: soldOut }, null, headers);
    expect(limited.status).toBe(429);
    expect(await AlertSubscription.countDocuments({ email: 'burst-last@example.com' })).toBe(0);
  });

  it('limits one email to 10 new alerts an hour from any address', async () => {
    const parts = await Promise.all(Array.from({ length: 11 }, () => makePart({ stock: 0 })));
    for (const partId of parts.slice(0, 10)) expect((await subscribe({ email: 'keen@example.com', partId })).status).toBe(201);
    expect((await subscribe({ email: 'keen@example.com', partId: parts[10] })).status).toBe(429);
  });
});

describe('DELETE /api/alerts/{token}', () => {
  it('stops the alert its link names, once; a wrong or altered token is 404', async () => {
    const { body } = await subscribe({ email: 'stop@example.com', partId: soldOut });
    const token = await tokenOf(body.id);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const wrong of [forged, `${body.id}.${'0'.repeat(32)}.${token.split('.')[2]}`, 'nonsense', `${token}.x`, 'a'.repeat(300)])
      expect(await unsubscribe(wrong)).toMatchObject({ status: 404, body: { error: ALERT_NOT_FOUND } });
    expect(await AlertSubscription.exists({ _id: body.id })).not.toBeNull();

    expect(await unsubscribe(token)).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await AlertSubscription.exists({ _id: body.id })).toBeNull();
    expect(await unsubscribe(token)).toMatchObject({ status: 404, body: { error: ALERT_NOT_FOUND } });
  });

  it("an old alert's link does not stop the same alert asked for again", async () => {
    const first = await subscribe({ email: 'again@example.com', partId: soldOut });
    const oldToken = await tokenOf(first.body.id);
    expect((await unsubscribe(oldToken)).status).toBe(200);
    const second = await subscribe({ email: 'again@example.com', partId: soldOut });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await unsubscribe(oldToken)).status).toBe(404);
    expect(await AlertSubscription.exists({ _id: second.body.id })).not.toBeNull();
  });

  it('answers other methods with 405', async () => {
    const res = await callRoute(getTokenRoute, '/api/alerts/x', { params: { token: 'x' } });
    expect(res.status).toBe(405);
  });
});

describe('the waiting alerts on the Lost Demand page', () => {
  it('counts the waiting alerts per vehicle and per part, for admins only', async () => {
    await subscribe({ email: 'w1@example.com', vehicle: { year: 2012, make: 'Lada', model: 'Niva' } });
    await subscribe({ email: 'w2@example.com', vehicle: { year: 2012, make: 'Lada', model: 'Niva' } });
    const report = await listWaitingAlerts(asActor(admin));
    expect(report.vehicles).toContainEqual({ label: '2012 Lada Niva', count: 2, partId: null });
    expect(report.parts.find((row) => row.partId === soldOut)?.label).toBe('Brake caliper');
    await expect(listWaitingAlerts(asActor(customer))).rejects.toThrow('Admins only');
    // An expired alert no longer waits.
    await AlertSubscription.updateOne({ email: 'w2@example.com' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await listWaitingAlerts(asActor(admin))).vehicles).toContainEqual({ label: '2012 Lada Niva', count: 1, partId: null });
  });
});
