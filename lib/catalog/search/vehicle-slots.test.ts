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
});
