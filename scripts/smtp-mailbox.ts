import { SMTPServer } from 'smtp-server';
import { freePort } from '@/db/embedded';

/** A local SMTP server on a free port that hands every message it receives, whole, to `onMessage`. */
export async function startSmtpMailbox(onMessage: (message: Buffer) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMessage(Buffer.concat(chunks));
        callback();
      });
    },
  });
  // A sender that goes away mid-message (the cluster test kills an instance while it sends) resets its
  // connection, which the server reports as an 'error' event: without a listener that ends this process.
  // The message is not received, and the sender's outbox sends it again.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`[smtp] ${error.message}`);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
