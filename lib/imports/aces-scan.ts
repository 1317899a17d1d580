import 'server-only';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { normalizePartNumber } from '@/lib/catalog';
import { FingerprintTable, roomFor } from './fingerprints';
import { readAces, type AcesApp, type AcesHeader } from './formats/aces';
import { appKey } from './aces-rows';
import { keptScanOf, writeWhole } from './jobs/files';

/** More of a part per vehicle than any real application takes: a typing slip in the file. */
export const MAX_APP_QTY = 50;

// The units a Qual's param may give (ACES's uom: lengths, masses, volumes, pressures, electrical, torque, power).
const KNOWN_UNITS = new Set(
  'mm cm m in ft km mi lb lbs kg g oz l ml qt pt gal cc ci psi kpa bar v a w kw ah cca nm ft-lb in-lb hp rpm deg °'.split(' '),
);

/** What reading the whole file first finds: the header, the number of records, and the Apps refused by rules over the whole file, by line. */
export type AcesScan = { header: AcesHeader; records: number; rejected: Map<number, string>; brands: Set<string | undefined> };

/** The rules one App decides alone: a quantity outlier, an unknown unit. */
function appProblem(app: AcesApp): string | undefined {
  if (app.qty > MAX_APP_QTY) return `Qty ${app.qty} is an outlier: more than ${MAX_APP_QTY} per vehicle`;
  for (const qual of app.quals) {
    const unknown = qual.units.find((unit) => !KNOWN_UNITS.has(unit.toLowerCase()));
    if (unknown) return `unknown unit "${unknown}" in Qual ${qual.id}`;
  }
  return undefined;
}

/** The part, vehicle (with submodel, engine and the other VCdb attributes), part type, position and qualifiers of an App. */
function fitKey(app: AcesApp): string {
  const vehicle = 'baseVehicleId' in app.vehicle ? `bv${app.vehicle.baseVehicleId}` : Object.values(app.vehicle).join('-');
  const attributes = Object.entries(app.attributes).sort(([a], [b]) => a.localeCompare(b));
  const quals = app.quals.map((qual) => [qual.id, ...qual.params]).sort((a, b) => String(a).localeCompare(String(b)));
  const brand = app.brandAAIAID ?? '';
  return JSON.stringify([
    brand,
    normalizePartNumber(app.part),
    vehicle,
    app.subModelId,
    app.engineBaseId,
    attributes,
    app.partTypeId,
    app.positionId,
    quals,
  ]);
}

class WholeFileRules {
  readonly rejected = new Map<number, string>();
  private readonly ids: FingerprintTable;
  private readonly fits: FingerprintTable;

  /** Sized for the file's Apps: a table that doubles holds its old arrays and the new ones at once (at 2,000,000 Apps,
   * 163 MB at the last doubling against 69 MB sized at once). */
  constructor(apps: number) {
    this.ids = new FingerprintTable(roomFor(apps));
    this.fits = new FingerprintTable(roomFor(apps));
  }

  check(app: AcesApp): void {
    const reject = (line: number, reason: string) => this.rejected.has(line) || this.rejected.set(line, reason);
    const sameId = this.ids.seenOrAdd(appKey(app.brandAAIAID, app.id), app.line);
    if (sameId) return void reject(app.line, `a duplicate App: App ${app.id} is sent twice (first on line ${sameId.line})`);
    if (app.action === 'D') return;
    const problem = appProblem(app);
    if (problem) return void reject(app.line, problem);
    const first = this.fits.seenOrAdd(fitKey(app), app.line, app.qty);
    if (!first) return;
    if (first.tag === app.qty)
      return void reject(app.line, `a duplicate App: the same part, vehicle, position and qualifiers as the App on line ${first.line}`);
    const disagree = 'Apps for the same vehicle, part type and position disagree';
    reject(app.line, `${disagree}: Qty ${app.qty} here, Qty ${first.tag} in the App on line ${first.line}`);
    reject(first.line, `${disagree}: Qty ${first.tag} here, Qty ${app.qty} in App ${app.id} (line ${app.line})`);
  }
}

