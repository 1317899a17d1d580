import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { ImportFileError } from '@/lib/imports';

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/imports');

/** A fixture as a file stream, the way an upload stored on disk is read. */
export const fixtureStream = (name: string) => createReadStream(path.join(FIXTURES, name));
export const fixtureBytes = (name: string) => readFileSync(path.join(FIXTURES, name));

export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The bytes in pieces of `size`: lines, tags and multi-byte characters split anywhere. */
export async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

export async function* strings(...chunks: string[]): AsyncGenerator<string> {
  yield* chunks;
}

/** The ImportFileError that reading throws; fails when the reading goes through. */
export async function fileError(events: AsyncIterable<unknown>): Promise<ImportFileError> {
  try {
    await collect(events);
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('the file was read without an ImportFileError');
}
