import { readFileSync } from 'node:fs';
import { POST as confirmRoute } from '@/app/api/parts/[id]/fit-confirmations/route';
import { PUT as orderStepRoute } from '@/app/api/order/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { dayIn } from '@/lib/core/calendar';
import { baseVehicleKey, fitCheckMailKey, readFitCounts, sendDueFitChecks } from '@/lib/fit-confirmations';
import { jobSchedule } from '@/lib/jobs';
import { closeMailTransport } from '@/lib/mail';
import { deliverDueMail } from '@/lib/mail/outbox';
import { env, resetEnv } from '@/lib/platform/env';
import { FitCheckDue, FitConfirmation, OutboxMessage } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { parseMail } from '@/tests/helpers/mailbox';
import { deliveredOrder, shopDaysAgo, type OrderLineSpec } from '@/tests/helpers/returns';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';
import { startFollower } from '@/tests/helpers/start-follower';

const DAY_MS = 86_400_000;
const COROLLA = '2016 Toyota Corolla 1.8L';
let admin: UserDTO;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.EMAIL_SERVER = smtp.url;
  resetEnv();
  admin = await makeUser({ admin: true });
});
afterAll(async () => {
  delete process.env.EMAIL_SERVER;
  resetEnv();
  closeMailTransport();
  await smtp.close();
});

/** A paid, shipped order of these lines, marked delivered `daysAgo` shop days ago by the admin's call (the real delivered step). */
async function deliveredDaysAgo(
  email: string,
  daysAgo: number,
  lines: OrderLineSpec[] = [{ priceCents: 2500, quantity: 1, fitVehicle: COROLLA }],
) {
  const order = await deliveredOrder(email, { lines, daysAgo: null });
  const day = dayIn(shopDaysAgo(daysAgo), env().SHOP_TIME_ZONE);
  const res = await callRoute(orderStepRoute, `/api/order/${order.id}`, {
    method: 'PUT',
    params: { id: order.id },
    body: { pending: 'delivered', deliveredAt: day },
    as: admin,
  });
  expect(res.status).toBe(200);
  return order;
}

const queued = (orderId: string) => OutboxMessage.countDocuments({ _id: fitCheckMailKey(orderId) });
/** The fit-check emails to an address (its order's delivered email goes there too). */
const mailsTo = (email: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw))
    .filter((mail) => mail.subject.startsWith('Did '));
const answer = (partId: string, body: Record<string, unknown>) =>
  callRoute(confirmRoute, `/api/parts/${partId}/fit-confirmations`, { method: 'POST', params: { id: partId }, body, origin: null });

