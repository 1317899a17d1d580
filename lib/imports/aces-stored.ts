import 'server-only';
import type { Types } from 'mongoose';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { flatId } from '@/lib/platform/flat-strings';
import { PartFitment } from '@/models';
import { FingerprintTable } from './fingerprints';
import { rowFingerprint, rowKey, type FitmentRowDoc } from './aces-rows';

/** A stored row of the FULL file's brand (its rows the file does not send go). */
const OF_FULL_BRAND = 1;
/** A stored row the file sends again (kept, changed, moved or deleted). */
const SENT = 2;

/** Where a stored App's row is, and whether a new row is the same. */
export type StoredApp = { slot: number; partId: string; same(row: FitmentRowDoc): boolean };

/**
 * The imported rows the shop holds for a file's brands, read through one cursor when a phase starts and kept as
 * fingerprints (about 21 bytes a row): each App is then planned without reading its part, and only the parts whose
 * rows change are read again when written.
 */
export class StoredAppRows {
  // Per row: the part's number in `partIds`, then the row's fingerprint (two words).
  private readonly table = new FingerprintTable(1 << 12, 3);
  private readonly partIds: string[] = [];
  private readonly partSlots = new Map<string, number>();

  /** The rows of parts with rows of these brands (all parts' when some Apps name no brand). */
  static async read(brands: ReadonlySet<string | undefined>, fullBrand: string | undefined): Promise<StoredAppRows> {
    await connectDb();
    const stored = new StoredAppRows();
    const named = [...brands].filter((brand): brand is string => Boolean(brand));
    const filter = named.length === brands.size ? { brands: { $in: named } } : {};
    const cursor = PartFitment.find(filter, { rows: 1 })
      .maxTimeMS(STARTUP_READ_MS)
      .lean<Array<{ _id: Types.ObjectId; rows?: FitmentRowDoc[] }>>()
      .cursor({ batchSize: 200 });
    for await (const doc of cursor) stored.note(flatId(doc._id), doc.rows ?? [], fullBrand);
    return stored;
  }

  private note(partId: string, rows: readonly FitmentRowDoc[], fullBrand: string | undefined): void {
    const part = this.partIds.push(partId) - 1;
    this.partSlots.set(partId, part);
    for (const row of rows) {
      const key = rowKey(row);
      if (!key) continue;
      const tag = fullBrand !== undefined && row.source?.brandAAIAID === fullBrand ? OF_FULL_BRAND : 0;
      this.table.add(key, [part, ...rowFingerprint(row)], tag);
    }
  }

  /** Whether the part had rows stored when the phase started (written then by read and rewrite, else inserted). */
  holds(partId: string): boolean {
    return this.partSlots.has(partId);
  }

  /** The stored row with this brand + App id, noted as sent by the file. */
  sent(key: string): StoredApp | undefined {
    const slot = this.table.find(key);
    if (slot < 0) return undefined;
    this.table.setTag(slot, this.table.tag(slot) | SENT);
    const [high, low] = [this.table.value(slot, 1), this.table.value(slot, 2)];
    const same = (row: FitmentRowDoc) => {
      const [rowHigh, rowLow] = rowFingerprint(row);
      return rowHigh === high && rowLow === low;
    };
    return { slot, partId: this.partIds[this.table.value(slot)]!, same };
  }

  /** Whether a stored row (by key) is of the FULL file's brand and was not sent: what the FULL file removes. */
  unsent(key: string): boolean {
    const slot = this.table.find(key);
    return slot >= 0 && this.table.tag(slot) === OF_FULL_BRAND;
  }

  /** The FULL file's brand rows it did not send: how many, and on which parts. */
  unsentRows(): { count: number; partIds: Set<string> } {
    let count = 0;
    const partIds = new Set<string>();
    for (const slot of this.table.slots()) {
      if (this.table.tag(slot) !== OF_FULL_BRAND) continue;
      count++;
      partIds.add(this.partIds[this.table.value(slot)]!);
    }
    return { count, partIds };
  }
}
