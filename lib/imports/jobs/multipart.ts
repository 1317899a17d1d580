import 'server-only';
import { ValidationError } from '@/lib/core/errors';

/** A streaming reader of multipart/form-data (RFC 7578): small fields are kept, the one file part is passed on as it arrives. */

/** A form field other than the file: a few bytes (the format, a price type). */
const FIELD_LIMIT = 1024;
/** More parts than a form of a few fields ever sends is not a form of ours. */
const PARTS_LIMIT = 20;
const HEADER_LIMIT = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

export const NOT_MULTIPART = 'Send the file as multipart/form-data, or JSON { url, format }';
const MALFORMED = 'The form data could not be read';

/** The file part as it arrives, with the text fields sent before it. */
export type FilePart = { field: string; fileName: string; chunks: AsyncIterable<Uint8Array>; fieldsBefore: Record<string, string> };

export function multipartBoundary(contentType: string | null): string | null {
  const match = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]!) : null;
}

function partHeaders(raw: Buffer): { field: string; fileName: string | null } {
  const disposition = raw
    .toString('utf8')
    .split('\r\n')
    .find((line) => /^content-disposition:/i.test(line));
  const field = disposition && /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (field === undefined || field === null || !disposition) throw new ValidationError(MALFORMED);
  const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  return { field, fileName };
}

/** A text field's value, refused past FIELD_LIMIT bytes (a second file part is read this way too, and dropped). */
async function fieldText(field: string, content: AsyncIterable<Buffer>): Promise<string> {
  const bytes: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.length;
    if (size > FIELD_LIMIT) throw new ValidationError(`The field ${field} is too long`, { [field]: ['Too long'] });
    bytes.push(chunk);
  }
  return Buffer.concat(bytes).toString('utf8');
}

/**
 * Reads the body's parts in order: text fields into `fields`, and for the first file part calls `onFile`, which must
 * consume its chunks before the reading goes on. Only the boundary's length of bytes is held back between chunks.
 */
export async function readMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  onFile: (part: FilePart) => Promise<void>,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const source = body[Symbol.asyncIterator]();
  // The first boundary has no CRLF before it: one is put in front so every boundary looks alike.
  let buffer: Buffer = Buffer.from(CRLF);
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const next = await source.next();
    if (next.done) return !(ended = true);
    buffer = Buffer.concat([buffer, next.value]);
    return true;
  };
  // The preamble, up to the first boundary.
  while (buffer.indexOf(delimiter) < 0) {
    if (buffer.length > HEADER_LIMIT || !(await more())) throw new ValidationError(MALFORMED);
  }
  buffer = buffer.subarray(buffer.indexOf(delimiter) + delimiter.length);
  let fileSeen = false;
  for (let parts = 1; ; parts++) {
    while (buffer.length < 2) if (!(await more())) throw new ValidationError(MALFORMED);
    if (buffer[0] === 0x2d && buffer[1] === 0x2d) return fields; // "--": the closing boundary
    if (parts > PARTS_LIMIT) throw new ValidationError(MALFORMED);
    let end: number;
    while ((end = buffer.indexOf(HEADERS_END)) < 0) {
      if (buffer.length > HEADER_LIMIT || !(await more())) throw new ValidationError(MALFORMED);
    }
    const { field, fileName } = partHeaders(buffer.subarray(2, end));
    buffer = buffer.subarray(end + HEADERS_END.length);
    const content = partContent();
    if (fileName !== null && !fileSeen) {
      fileSeen = true;
      await onFile({ field, fileName, chunks: content, fieldsBefore: { ...fields } });
    } else {
      const text = await fieldText(field, content);
      if (fileName === null) fields[field] = text;
    }
  }

  /** The current part's bytes up to the next boundary, which it consumes. */
  async function* partContent(): AsyncGenerator<Buffer> {
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield buffer.subarray(0, at);
        buffer = buffer.subarray(at + delimiter.length);
        return;
      }
      const keep = delimiter.length - 1;
      if (buffer.length > keep) {
        const out = buffer.subarray(0, buffer.length - keep);
        buffer = buffer.subarray(buffer.length - keep);
        yield out;
      }
      if (!(await more())) throw new ValidationError(MALFORMED);
    }
  }
}
