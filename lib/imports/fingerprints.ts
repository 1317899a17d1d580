import { createHash } from 'node:crypto';

export type Seen = { line: number; tag: number };

/**
 * Strings seen in a file, each kept as a 63-bit fingerprint with the line it was first seen on and a small tag,
 * in typed arrays (about 13 bytes a slot): a 2,000,000-App file's keys fit in tens of MB, where a Set of strings
 * would hold every key.
 */
export class FingerprintTable {
  private high: Uint32Array;
  private low: Uint32Array;
  private lines: Uint32Array;
  private tags: Uint8Array;
  private size = 0;

  constructor(private capacity = 1 << 12) {
    this.high = new Uint32Array(capacity);
    this.low = new Uint32Array(capacity);
    this.lines = new Uint32Array(capacity);
    this.tags = new Uint8Array(capacity);
  }

  /** The first sighting of `text`, if any; otherwise notes this one and answers undefined. */
  seenOrAdd(text: string, line: number, tag = 0): Seen | undefined {
    const digest = createHash('md5').update(text).digest();
    // The low word's last bit set marks a used slot.
    const high = digest.readUInt32LE(0);
    const low = (digest.readUInt32LE(4) | 1) >>> 0;
    const slot = this.slotOf(high, low);
    if (this.low[slot]) return { line: this.lines[slot]!, tag: this.tags[slot]! };
    this.put(slot, high, low, line, tag);
    if (++this.size * 4 > this.capacity * 3) this.grow();
    return undefined;
  }

  private slotOf(high: number, low: number): number {
    const mask = this.capacity - 1;
    let slot = high & mask;
    while (this.low[slot] && (this.low[slot] !== low || this.high[slot] !== high)) slot = (slot + 1) & mask;
    return slot;
  }

  private put(slot: number, high: number, low: number, line: number, tag: number): void {
    this.high[slot] = high;
    this.low[slot] = low;
    this.lines[slot] = line;
    this.tags[slot] = tag;
  }

  private grow(): void {
    const { high, low, lines, tags } = this;
    this.capacity *= 2;
    this.high = new Uint32Array(this.capacity);
    this.low = new Uint32Array(this.capacity);
    this.lines = new Uint32Array(this.capacity);
    this.tags = new Uint8Array(this.capacity);
    for (let at = 0; at < low.length; at++) {
      if (low[at]) this.put(this.slotOf(high[at]!, low[at]!), high[at]!, low[at]!, lines[at]!, tags[at]!);
    }
  }
}
