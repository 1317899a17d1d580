import { FingerprintTable, roomFor } from '@/lib/imports/fingerprints';

describe('FingerprintTable', () => {
  it('answers the first sighting of each string, through many growths, and never one for a string not seen', () => {
    const table = new FingerprintTable(4);
    const count = 50_000;
    for (let at = 0; at < count; at++) expect(table.seenOrAdd(`BQXT|${at}`, at + 1, at % 50)).toBeUndefined();
    for (let at = 0; at < count; at += 997) expect(table.seenOrAdd(`BQXT|${at}`, 0)).toEqual({ line: at + 1, tag: at % 50 });
    for (let at = count; at < count + 1000; at++) expect(table.seenOrAdd(`BQXT|${at}`, 7)).toBeUndefined();
  });

  it('keeps the first line when a string comes again', () => {
    const table = new FingerprintTable();
    table.seenOrAdd('App 7', 4, 1);
    table.seenOrAdd('App 7', 9, 2);
    expect(table.seenOrAdd('App 7', 12)).toEqual({ line: 4, tag: 1 });
  });

  it('holds the count it was sized for without growing, at any capacity, wrapping its probes past the end', () => {
    const count = 10_000;
    const table = new FingerprintTable(roomFor(count));
    expect(table.room).toBe(13_335);
    for (let at = 0; at < count; at++) expect(table.seenOrAdd(`App ${at}`, at + 1, at % 7)).toBeUndefined();
    expect(table.room).toBe(13_335);
    expect(table.count).toBe(count);
    for (let at = 0; at < count; at++) expect(table.seenOrAdd(`App ${at}`, 0)).toEqual({ line: at + 1, tag: at % 7 });
    expect(table.find('App 10000')).toBe(-1);
    // Past three quarters it grows, and keeps every key.
    for (let at = count; at < 10_002; at++) table.seenOrAdd(`App ${at}`, at + 1);
    expect(table.room).toBe(26_670);
    for (let at = 0; at < 10_002; at++) expect(table.find(`App ${at}`)).toBeGreaterThanOrEqual(0);
  });

  it('sizes a table for a count with a quarter to spare, and never under 16 slots', () => {
    expect(roomFor(0)).toBe(16);
    expect(roomFor(3)).toBe(16);
    expect(roomFor(2_000_000)).toBe(2_666_668);
  });
});
