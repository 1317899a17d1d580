import { readFileSync } from 'node:fs';
import { GET as cronRoute } from '@/app/api/cron/[job]/route';
import { DELETE as unsubscribeRoute } from '@/app/api/alerts/[token]/route';
import { POST as subscribeRoute } from '@/app/api/alerts/route';
import { alertMailKey, sendDueAlerts } from '@/lib/alerts';
import { announcePartChanges, catalogSearch, replaceFitment } from '@/lib/catalog';
import { jobSchedule } from '@/lib/jobs';
import { closeMailTransport } from '@/lib/mail';
import { deliverDueMail } from '@/lib/mail/outbox';
import { resetEnv } from '@/lib/platform/env';
import { applyStockMove } from '@/lib/stock';
import { AlertSubscription, OutboxMessage } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { setEnv } from '@/tests/helpers/env';
import { makePart } from '@/tests/helpers/factories';
import { parseMail } from '@/tests/helpers/mailbox';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';
import { startFollower } from '@/tests/helpers/start-follower';

const DAY_MS = 86_400_000;
const CX5 = { year: 2019, make: 'Mazda', model: 'CX-5' };
let ip = 0;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.EMAIL_SERVER = smtp.url;
  resetEnv();
  await catalogSearch().ready();
});
afterAll(async () => {
  delete process.env.EMAIL_SERVER;
  resetEnv();
  closeMailTransport();
  await smtp.close();
});

