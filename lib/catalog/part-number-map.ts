import 'server-only';
import type { Types } from 'mongoose';
import { readByIds } from '@/lib/platform/by-id';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { flatString } from '@/lib/platform/flat-strings';
import { Part } from '@/models';

/**
 * The shop's part numbers (normalised) to their parts' ids, read once through a cursor when an import starts a phase;
 * its batches then read the parts they name by `_id`, since FerretDB v1 scans the whole collection for any other
 * filter (a scan per batch of a 200,000-part catalog). Each part is one string, its id's 24 hex digits then its
 * BrandAAIAID, flat (lib/platform/flat-strings.ts): about 100 bytes a part, where an ObjectId and an object took some 250.
 */
const ID_LENGTH = 24;
const entryOf = (id: Types.ObjectId | string, brandAAIAID?: string | null) => flatString(`${String(id)}${brandAAIAID ?? ''}`);

export class PartNumberMap {
  private ids = new Map<string, string>();

  static async read(): Promise<PartNumberMap> {
    const map = new PartNumberMap();
    await map.refresh();
    return map;
  }

  /** Reads the numbers again (a number taken by a part this map did not know of). */
  async refresh(): Promise<void> {
    await connectDb();
    const ids = new Map<string, string>();
    const cursor = Part.find({}, { partNumberKey: 1, brandAAIAID: 1 })
      .maxTimeMS(STARTUP_READ_MS)
      .lean<Array<{ _id: Types.ObjectId; partNumberKey?: string; brandAAIAID?: string | null }>>();
    for await (const part of cursor.cursor({ batchSize: 1000 }))
      if (part.partNumberKey) ids.set(part.partNumberKey, entryOf(part._id, part.brandAAIAID));
    this.ids = ids;
  }

  /** A part this import added. */
  remember(key: string, id: Types.ObjectId, brandAAIAID?: string | null): void {
    this.ids.set(key, entryOf(id, brandAAIAID));
  }

  /** The part with this number and BrandAAIAID when the map was read (ACES names a part by both, and reads no part). */
  find(key: string, brandAAIAID: string | undefined): string | undefined {
    const found = this.ids.get(key);
    return found && found.slice(ID_LENGTH) === (brandAAIAID ?? '') ? found.slice(0, ID_LENGTH) : undefined;
  }

  /** The parts with these numbers now, by number: read by id, and left out if the part has since lost the number. */
  async partsWith<T extends { _id: Types.ObjectId; partNumberKey?: string | null }>(
    keys: Iterable<string>,
    projection: Record<string, 1>,
  ): Promise<Map<string, T>> {
    const wanted = new Set(keys);
    const ids = [...wanted].flatMap((key) => (this.ids.has(key) ? [this.ids.get(key)!.slice(0, ID_LENGTH)] : []));
    await connectDb();
    const parts = await readByIds<T>(Part, ids, { ...projection, partNumberKey: 1 });
    return new Map(
      parts.flatMap((part) => (part.partNumberKey && wanted.has(part.partNumberKey) ? [[part.partNumberKey, part] as const] : [])),
    );
  }
}
