import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose from 'mongoose';
import { connectDb } from '@/lib/platform/db';
import { resetEnv } from '@/lib/platform/env';
import { closeMailTransport } from '@/lib/mail';
import { deliverDueMail, enqueueMail, enqueueMissingMails, GIVE_UP_AFTER_MS, retryDelayMs, startMailSender } from '@/lib/mail/outbox';
import { OutboxClaim, OutboxDue, OutboxMessage } from '@/models';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';

type Outbox = typeof import('@/lib/mail/outbox');

/** A second copy of lib/mail/outbox, as another app instance would have (its own owner id and run guard), on the same connection. */
function secondOutbox(): Outbox {
  let loaded: Outbox | undefined;
  jest.isolateModules(() => {
    jest.doMock('mongoose', () => mongoose);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules loads synchronously
    loaded = require('@/lib/mail/outbox') as Outbox;
  });
  return loaded!;
}

const mail = (n: number | string) => ({
  to: `buyer${n}@example.com`,
  subject: `Test message ${n}`,
  text: `Plain part ${n}`,
  html: `<p>HTML part ${n}</p>`,
});

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let seq = 0;
const key = (label: string) => `${label}-${Date.now().toString(36)}-${seq++}:placed`;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.EMAIL_SERVER = smtp.url;
  resetEnv();
  await connectDb();
});

afterAll(async () => {
  delete process.env.EMAIL_SERVER;
  resetEnv();
  closeMailTransport();
  await smtp.close();
});

beforeEach(async () => {
  smtp.refuse(false);
  smtp.received.length = 0;
  // Earlier cases' messages must not be due in later ones (the outbox itself is never edited by the shop).
  await OutboxDue.collection.deleteMany({});
});

describe('enqueueMail', () => {
  it('stores a message once per key: a duplicate is fine and answers false', async () => {
    const k = key('dup');
    expect(await enqueueMail(k, mail(1))).toBe(true);
    expect(await enqueueMail(k, mail(2))).toBe(false);
    const [a, b] = await Promise.all([enqueueMail(`${k}x`, mail(3)), enqueueMail(`${k}x`, mail(3))]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await OutboxMessage.countDocuments({ _id: k })).toBe(1);
    expect(await OutboxMessage.findById(k).lean()).toMatchObject({ subject: 'Test message 1', state: 'pending', attempts: 0 });
    expect(await OutboxDue.countDocuments({ _id: { $in: [k, `${k}x`] } })).toBe(2);
  });

  it('never throws: with the database unreachable it logs and answers false', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const spy = jest.spyOn(OutboxMessage, 'findById').mockImplementationOnce(() => {
      throw Object.assign(new Error('connection lost'), { name: 'MongoNetworkError' });
    });
    await expect(enqueueMail(key('down'), mail(1))).resolves.toBe(false);
    expect(error).toHaveBeenCalled();
    spy.mockRestore();
    error.mockRestore();
  });
});

