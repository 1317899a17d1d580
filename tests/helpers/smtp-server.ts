import { SMTPServer } from 'smtp-server';
import { freePort } from '@/db/embedded';

export type ReceivedMail = { to: string[]; raw: string; subject: string };

/**
 * A real SMTP server (the `smtp-server` package) for the mail tests. While `refuse` is on it answers
 * every MAIL FROM with 451 (a temporary failure, as a server in trouble does); otherwise it accepts
 * and keeps each message.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refuse: false, connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!state.refuse) return callback();
      const error = new Error('Mail service unavailable, try again later') as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: raw.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    refuse(on: boolean) {
      state.refuse = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: sending there fails at once with ECONNREFUSED (SMTP fully down). */
export async function deadSmtpUrl(): Promise<string> {
  return `smtp://127.0.0.1:${await freePort()}`;
}