async function subscribe(body: Record<string, unknown>): Promise<string> {
  const res = await callRoute(subscribeRoute, '/api/alerts', {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': `192.0.2.${++ip}` },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const restock = (partId: string, delta = 4) => applyStockMove({ partId, delta, reason: 'restock', by: 'admin@example.com' });
const stored = async (id: string) => (await AlertSubscription.findById(id).lean())!;
const alertMails = async (id: string) => {
  const alert = await AlertSubscription.findById(id).lean();
  return alert ? OutboxMessage.countDocuments({ _id: alertMailKey(alert) }) : 0;
};
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw));

describe('the alerts job', () => {
  it('runs within a minute on a Node host and every minute on Vercel Cron', async () => {
    expect(jobSchedule().alerts).toBeGreaterThan(0);
    expect(jobSchedule().alerts).toBeLessThanOrEqual(60_000);
    const crons = (JSON.parse(readFileSync('vercel.json', 'utf8')) as { crons: Array<{ path: string; schedule: string }> }).crons;
    expect(crons).toContainEqual({ path: '/api/cron/alerts', schedule: '* * * * *' });
    const restore = setEnv({ CRON_SECRET: 'cron-secret-for-the-alerts-tests-0123' });
    try {
      const res = await callRoute(cronRoute, '/api/cron/alerts', {
        params: { job: 'alerts' },
        headers: { authorization: 'Bearer cron-secret-for-the-alerts-tests-0123' },
      });
      expect(res).toMatchObject({ status: 200, body: { job: 'alerts', result: { sent: 0 } } });
    } finally {
      restore();
    }
  });

  it('emails a part alert once its part has stock again, with its text and a working unsubscribe link', async () => {
    const partId = await makePart({ name: 'Alternator 14V 150A', stock: 0 });
    const id = await subscribe({ email: 'back@example.com', partId });
    expect(await sendDueAlerts()).toMatchObject({ sent: 0 });
    expect(await alertMails(id)).toBe(0);

    await restock(partId);
    expect(await sendDueAlerts()).toMatchObject({ sent: 1 });
    expect((await stored(id)).sentAt).toBeInstanceOf(Date);
    await deliverDueMail();
    const [mail, ...more] = mailsTo('back@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Back in stock: Alternator 14V 150A');
    expect(mail!.body).toContain('Alternator 14V 150A is back in stock at PartsMart.');
    expect(mail!.body).toContain(`See the part: http://localhost:3000/parts/${partId}`);
    const link = mail!.body.match(/Unsubscribe: (http\S+)/)![1]!;
    const token = new URL(link).pathname.split('/').pop()!;
    expect(new URL(link).pathname).toBe(`/alerts/${token}`);

    // Sent once: later runs leave it, the link removes it, once.
    expect(await sendDueAlerts()).toMatchObject({ sent: 0 });
    const del = () => callRoute(unsubscribeRoute, `/api/alerts/${token}`, { method: 'DELETE', params: { token } });
    expect((await del()).status).toBe(200);
    expect(await AlertSubscription.exists({ _id: id })).toBeNull();
    expect((await del()).status).toBe(404);
  });

  it('emails a vehicle alert when a fitting row newly matches an in-stock part (as an import writes it), not before', async () => {
    const id = await subscribe({ email: 'cx5@example.com', vehicle: CX5 });
    // Stock that does not fit, and a fitting part with no stock, are not yet news.
    const part = await makePart({
      name: 'Cabin air filter',
      stock: 6,
      fitment: [{ make: 'Mazda', model: 'CX-3', yearFrom: 2016, yearTo: 2021 }],
    });
    const empty = await makePart({ stock: 0, fitment: [{ make: 'Mazda', model: 'CX-5', yearFrom: 2017, yearTo: 2021 }] });
    expect(await sendDueAlerts()).toMatchObject({ sent: 0 });

    await replaceFitment(part, [
      { make: 'Mazda', model: 'CX-3', yearFrom: 2016, yearTo: 2021 },
      { make: 'Mazda', model: 'CX-5', yearFrom: 2017, yearTo: 2022 },
    ]);
    await announcePartChanges([part]);
    expect(await sendDueAlerts()).toMatchObject({ sent: 1 });
    expect(await alertMails(id)).toBe(1);
    await deliverDueMail();
    const [mail] = mailsTo('cx5@example.com');
    expect(mail!.subject).toBe('A part for your 2019 Mazda CX-5 has arrived');
    expect(mail!.body).toContain('We now have a part for your 2019 Mazda CX-5 in stock.');
    expect(mail!.body).toContain('See the parts for it: http://localhost:3000/parts/search?');
    expect(mail!.body).toMatch(/Unsubscribe: http:\/\/localhost:3000\/alerts\/[a-f\d]{64}\.[a-f\d]{32}\.[\w-]{43}/);
    expect(empty).toBeTruthy();
  });

  it('starts a sent alert again when asked again, with an email of its own on the next restock', async () => {
    const partId = await makePart({ name: 'Starter motor', stock: 0 });
    const first = await subscribe({ email: 'twice-out@example.com', partId });
    await restock(partId);
    expect(await sendDueAlerts()).toMatchObject({ sent: 1 });
    const firstSerial = (await stored(first)).serial;
    await applyStockMove({ partId, delta: -4, reason: 'edit', by: 'admin@example.com' });

    expect(await subscribe({ email: 'twice-out@example.com', partId })).toBe(first);
    const again = await stored(first);
    expect(again.serial).not.toBe(firstSerial);
    expect(again.sentAt ?? null).toBeNull();
    await restock(partId);
    expect(await sendDueAlerts()).toMatchObject({ sent: 1 });
    await deliverDueMail();
    expect(mailsTo('twice-out@example.com').map((mail) => mail.subject)).toEqual([
      'Back in stock: Starter motor',
      'Back in stock: Starter motor',
    ]);
  });

  it('sends once per subscription when two runs go at once', async () => {
    const parts = await Promise.all([makePart({ stock: 0 }), makePart({ stock: 0 }), makePart({ stock: 0 })]);
    const ids = await Promise.all(parts.map((partId, i) => subscribe({ email: `race${i}@example.com`, partId })));
    await Promise.all(parts.map((partId) => restock(partId)));
    const reports = await Promise.all([sendDueAlerts(), sendDueAlerts()]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(3);
    for (const id of ids) expect(await alertMails(id)).toBe(1);
    await deliverDueMail();
    for (let i = 0; i < 3; i++) expect(mailsTo(`race${i}@example.com`)).toHaveLength(1);
  });

  it('sends once per subscription when another process runs the job at the same moment', async () => {
    const other = await startFollower('tests/helpers/job-runner.ts');
    try {
      const parts = await Promise.all(Array.from({ length: 4 }, () => makePart({ stock: 0 })));
      const ids = await Promise.all(parts.map((partId, i) => subscribe({ email: `twin${i}@example.com`, partId })));
      await Promise.all(parts.map((partId) => restock(partId)));
      other.child.stdin.write('alerts\n');
      const [theirs, ours] = await Promise.all([other.lines.next().then((line) => JSON.parse(line.value as string)), sendDueAlerts()]);
      expect(theirs.sent + ours.sent).toBe(4);
      for (const id of ids) expect(await alertMails(id)).toBe(1);
      await deliverDueMail();
      for (let i = 0; i < 4; i++) expect(mailsTo(`twin${i}@example.com`)).toHaveLength(1);
    } finally {
      other.child.kill();
    }
  }, 60_000);

  it('leaves an alert due when its email could not be queued, and sends it on the next run', async () => {
    const partId = await makePart({ stock: 0 });
    const id = await subscribe({ email: 'retry@example.com', partId });
    await restock(partId);
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const failing = jest.spyOn(OutboxMessage, 'create').mockRejectedValueOnce(new Error('write failed'));
    try {
      expect(await sendDueAlerts()).toMatchObject({ sent: 0 });
    } finally {
      failing.mockRestore();
      error.mockRestore();
    }
    expect((await stored(id)).sentAt ?? null).toBeNull();
    expect(await sendDueAlerts()).toMatchObject({ sent: 1 });
    expect((await stored(id)).sentAt).toBeInstanceOf(Date);
  });

  it('still sends on day 90 and never after: an alert past its 90 days is removed unsent', async () => {
    const partId = await makePart({ stock: 0 });
    const onTime = await subscribe({ email: 'day90@example.com', partId });
    const late = await subscribe({ email: 'day91@example.com', partId });
    await restock(partId);
    const now = new Date();
    const created = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS - extraMs);
    // Created exactly 90 days before the run: its last moment.
    await AlertSubscription.updateOne({ _id: onTime }, { $set: { createdAt: created(90), expiresAt: now } });
    await AlertSubscription.updateOne({ _id: late }, { $set: { createdAt: created(90, 1), expiresAt: new Date(now.getTime() - 1) } });
    expect(await sendDueAlerts({ now })).toEqual({ checked: 1, sent: 1, expired: 1 });
    expect(await alertMails(onTime)).toBe(1);
    expect(await AlertSubscription.exists({ _id: late })).toBeNull();
    expect(await OutboxMessage.countDocuments({ to: 'day91@example.com' })).toBe(0);
  });
});
