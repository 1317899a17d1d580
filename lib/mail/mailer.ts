import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { dataDir, env } from '@/lib/platform/env';
import { SITE_NAME } from '@/lib/core/site';

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };

/** Sends an email over SMTP, or without EMAIL_SERVER writes it to <data>/mail/*.eml so development and tests need no mail server. */
export async function sendMail(mail: Mail): Promise<void> {
  const { EMAIL_SERVER, EMAIL_FROM, SUPPORT_EMAIL } = env();
  const message = {
    from: EMAIL_FROM ?? `${SITE_NAME} <no-reply@partsmart.example>`,
    // Without it a customer's reply goes to the sender, which may be an address nobody reads.
    ...(SUPPORT_EMAIL ? { replyTo: SUPPORT_EMAIL } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  if (EMAIL_SERVER) {
    await smtpTransport(EMAIL_SERVER).sendMail(message);
    return;
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message);
  const dir = path.join(dataDir(), 'mail');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
  writeFileSync(file, info.message as Buffer);
  console.log(`[mail] "${mail.subject}" to ${mail.to} saved in ${file}${mail.link ? `\n[mail] link: ${mail.link}` : ''}`);
}

/** How long a pooled SMTP connection may sit idle, or a send wait on a silent server. */
const IDLE_SMTP_MS = 30_000;

type Pooled = { url: string; transport: nodemailer.Transporter };
const globalForMail = globalThis as typeof globalThis & { __partsSmtp?: Pooled };

/** A pooled SMTP transport, as SMTP services ask of bulk senders; on globalThis because Next.js may load this module once per bundle. */
function smtpTransport(url: string) {
  const current = globalForMail.__partsSmtp;
  if (current?.url === url) return current.transport;
  current?.transport.close();
  // Nodemailer reads a connection URL's settings from its query. A pooled connection idle for the socket
  // timeout is closed: 30 s (unless the URL says otherwise) rather than 10 minutes, so that a connection a
  // network dropped silently cannot hold a send (and the outbox run behind it) for that long.
  const pooled = new URL(url);
  pooled.searchParams.set('pool', 'true');
  if (!pooled.searchParams.has('socketTimeout')) pooled.searchParams.set('socketTimeout', String(IDLE_SMTP_MS));
  const transport = nodemailer.createTransport(pooled.toString());
  globalForMail.__partsSmtp = { url, transport };
  return transport;
}

/** Closes the pooled SMTP connections (a test's SMTP server waits for them before it stops). */
export function closeMailTransport(): void {
  globalForMail.__partsSmtp?.transport.close();
  globalForMail.__partsSmtp = undefined;
}

/** Flattens control characters and line breaks so customer text cannot add a line (such as a fake pay link) to a shop email. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');

/** Text made safe inside HTML (every email's user-typed text). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short message with one button; the link is also in the plain-text part. */
export function linkMail(input: {
  to: string;
  subject: string;
  greeting: string;
  body: string;
  action: string;
  link: string;
  footer: string;
}): Mail {
  const greeting = oneLine(input.greeting);
  const text = `${greeting}\n\n${input.body}\n\n${input.action}: ${input.link}\n\n${input.footer}\n\n${SITE_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(input.body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(input.action)}</a></p>
<p style="color:#64748b;font-size:13px">${escapeHtml(input.footer)}</p><p>${SITE_NAME}</p></body></html>`;
  return { to: input.to, subject: input.subject, text, html, link: input.link };
}
