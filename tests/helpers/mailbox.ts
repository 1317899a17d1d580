import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads the .eml messages of a directory (the mail fallback's folder, or the e2e SMTP mailbox). */
export type MailMessage = { file: string; to: string; subject: string; body: string };

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** One message's recipient, subject and decoded text. */
export function parseMail(raw: string, file = ''): MailMessage {
  const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
  return { file, to: header('To'), subject: header('Subject'), body: decodeQuotedPrintable(raw) };
}

export function readMailbox(dir: string): MailMessage[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => parseMail(readFileSync(path.join(dir, file), 'utf8'), file));
}

/** The newest message to `to` whose subject matches, or undefined. */
export function latestMailTo(dir: string, to: string, subject?: RegExp): MailMessage | undefined {
  return readMailbox(dir)
    .filter((message) => message.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(message.subject)))
    .pop();
}

/** The first link in a message whose path contains `fragment`. */
export function linkIn(message: MailMessage, fragment: string): string {
  const link = message.body.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no ${fragment} link in "${message.subject}"`);
  return link.replace(/&amp;/g, '&');
}
