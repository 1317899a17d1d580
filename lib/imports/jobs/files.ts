import 'server-only';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PayloadTooLargeError, ValidationError } from '@/lib/core/errors';
import { dataDir, importLimits } from '@/lib/platform/env';

/** Where uploads wait for their import: one file per job under the data directory. */
export const importsDir = () => path.join(dataDir(), 'imports');
export const importFilePath = (jobId: string) => path.join(importsDir(), `${jobId}.upload`);

export const tooLargeMessage = () => `The file is larger than ${importLimits().maxBytes / (1024 * 1024)} MB`;
export const URL_HOST_REFUSED = 'Imports are fetched over https only from the hosts named in IMPORT_URL_HOSTS';

const PARTIAL = '.part';
/** A writer's own temporary name for `file`, which the clean-up of stale partials knows. */
const partialOf = (file: string) => `${file}.${randomBytes(6).toString('hex')}${PARTIAL}`;
/** A half-written upload untouched this long was left by a process that stopped: one being written changes far more often. */
export const STALE_PARTIAL_MS = 60 * 60_000;

/**
 * Writes a stream to `file`, counting bytes: past `maxBytes` it stops, removes what it wrote and throws 413.
 * Written under a temporary name first, so a half-written file is never taken for an upload.
 */
export async function writeLimited(chunks: AsyncIterable<Uint8Array>, file: string, maxBytes: number): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  // A name of this writer's own: a worker fetching again never reopens a file that the clean-up may be removing.
  const partial = partialOf(file);
  const out = createWriteStream(partial);
  let total = 0;
  try {
    for await (const chunk of chunks) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new PayloadTooLargeError(tooLargeMessage());
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await rename(partial, file);
    return total;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** The URL an import may be fetched from: https, on a listed host; else a 400 naming the field. */
export function allowedImportUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('Enter the file’s https address', { url: ['Enter the file’s https address'] });
  }
  const hosts = importLimits().urlHosts;
  if (url.protocol !== 'https:' || url.username || url.password || !hosts.includes(url.hostname.toLowerCase()))
    throw new ValidationError(URL_HOST_REFUSED, { url: [URL_HOST_REFUSED] });
  return url;
}

/** Fetches a URL import to its file (again on a worker whose disk does not have it, as on Vercel). */
export async function ensureLocalFile(job: { file: string; url?: string | null }): Promise<void> {
  if (!job.url) return;
  if (
    await stat(job.file).then(
      () => true,
      () => false,
    )
  )
    return;
  const url = allowedImportUrl(job.url);
  // No redirects: each hop would have to pass the host rule again.
  const res = await fetch(url, { redirect: 'error' });
  if (!res.ok || !res.body) throw new ValidationError(`Fetching the file answered ${res.status}`);
  const { maxBytes } = importLimits();
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new PayloadTooLargeError(tooLargeMessage());
  await writeLimited(res.body as unknown as AsyncIterable<Uint8Array>, job.file, maxBytes);
}

const inImportsDir = (file: string) => path.dirname(path.resolve(file)) === importsDir();

/** Where a validation keeps what it read of an upload for its Apply; null for a file outside the imports folder (the
 * command's own file, whose folder is not the shop's to write in). */
export const keptScanOf = (file: string): string | null => (inImportsDir(file) ? `${file}.scan.json` : null);

/** Writes `text` to `file` whole or not at all: under a temporary name first, which the clean-up of stale partials removes
 * if the process stops before the rename. */
export async function writeWhole(file: string, text: string): Promise<void> {
  const partial = partialOf(file);
  try {
    await writeFile(partial, text);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Removes an upload and what its validation kept next to it; a file outside the imports folder (the command's own file)
 * is never touched. */
export async function removeImportFile(file: string): Promise<void> {
  if (!inImportsDir(file)) return;
  await rm(file, { force: true });
  await rm(keptScanOf(file)!, { force: true });
}

/** Removes the half-written uploads that a process stopping mid-upload left behind: those untouched for STALE_PARTIAL_MS. */
export async function removeStalePartials(now = Date.now()): Promise<number> {
  const names = await readdir(importsDir()).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith(PARTIAL))) {
    const file = path.join(importsDir(), name);
    // Gone meanwhile: another instance's clean-up, or its writer finished.
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (modified === null || now - modified < STALE_PARTIAL_MS) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