describe('enqueueMissingMails (the reconciliation)', () => {
  it('adds the missing messages only, builds no mail for the others, and makes a pending one due again', async () => {
    const [sent, pending, missing] = [key('sent'), key('pending'), key('missing')];
    await enqueueMail(sent, mail('sent'));
    await OutboxMessage.updateOne({ _id: sent }, { $set: { state: 'sent' } });
    await OutboxDue.deleteOne({ _id: sent });
    // A pending message whose due entry is gone (deleted above for every case; this one must come back).
    await enqueueMail(pending, mail('pending'));
    await OutboxDue.deleteOne({ _id: pending });
    const built: string[] = [];
    const entry = (k: string) => ({ key: k, mail: () => (built.push(k), mail(`${k} again`)) });

    expect(await enqueueMissingMails([entry(sent), entry(pending), entry(missing)])).toBe(1);
    expect(built).toEqual([missing]);
    expect((await OutboxMessage.findById(missing).lean())?.subject).toBe(`Test message ${missing} again`);
    expect((await OutboxMessage.findById(sent).lean())?.subject).toBe('Test message sent');
    expect(await OutboxDue.exists({ _id: missing })).not.toBeNull();
    expect(await OutboxDue.exists({ _id: pending })).not.toBeNull();
    expect(await OutboxDue.exists({ _id: sent })).toBeNull();
    // Again: nothing is missing any more.
    expect(await enqueueMissingMails([entry(sent), entry(pending), entry(missing)])).toBe(0);
    expect(built).toEqual([missing]);
  });

  it('looks the keys up a batch to a query (1,200 existing messages, batches of 500: 3 queries) and writes nothing', async () => {
    const keys = Array.from({ length: 1200 }, () => key('many'));
    await OutboxMessage.insertMany(keys.map((k) => ({ _id: k, ...mail(k), state: 'sent' })));
    const calls: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => void calls.push(`${collection}.${method}`));
    try {
      expect(
        await enqueueMissingMails(
          keys.map((k) => ({ key: k, mail: () => mail(k) })),
          { batch: 500 },
        ),
      ).toBe(0);
      // The default batch takes them all at once.
      expect(await enqueueMissingMails(keys.map((k) => ({ key: k, mail: () => mail(k) })))).toBe(0);
    } finally {
      mongoose.set('debug', false);
    }
    expect(calls).toEqual(Array.from({ length: 4 }, () => `${OutboxMessage.collection.collectionName}.find`));
  });

  it('throws when the outbox cannot be read, so that the reconciliation runs over the same orders again', async () => {
    const spy = jest.spyOn(OutboxMessage, 'find').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    try {
      await expect(enqueueMissingMails([{ key: key('lost'), mail: () => mail('lost') }])).rejects.toThrow('connection lost');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the sender', () => {
  it('keeps messages while the SMTP server refuses, retries with backoff, and delivers each once when it accepts', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const keys = [key('outage'), key('outage'), key('outage')];
    for (const [i, k] of keys.entries()) await enqueueMail(k, mail(`outage-${i}`));
    smtp.refuse(true);
    const t0 = new Date();

    expect(await deliverDueMail(t0)).toMatchObject({ sent: 0, retried: 3 });
    expect(smtp.received).toHaveLength(0);
    for (const k of keys) {
      const message = await OutboxMessage.findById(k).lean();
      expect(message).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringMatching(/451|try again later/i) });
      const due = await OutboxDue.findById(k).lean();
      // 30 s, ±20% jitter
      expect(due!.attempt).toBe(1);
      expect(due!.dueAt.getTime() - t0.getTime()).toBeGreaterThanOrEqual(24_000);
      expect(due!.dueAt.getTime() - t0.getTime()).toBeLessThan(40_000);
    }

    // Not due yet: nothing is tried.
    expect(await deliverDueMail(later(t0, 10_000))).toMatchObject({ sent: 0, retried: 0 });
    // Still refusing a minute later: the second attempt waits about twice as long.
    expect(await deliverDueMail(later(t0, 60_000))).toMatchObject({ retried: 3 });
    const second = await OutboxDue.findById(keys[0]).lean();
    expect(second!.attempt).toBe(2);
    expect(second!.dueAt.getTime() - later(t0, 60_000).getTime()).toBeGreaterThanOrEqual(48_000);

    smtp.refuse(false);
    expect(await deliverDueMail(later(t0, 5 * 60_000))).toMatchObject({ sent: 3, retried: 0 });
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Test message outage-0', 'Test message outage-1', 'Test message outage-2']);
    const sent = await OutboxMessage.findById(keys[0]).lean();
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    expect(sent!.lastError).toBeUndefined();
    expect(await OutboxDue.countDocuments({ _id: { $in: keys } })).toBe(0);
    // Each message has both parts.
    expect(smtp.received[0]!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(smtp.received[0]!.raw).toMatch(/Content-Type: text\/html/i);

    // Nothing is sent twice, however often the sender runs.
    expect(await deliverDueMail(later(t0, 3 * 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(await enqueueMail(keys[0]!, mail('again'))).toBe(false);
    expect(await deliverDueMail(later(t0, 4 * 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(3);
    warn.mockRestore();
  });

  it('sends message after message over one pooled SMTP connection, and opens a new one for a changed EMAIL_SERVER', async () => {
    closeMailTransport();
    const before = smtp.state.connections;
    const keys = Array.from({ length: 4 }, () => key('pooled'));
    for (const [i, k] of keys.entries()) await enqueueMail(k, mail(`pooled-${i}`));
    expect(await deliverDueMail(new Date())).toMatchObject({ sent: 4 });
    expect(await enqueueMail(key('pooled'), mail('pooled-later'))).toBe(true);
    expect(await deliverDueMail(new Date())).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(5);
    expect(smtp.state.connections - before).toBe(1);

    const second = await startTestSmtpServer();
    try {
      process.env.EMAIL_SERVER = second.url;
      resetEnv();
      await enqueueMail(key('moved'), mail('moved'));
      expect(await deliverDueMail(new Date())).toMatchObject({ sent: 1 });
      expect(second.received.map((m) => m.subject)).toEqual(['Test message moved']);
      expect(smtp.received).toHaveLength(5);
    } finally {
      process.env.EMAIL_SERVER = smtp.url;
      resetEnv();
      closeMailTransport();
      await second.close();
    }
  });

  it('delivers what an enqueue started in its own context, not in the request that queued the message (which it would keep alive)', async () => {
    const request = new AsyncLocalStorage<string>();
    const contexts: Array<string | undefined> = [];
    const markSent = OutboxMessage.updateOne.bind(OutboxMessage);
    const spy = jest.spyOn(OutboxMessage, 'updateOne').mockImplementation(((...args: Parameters<typeof OutboxMessage.updateOne>) => {
      contexts.push(request.getStore() ?? 'the sender');
      return markSent(...args);
    }) as typeof OutboxMessage.updateOne);
    const stop = startMailSender({ intervalMs: 60_000 });
    try {
      await request.run('request 1', () => enqueueMail(key('context'), mail('context')));
      for (let waited = 0; !contexts.length && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      stop();
      spy.mockRestore();
    }
    expect(smtp.received.map((message) => message.subject)).toContain('Test message context');
    expect(contexts.length).toBeGreaterThan(0);
    expect(contexts).not.toContain('request 1');
  });

  it('backs off 30 s doubling up to an hour, with jitter', () => {
    for (let i = 0; i < 20; i++) {
      expect(retryDelayMs(1)).toBeGreaterThanOrEqual(24_000);
      expect(retryDelayMs(1)).toBeLessThanOrEqual(36_000);
      expect(retryDelayMs(3)).toBeGreaterThanOrEqual(96_000);
      expect(retryDelayMs(3)).toBeLessThanOrEqual(144_000);
      expect(retryDelayMs(30)).toBeLessThanOrEqual(72 * 60_000);
      expect(retryDelayMs(30)).toBeGreaterThanOrEqual(48 * 60_000);
    }
  });

  it('gives up after about three days, marks the message failed and logs it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const k = key('hopeless');
    await enqueueMail(k, mail('hopeless'));
    smtp.refuse(true);
    const t0 = new Date();
    expect(await deliverDueMail(t0)).toMatchObject({ retried: 1 });
    expect(await deliverDueMail(later(t0, GIVE_UP_AFTER_MS + 60 * 60_000))).toMatchObject({ failed: 1 });
    expect(await OutboxMessage.findById(k).lean()).toMatchObject({ state: 'failed', attempts: 2, failedAt: expect.any(Date) });
    expect(await OutboxDue.findById(k).lean()).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('gave up'));
    smtp.refuse(false);
    expect(await deliverDueMail(later(t0, GIVE_UP_AFTER_MS + 2 * 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
    warn.mockRestore();
    error.mockRestore();
  });

  it('two senders (two app instances) running at once send each message exactly once', async () => {
    const other = secondOutbox();
    expect(other.deliverDueMail).not.toBe(deliverDueMail);
    const keys = Array.from({ length: 12 }, () => key('race'));
    await Promise.all(keys.map((k, i) => enqueueMail(k, mail(`race-${i}`))));
    const now = new Date();
    const reports = await Promise.all([deliverDueMail(now), other.deliverDueMail(now), deliverDueMail(now), other.deliverDueMail(now)]);
    await Promise.all([deliverDueMail(later(now, 1000)), other.deliverDueMail(later(now, 1000))]);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(12);
    // A second call in one instance joins the run already going, so it shares that run's report.
    expect([...new Set(reports)].reduce((sum, report) => sum + report.sent, 0)).toBe(12);
    expect(await OutboxMessage.countDocuments({ _id: { $in: keys }, state: 'sent' })).toBe(12);
  });

  it('a live claim (another sender is sending) is left alone; an expired one (that sender died) lets the next attempt go', async () => {
    const [busy, dead] = [key('busy'), key('dead')];
    await enqueueMail(busy, mail('busy'));
    await enqueueMail(dead, mail('dead'));
    const now = new Date();
    await OutboxClaim.create({ _id: `${busy}:1`, messageId: busy, attempt: 1, owner: 'elsewhere', leaseUntil: later(now, 60_000) });
    await OutboxClaim.create({ _id: `${dead}:1`, messageId: dead, attempt: 1, owner: 'crashed', leaseUntil: later(now, -1000) });

    expect(await deliverDueMail(now)).toMatchObject({ sent: 1, skipped: 1 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Test message dead']);
    expect(await OutboxClaim.findById(`${dead}:2`).lean()).toMatchObject({ outcome: 'sent' });
    expect(await OutboxMessage.findById(busy).lean()).toMatchObject({ state: 'pending' });

    // Once that lease has run out (the other sender died mid-send), the message goes out, once.
    expect(await deliverDueMail(later(now, 2 * 60_000))).toMatchObject({ sent: 1 });
    expect(await deliverDueMail(later(now, 3 * 60_000))).toMatchObject({ sent: 0 });
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Test message busy', 'Test message dead']);
  });

  it('a due entry whose message never arrived (its enqueue died in between) is dropped after 10 minutes, however often the sender looked', async () => {
    const k = key('orphan');
    const t0 = new Date();
    await OutboxDue.create({ _id: k, attempt: 0, dueAt: t0, createdAt: t0 });
    for (let i = 0; i < 8; i++) expect(await deliverDueMail(later(t0, i * 5_000))).toMatchObject({ sent: 0 });
    expect(await OutboxDue.findById(k).lean()).not.toBeNull();
    expect(await deliverDueMail(later(t0, 11 * 60_000))).toMatchObject({ sent: 0 });
    expect(await OutboxDue.findById(k).lean()).toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  it('a message marked sent whose due entry survived (a crash in between) is not sent again', async () => {
    const k = key('half-done');
    await enqueueMail(k, mail('half-done'));
    await OutboxMessage.collection.updateOne({ _id: k as never }, { $set: { state: 'sent', sentAt: new Date() } });
    expect(await deliverDueMail(new Date())).toMatchObject({ sent: 0, skipped: 1 });
    expect(await OutboxDue.findById(k).lean()).toBeNull();
    expect(smtp.received).toHaveLength(0);
  });
});
