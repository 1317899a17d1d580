import { closeMailTransport, sendMail } from '@/lib/mail';
import { setEnv, withEnv } from '@/tests/helpers/env';
import { startTestSmtpServer } from '@/tests/helpers/smtp-server';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let restore: () => void;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  restore = setEnv({ EMAIL_SERVER: smtp.url, EMAIL_FROM: 'PartsMart <no-reply@partsmart.example>' });
});

afterAll(async () => {
  restore();
  closeMailTransport();
  await smtp.close();
});

const message = (n: number) => ({ to: `buyer${n}@example.com`, subject: `Reply test ${n}`, text: 'Text', html: '<p>HTML</p>' });
const received = (n: number) => smtp.received.find((mail) => mail.subject === `Reply test ${n}`)!.raw;

describe('replies to the shop’s emails', () => {
  it('go to SUPPORT_EMAIL where it is set, and to no other address where it is not', async () => {
    await withEnv({ SUPPORT_EMAIL: 'help@partsmart.example' }, () => sendMail(message(1)));
    await withEnv({ SUPPORT_EMAIL: undefined }, () => sendMail(message(2)));
    expect(received(1)).toMatch(/^Reply-To: help@partsmart\.example\r?$/im);
    expect(received(2)).not.toMatch(/^Reply-To:/im);
  });

  it('refuses a SUPPORT_EMAIL that is not an email address', async () => {
    await withEnv({ SUPPORT_EMAIL: 'help desk' }, async () => {
      await expect(sendMail(message(3))).rejects.toThrow(/SUPPORT_EMAIL must be an email address/);
    });
  });
});
