import type { Readable } from 'node:stream';
import { ImportFileError } from './errors';

/** What a reader takes: a file stream, an upload's body, or any async source of text or bytes. */
export type ReaderInput = Readable | AsyncIterable<string | Uint8Array>;

/** Bytes held back to find the XML declaration's encoding; a declaration is far shorter. */
const SNIFF_BYTES = 1024;
const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** UTF-8 unless a byte-order mark or (for XML) the declaration names another encoding, e.g. ISO-8859-1. */
function decoderFor(head: Uint8Array, xml: boolean): TextDecoder {
  let label = 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) label = 'utf-16le';
  else if (head[0] === 0xfe && head[1] === 0xff) label = 'utf-16be';
  else if (xml) label = DECLARED_ENCODING.exec(Buffer.from(head).toString('latin1'))?.[1] ?? label;
  try {
    return new TextDecoder(label);
  } catch {
    throw new ImportFileError(1, `the file's encoding "${label}" is not one we can read (save it as UTF-8)`);
  }
}

/** Turns a file's bytes into text as they arrive: a character split between two chunks stays whole, a UTF BOM goes. */
export class TextDecodingStream {
  private decoder: TextDecoder | null = null;
  private held: Uint8Array = new Uint8Array(0);

  constructor(private readonly xml = false) {}

  push(chunk: string | Uint8Array): string {
    if (typeof chunk === 'string') return chunk;
    if (this.decoder) return this.decoder.decode(chunk, { stream: true });
    const held = new Uint8Array(this.held.length + chunk.length);
    held.set(this.held);
    held.set(chunk, this.held.length);
    this.held = held;
    // A byte-order mark takes two bytes; an XML declaration ends at its first '>'.
    const known = this.xml ? held.length >= SNIFF_BYTES || held.includes(0x3e) : held.length >= 2;
    return known ? this.release() : '';
  }

  end(): string {
    const held = this.decoder ? '' : this.release();
    return held + this.decoder!.decode();
  }

  private release(): string {
    this.decoder = decoderFor(this.held, this.xml);
    const text = this.decoder.decode(this.held, { stream: true });
    this.held = new Uint8Array(0);
    return text;
  }
}

/** The input as text, chunk by chunk, each chunk read only when the reader asks for more. */
export async function* textChunks(input: ReaderInput, { xml = false } = {}): AsyncGenerator<string> {
  const decoding = new TextDecodingStream(xml);
  for await (const chunk of input as AsyncIterable<unknown>) {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) throw new TypeError('A reader takes text or bytes');
    const text = decoding.push(chunk);
    if (text) yield text;
  }
  const rest = decoding.end();
  if (rest) yield rest;
}