describe('the fit-check job', () => {
  it('runs every ten minutes on a Node host and on Vercel Cron', () => {
    expect(jobSchedule()['fit-checks']).toBe(10 * 60_000);
    const crons = (JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: Array<{ path: string; schedule: string }> }).crons;
    expect(crons).toContainEqual({ path: '/api/cron/fit-checks', schedule: '*/10 * * * *' });
  });

  it('asks on day FIT_CHECK_DAYS (10) after delivery, not on day 9, and never twice', async () => {
    const nine = await deliveredDaysAgo('day9@example.com', 9);
    const ten = await deliveredDaysAgo('day10@example.com', 10);
    expect(await FitCheckDue.exists({ _id: nine.id })).toBeTruthy();

    const first = await sendDueFitChecks();
    expect(first.sent).toBe(1);
    expect(await queued(ten.id)).toBe(1);
    expect(await queued(nine.id)).toBe(0);
    expect(await FitCheckDue.exists({ _id: ten.id })).toBeNull();
    expect(await FitCheckDue.exists({ _id: nine.id })).toBeTruthy();

    // A day later the ninth-day order is due; the tenth-day one is not asked again.
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect((await sendDueFitChecks({ now: tomorrow })).sent).toBe(1);
    expect((await sendDueFitChecks({ now: tomorrow })).sent).toBe(0);
    expect(await queued(nine.id)).toBe(1);
    expect(await queued(ten.id)).toBe(1);
  });

  it('asks nothing of an order with no line for a vehicle, nor of one shipped but not delivered', async () => {
    const plain = await deliveredDaysAgo('no-vehicle@example.com', 12, [{ priceCents: 999, quantity: 2 }]);
    const shipped = await deliveredOrder('in-transit@example.com', {
      lines: [{ priceCents: 999, quantity: 1, fitVehicle: COROLLA }],
      daysAgo: null,
    });
    expect(await FitCheckDue.exists({ _id: plain.id })).toBeNull();
    await sendDueFitChecks({ now: new Date(Date.now() + 30 * DAY_MS) });
    expect(await queued(plain.id)).toBe(0);
    expect(await queued(shipped.id)).toBe(0);
  });

  it('sends one email per order when two runs go at once', async () => {
    const orders = await Promise.all([0, 1, 2].map((i) => deliveredDaysAgo(`race${i}@example.com`, 11)));
    const reports = await Promise.all([sendDueFitChecks(), sendDueFitChecks()]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(3);
    for (const order of orders) expect(await queued(order.id)).toBe(1);
    await deliverDueMail();
    for (let i = 0; i < 3; i++) expect(mailsTo(`race${i}@example.com`)).toHaveLength(1);
    expect(mailsTo('race0@example.com')[0]!.subject).toBe('Did it fit your 2016 Toyota Corolla 1.8L?');
  });

  it('sends one email per order when another process runs the job at the same moment', async () => {
    const other = await startFollower('tests/helpers/job-runner.ts');
    try {
      const orders = await Promise.all([0, 1, 2, 3].map((i) => deliveredDaysAgo(`twin${i}@example.com`, 10)));
      other.child.stdin.write('fit-checks\n');
      const [theirs, ours] = await Promise.all([other.lines.next().then((line) => JSON.parse(line.value as string)), sendDueFitChecks()]);
      expect(theirs.sent + ours.sent).toBe(4);
      for (const order of orders) expect(await queued(order.id)).toBe(1);
      await deliverDueMail();
      for (let i = 0; i < 4; i++) expect(mailsTo(`twin${i}@example.com`)).toHaveLength(1);
    } finally {
      other.child.kill();
    }
  }, 60_000);

  it('emails the question and one-click Yes and No links per line with a vehicle; each link answers once', async () => {
    const order = await deliveredDaysAgo('asked@example.com', 10, [
      { priceCents: 4000, quantity: 1, fitVehicle: COROLLA },
      { priceCents: 1250, quantity: 2 },
      { priceCents: 999, quantity: 1, fitVehicle: '2019 Mazda CX-5' },
    ]);
    await sendDueFitChecks();
    await deliverDueMail();
    const [mail, ...more] = mailsTo('asked@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Did the parts of order PM-\w+ fit\?$/);
    expect(mail!.body).toContain('Question: Did it fit your 2016 Toyota Corolla 1.8L?');
    expect(mail!.body).toContain('Question: Did it fit your 2019 Mazda CX-5?');
    expect(mail!.body).not.toContain('Returnable part 2');
    const links = [...mail!.body.matchAll(/(Yes|No): +It (?:fits|does not fit) \((http\S+)\)/g)].map(([, kind, url]) => ({
      kind,
      url: new URL(url!),
    }));
    expect(links.map((link) => link.kind)).toEqual(['Yes', 'No', 'Yes', 'No']);
    for (const { url } of links) expect(url.pathname).toMatch(/^\/fit\/[a-f\d]{24}\.[a-f\d]{24}\.[\w-]{43}$/);
    expect(links.map((link) => link.url.searchParams.get('fits'))).toEqual(['yes', 'no', 'yes', 'no']);

    // The Corolla's Yes, as the link's page posts it: counted once; the same link again is refused and counts nothing.
    const token = (url: URL) => url.pathname.split('/').pop()!;
    const yes = { orderId: order.id, fits: true, token: token(links[0]!.url) };
    expect((await answer(order.partIds[0]!, yes)).status).toBe(201);
    const corolla = baseVehicleKey({ year: 2016, make: 'Toyota', model: 'Corolla' });
    expect((await readFitCounts(order.partIds[0]!)).vehicles[corolla]).toBe(1);
    const again = await answer(order.partIds[0]!, yes);
    expect(again.status).toBe(409);
    expect((await readFitCounts(order.partIds[0]!)).vehicles[corolla]).toBe(1);

    // The Mazda's No: recorded, not counted, and pointing at the return form with "does not fit" chosen.
    const no = await answer(order.partIds[2]!, { orderId: order.id, fits: false, token: token(links[3]!.url) });
    expect(no.status).toBe(201);
    expect(no.body.returnUrl).toBe(`/dashboard/orders/${order.id}?return=does-not-fit&part=${order.partIds[2]}`);
    expect(await readFitCounts(order.partIds[2]!)).toEqual({ vehicles: {}, rows: {} });
    expect(await FitConfirmation.countDocuments({ orderId: order.id })).toBe(2);
  });

  it('leaves out a line already answered on the order page, and sends nothing when all are', async () => {
    const order = await deliveredDaysAgo('answered@example.com', 10);
    await FitConfirmation.create({
      _id: `${order.id}:${order.partIds[0]}`,
      orderId: order.id,
      partId: order.partIds[0],
      fits: true,
      vehicle: COROLLA,
      vehicleKey: 'x',
      via: 'order',
    });
    expect((await sendDueFitChecks()).sent).toBe(0);
    expect(await queued(order.id)).toBe(0);
    expect(await FitCheckDue.exists({ _id: order.id })).toBeNull();
  });
});