/** Reads the file once, holding fingerprints rather than Apps, to find what no single App shows: duplicates and disagreements. */
export async function scanAces(file: string, signal: AbortSignal): Promise<AcesScan> {
  const rules = new WholeFileRules(await countApps(file));
  let header: AcesHeader | undefined;
  let records = 0;
  const brands = new Set<string | undefined>();
  for await (const event of readAces(createReadStream(file))) {
    if (event.kind === 'header') header = event;
    if (event.kind !== 'app' && event.kind !== 'rejected') continue;
    if (++records % 1000 === 0) signal.throwIfAborted();
    if (event.kind !== 'app') continue;
    rules.check(event);
    brands.add(event.brandAAIAID);
  }
  // readAces throws on a file without a Header.
  return { header: header!, records, rejected: rules.rejected, brands };
}

/** A file that is mostly errors has its rejections found again by Apply rather than kept (some 60 bytes each). */
export const MAX_KEPT_REJECTIONS = 100_000;

type KeptScan = {
  size: number;
  modified: number;
  header: AcesHeader;
  records: number;
  brands: Array<string | null>;
  rejected: Array<[number, string]>;
};

/**
 * Keeps a validation's scan next to its upload for Apply, which then reads the file once rather than twice: the upload
 * does not change after it is stored, so neither does what the scan finds (a minute and its fingerprint tables, 70 MB
 * for 2,000,000 Apps, saved at Apply).
 */
export async function keepScan(file: string, scan: AcesScan): Promise<void> {
  const kept = keptScanOf(file);
  if (!kept || scan.rejected.size > MAX_KEPT_REJECTIONS) return;
  const { size, mtimeMs } = await stat(file);
  const brands = [...scan.brands].map((brand) => brand ?? null);
  const body: KeptScan = { size, modified: mtimeMs, header: scan.header, records: scan.records, brands, rejected: [...scan.rejected] };
  await writeWhole(kept, JSON.stringify(body));
}

/** The scan the validation kept for this upload, while the upload is the file it read (same size and time); else null. */
export async function keptScan(file: string): Promise<AcesScan | null> {
  const kept = keptScanOf(file);
  const text = kept && (await readFile(kept, 'utf8').catch(() => null));
  if (!text) return null;
  let body: KeptScan;
  try {
    body = JSON.parse(text) as KeptScan;
  } catch {
    return null;
  }
  const { size, mtimeMs } = await stat(file);
  if (body.size !== size || body.modified !== mtimeMs) return null;
  const brands = new Set(body.brands.map((brand) => brand ?? undefined));
  return { header: body.header, records: body.records, brands, rejected: new Map(body.rejected) };
}

const APP_TAG = Buffer.from('<App');

/** How many App elements the file holds, counted in its bytes (a second or two for 700 MB, against half a minute of
 * parsing): `<App` followed by a space, `>` or `/`. Read into one buffer, so the count leaves nothing for the collector.
 * A count that is off only makes the tables grow or keep spare room. */
export async function countApps(file: string, chunkBytes = 1 << 20): Promise<number> {
  const tail = APP_TAG.length;
  // The last bytes of a read come first in the next, so that a tag cut by the end is seen whole.
  const buffer = Buffer.alloc(chunkBytes + tail);
  const handle = await open(file, 'r');
  try {
    let count = 0;
    let kept = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, kept, chunkBytes);
      if (!bytesRead) return count;
      const end = kept + bytesRead;
      const read = buffer.subarray(0, end);
      let at = read.indexOf(APP_TAG);
      while (at >= 0 && at + tail < end) {
        if (TAG_ENDS.has(read[at + tail]!)) count++;
        at = read.indexOf(APP_TAG, at + 1);
      }
      // Carried over: a tag whose next byte is not read yet, else the last bytes that may begin one.
      kept = at >= 0 ? end - at : Math.min(tail, end);
      buffer.copy(buffer, 0, end - kept, end);
    }
  } finally {
    await handle.close();
  }
}

/** A space, tab, line end, `>` or `/`: what may follow an element's name. */
const TAG_ENDS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);
