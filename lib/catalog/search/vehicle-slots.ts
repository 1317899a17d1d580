/** Which slots of the index have a fitment row for each `make|model` key (lower case), and which have no rows at all (key '').
 * Pure. A key's slots are a sorted Int32Array (about 5 bytes a slot with its spare room, against some 23 in a Set<number>:
 * 2,000,000 imported rows took 45 MB of heap as Sets); the slots without rows are one byte each. */

type Slot = number;
type List = { slots: Int32Array; length: number };

/** The candidates of one vehicle: membership in constant time, iteration in slot order. */
export type SlotFilter = { readonly size: number; has(slot: Slot): boolean; [Symbol.iterator](): Iterator<Slot> };

const NO_KEY = '';
const MIN_ROOM = 4;

/** Where a slot is in a sorted list, or where it would go (as -(position + 1)). */
function find(list: List, slot: Slot): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = list.slots[middle]!;
    if (value === slot) return middle;
    if (value < slot) low = middle + 1;
    else high = middle - 1;
  }
  return -(low + 1);
}

export class VehicleSlots {
  private readonly lists = new Map<string, List>();
  private bare: Uint8Array = new Uint8Array(1024);
  private bareCount = 0;

  clear(): void {
    this.lists.clear();
    this.bare = new Uint8Array(1024);
    this.bareCount = 0;
  }

  add(key: string, slot: Slot): void {
    if (key === NO_KEY) {
      if (slot >= this.bare.length) this.bare = grown(this.bare, slot + 1);
      if (!this.bare[slot]) this.bareCount++;
      this.bare[slot] = 1;
      return;
    }
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = { slots: new Int32Array(MIN_ROOM), length: 0 }));
    const at = find(list, slot);
    if (at >= 0) return;
    const position = -at - 1;
    if (list.length === list.slots.length) {
      const room = new Int32Array(Math.max(MIN_ROOM, Math.ceil(list.length * 1.5)));
      room.set(list.slots);
      list.slots = room;
    }
    list.slots.copyWithin(position + 1, position, list.length);
    list.slots[position] = slot;
    list.length++;
  }

  delete(key: string, slot: Slot): void {
    if (key === NO_KEY) {
      if (this.bare[slot]) this.bareCount--;
      // Past the end this writes nothing, as there is nothing to clear.
      this.bare[slot] = 0;
      return;
    }
    const list = this.lists.get(key);
    if (!list) return;
    const at = find(list, slot);
    if (at < 0) return;
    list.slots.copyWithin(at, at + 1, list.length);
    list.length--;
    if (!list.length) this.lists.delete(key);
    else if (list.length * 4 < list.slots.length && list.slots.length > MIN_ROOM)
      list.slots = list.slots.slice(0, Math.max(MIN_ROOM, Math.ceil(list.length * 1.5)));
  }

  /** The slots a key's list has room for (its memory: about 1.5 times its slots while it grows, at most 4 times after it shrank). */
  roomOf(key: string): number {
    return this.lists.get(key)?.slots.length ?? 0;
  }

  /** A key's slots in slot order (a view: read it before the next change). */
  slotsOf(key: string): Int32Array {
    const list = this.lists.get(key);
    return list ? list.slots.subarray(0, list.length) : new Int32Array(0);
  }

  /** Every key with slots, but '' (the slots without rows). */
  keys(): IterableIterator<string> {
    return this.lists.keys();
  }

  /** The slots with a row for this key or with no rows at all, as a filter built for one query. */
  candidates(key: string): SlotFilter {
    const slots = this.slotsOf(key);
    const bare = this.bare;
    const size = slots.length + this.bareCount;
    if (!this.bareCount) {
      const marked = mark(slots);
      return { size, has: (slot) => marked[slot] === 1, [Symbol.iterator]: () => slots[Symbol.iterator]() };
    }
    const marked = mark(slots, bare.length);
    for (let slot = 0; slot < bare.length; slot++) marked[slot]! |= bare[slot]!;
    return {
      size,
      has: (slot) => marked[slot] === 1,
      *[Symbol.iterator]() {
        for (let slot = 0; slot < marked.length; slot++) if (marked[slot]) yield slot;
      },
    };
  }
}

/** One byte per slot up to the highest listed, 1 where listed. */
function mark(slots: Int32Array, atLeast = 0): Uint8Array {
  const marked = new Uint8Array(Math.max(atLeast, slots.length ? slots[slots.length - 1]! + 1 : 0));
  for (const slot of slots) marked[slot] = 1;
  return marked;
}

function grown(bytes: Uint8Array, needed: number): Uint8Array {
  const room = new Uint8Array(Math.max(needed, bytes.length * 2));
  room.set(bytes);
  return room;
}
