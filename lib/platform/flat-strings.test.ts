/**
 * flatString: what it answers is one flat string. Measured on the heap: kept by the 50,000, an ObjectId's String() costs
 * some 200 bytes more than its flat copy (the rope of its pieces); the flat copies cost about what 24 characters do.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { Types } from 'mongoose';
import { flatId, flatString } from './flat-strings';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Bytes of heap per string that `make` keeps, over `count` of them. */
function bytesEach(count: number, make: (i: number) => string): number {
  const kept: string[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < count; i++) kept.push(make(i));
  gc();
  const each = (process.memoryUsage().heapUsed - before) / count;
  expect(kept).toHaveLength(count);
  return each;
}

it("keeps an ObjectId's hex in about 40 bytes, where its String() keeps a rope of over 150", () => {
  const ids = Array.from({ length: 50_000 }, () => new Types.ObjectId());
  const rope = bytesEach(ids.length, (i) => String(ids[i]));
  const flat = bytesEach(ids.length, (i) => flatId(ids[i]));
  expect(rope).toBeGreaterThan(150);
  // A 24-character string and the array slot holding it.
  expect(flat).toBeLessThan(56);
});

it('answers the same text', () => {
  const id = new Types.ObjectId();
  expect(flatId(id)).toBe(id.toHexString());
  expect(flatString(`${String(id)}XARL`)).toBe(`${id.toHexString()}XARL`);
  expect(flatString('Bremsscheibe Ø 288 mm')).toBe('Bremsscheibe Ø 288 mm');
  expect(flatString('')).toBe('');
});
