import net from 'node:net';
import { startSmtpMailbox } from '@/scripts/smtp-mailbox';

/** Talks SMTP up to the middle of a message, then resets the connection, as a sender killed mid-send does. */
function resetMidMessage(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const commands = ['EHLO sender\r\n', 'MAIL FROM:<shop@example.com>\r\n', 'RCPT TO:<customer@example.com>\r\n', 'DATA\r\n'];
    socket.on('data', () => {
      const next = commands.shift();
      if (next) return void socket.write(next);
      socket.write('Subject: Your order\r\n\r\nHalf a message');
      setTimeout(() => {
        socket.resetAndDestroy();
        resolve();
      }, 50);
    });
    socket.on('error', reject);
  });
}

describe('the local SMTP mailbox (e2e server, cluster test)', () => {
  it('outlives a sender that resets its connection mid-message, and receives the next message whole', async () => {
    const received: string[] = [];
    const mailbox = await startSmtpMailbox((message) => received.push(message.toString('utf8')));
    try {
      // Without a listener for the server's 'error' event, the first reset ended the process.
      for (let i = 0; i < 3; i++) await resetMidMessage(mailbox.port);
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mailbox.port, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: 'shop@example.com', to: 'customer@example.com', subject: 'Your order', text: 'Whole' });
      transport.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Subject: Your order/);
    } finally {
      await mailbox.close();
    }
  });
});
