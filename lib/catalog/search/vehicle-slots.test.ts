import { VehicleSlots } from './vehicle-slots';

const listed = (slots: VehicleSlots, key: string) => [...slots.slotsOf(key)];

describe('VehicleSlots', () => {
  it('keeps each key’s slots sorted and once, whatever the order they come in', () => {
    const slots = new VehicleSlots();
    for (const slot of [9, 3, 7, 3, 0, 12, 7, 5]) slots.add('toyota|corolla', slot);
    expect(listed(slots, 'toyota|corolla')).toEqual([0, 3, 5, 7, 9, 12]);
    expect(listed(slots, 'honda|civic')).toEqual([]);
  });

  it('takes a slot out of one key only, and forgets a key left empty', () => {
    const slots = new VehicleSlots();
    slots.add('a|b', 1);
    slots.add('a|b', 2);
    slots.add('c|d', 1);
    slots.delete('a|b', 1);
    slots.delete('a|b', 40); // not there: nothing changes
    slots.delete('x|y', 1); // no such key
    expect(listed(slots, 'a|b')).toEqual([2]);
    expect(listed(slots, 'c|d')).toEqual([1]);
    slots.delete('a|b', 2);
    expect([...slots.keys()]).toEqual(['c|d']);
  });

  it('grows and shrinks a list through thousands of changes without losing a slot', () => {
    const slots = new VehicleSlots();
    const expected = new Set<number>();
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 5000;
    for (let i = 0; i < 20000; i++) {
      const slot = next();
      if (i % 3 === 2) {
        slots.delete('k|m', slot);
        expected.delete(slot);
      } else {
        slots.add('k|m', slot);
        expected.add(slot);
      }
    }
    expect(listed(slots, 'k|m')).toEqual([...expected].sort((a, b) => a - b));
    for (const slot of expected) slots.delete('k|m', slot);
    expect(listed(slots, 'k|m')).toEqual([]);
  });

  it('answers a vehicle’s candidates: its slots and the slots without rows, counted once each', () => {
    const slots = new VehicleSlots();
    for (const slot of [4, 2000]) slots.add('ford|focus', slot);
    slots.add('', 7);
    slots.add('', 7);
    slots.add('', 1500);
    const candidates = slots.candidates('ford|focus');
    expect(candidates.size).toBe(4);
    expect([...candidates]).toEqual([4, 7, 1500, 2000]);
    expect([4, 7, 1500, 2000].every((slot) => candidates.has(slot))).toBe(true);
    expect([0, 5, 1499, 2001, 99999].some((slot) => candidates.has(slot))).toBe(false);

    slots.delete('', 7);
    slots.delete('', 7);
    const after = slots.candidates('ford|focus');
    expect(after.size).toBe(3);
    expect(after.has(7)).toBe(false);
    expect([...slots.candidates('kia|rio')]).toEqual([1500]);
  });

  it('answers only the key’s slots when every slot has rows', () => {
    const slots = new VehicleSlots();
    slots.add('ford|focus', 3);
    slots.add('ford|fiesta', 8);
    const candidates = slots.candidates('ford|focus');
    expect(candidates.size).toBe(1);
    expect([...candidates]).toEqual([3]);
    expect(candidates.has(8)).toBe(false);
    expect(slots.candidates('kia|rio').size).toBe(0);
    slots.clear();
    expect([...slots.keys()]).toEqual([]);
    expect(slots.candidates('ford|focus').size).toBe(0);
  });

  it('grows the slots without rows past their first room, at the edge and far beyond it', () => {
    const slots = new VehicleSlots();
    for (const slot of [1023, 1024, 5000, 70000]) slots.add('', slot);
    const candidates = slots.candidates('no|rows');
    expect([...candidates]).toEqual([1023, 1024, 5000, 70000]);
    expect(candidates.size).toBe(4);
    slots.delete('', 5000);
    slots.delete('', 999999);
    expect([...slots.candidates('no|rows')]).toEqual([1023, 1024, 70000]);
  });

  it('grows a list by half when full, and gives room back once under a quarter full', () => {
    const slots = new VehicleSlots();
    for (let slot = 0; slot < 4; slot++) slots.add('a|b', slot);
    expect(slots.roomOf('a|b')).toBe(4);
    slots.add('a|b', 4);
    expect(slots.roomOf('a|b')).toBe(6);
    for (let slot = 5; slot < 100; slot++) slots.add('a|b', slot);
    const grown = slots.roomOf('a|b');
    expect(grown).toBeGreaterThanOrEqual(100);
    expect(grown).toBeLessThanOrEqual(150);
    // Down to a quarter of its room: kept; one fewer: room for half as many again.
    const quarter = grown / 4;
    expect(Number.isInteger(quarter)).toBe(true);
    for (let slot = 99; slot >= quarter; slot--) slots.delete('a|b', slot);
    expect(slots.roomOf('a|b')).toBe(grown);
    slots.delete('a|b', quarter - 1);
    expect(slots.roomOf('a|b')).toBe(Math.ceil((quarter - 1) * 1.5));
    for (let slot = quarter - 2; slot >= 20; slot--) slots.delete('a|b', slot);
    expect([...slots.slotsOf('a|b')]).toEqual(Array.from({ length: 20 }, (_, slot) => slot));
    for (let slot = 19; slot >= 1; slot--) slots.delete('a|b', slot);
    expect(slots.roomOf('a|b')).toBe(4);
    expect([...slots.slotsOf('a|b')]).toEqual([0]);
    expect(slots.roomOf('x|y')).toBe(0);
  });
});
