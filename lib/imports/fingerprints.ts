import { createHash } from 'node:crypto';

export type Seen = { line: number; tag: number };

/** A string's 64-bit MD5 prefix as two words: what a FingerprintTable keeps of a key, and a row's fingerprint. */
export function fingerprintOf(text: string): [number, number] {
  const digest = createHash('md5').update(text).digest();
  return [digest.readUInt32LE(0), digest.readUInt32LE(4)];
}

/** A table grows once more than this share of its slots is used (exact in binary, so no rounding). */
const MAX_LOAD = 0.75;

/** Slots for `count` strings with room to spare (a quarter), so that they go in without the table growing. */
export const roomFor = (count: number): number => Math.max(16, Math.ceil(count / MAX_LOAD) + 1);

/**
 * Strings seen in a file, each kept as a 63-bit fingerprint with `width` numbers (32-bit) and a small tag, in typed
 * arrays (8 + 4 × width + 1 bytes a slot): a 2,000,000-App file's keys fit in tens of MB, where a Map of strings
 * would hold every key.
 */
export class FingerprintTable {
  private high: Uint32Array;
  private low: Uint32Array;
  private values: Uint32Array;
  private tags: Uint8Array;
  private size = 0;

  constructor(
    private capacity = 1 << 12,
    private readonly width = 1,
  ) {
    this.high = new Uint32Array(capacity);
    this.low = new Uint32Array(capacity);
    this.values = new Uint32Array(capacity * width);
    this.tags = new Uint8Array(capacity);
  }

  get count(): number {
    return this.size;
  }

  /** Slots it holds (it grows past three quarters full). */
  get room(): number {
    return this.capacity;
  }

  /** The first sighting of `text` (its first number and tag), if any; otherwise notes this one and answers undefined. */
  seenOrAdd(text: string, line: number, tag = 0): Seen | undefined {
    const before = this.count;
    const slot = this.add(text, [line], tag);
    return this.count === before ? { line: this.value(slot), tag: this.tags[slot]! } : undefined;
  }

  /** The slot holding `text`, or -1. */
  find(text: string): number {
    const [high, low] = this.keyOf(text);
    const slot = this.slotOf(high, low);
    return this.low[slot] ? slot : -1;
  }

  /** Notes `text` with its numbers and tag (a string noted before keeps its first ones); answers its slot. */
  add(text: string, values: readonly number[], tag = 0): number {
    const [high, low] = this.keyOf(text);
    let slot = this.slotOf(high, low);
    if (this.low[slot]) return slot;
    this.put(slot, high, low, values, tag);
    if (++this.size > this.capacity * MAX_LOAD) {
      this.grow();
      slot = this.slotOf(high, low);
    }
    return slot;
  }

  value(slot: number, column = 0): number {
    return this.values[slot * this.width + column]!;
  }

  tag(slot: number): number {
    return this.tags[slot]!;
  }

  setTag(slot: number, tag: number): void {
    this.tags[slot] = tag;
  }

  /** Every used slot. */
  *slots(): Generator<number> {
    for (let slot = 0; slot < this.capacity; slot++) if (this.low[slot]) yield slot;
  }

  // The low word's last bit set marks a used slot.
  private keyOf(text: string): [number, number] {
    const [high, low] = fingerprintOf(text);
    return [high, (low | 1) >>> 0];
  }

  // Any capacity, not only a power of two: a table sized for a file's count is not rounded up to twice it.
  private slotOf(high: number, low: number): number {
    let slot = high % this.capacity;
    while (this.low[slot] && (this.low[slot] !== low || this.high[slot] !== high)) slot = slot + 1 === this.capacity ? 0 : slot + 1;
    return slot;
  }

  private put(slot: number, high: number, low: number, values: ArrayLike<number>, tag: number): void {
    this.high[slot] = high;
    this.low[slot] = low;
    for (let column = 0; column < this.width; column++) this.values[slot * this.width + column] = values[column] ?? 0;
    this.tags[slot] = tag;
  }

  private grow(): void {
    const { high, low, values, tags, width } = this;
    this.capacity *= 2;
    this.high = new Uint32Array(this.capacity);
    this.low = new Uint32Array(this.capacity);
    this.values = new Uint32Array(this.capacity * width);
    this.tags = new Uint8Array(this.capacity);
    for (let at = 0; at < low.length; at++) {
      if (!low[at]) continue;
      const slot = this.slotOf(high[at]!, low[at]!);
      this.put(slot, high[at]!, low[at]!, values.subarray(at * width, (at + 1) * width), tags[at]!);
    }
  }
}
