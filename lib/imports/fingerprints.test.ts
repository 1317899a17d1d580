import { FingerprintTable } from '@/lib/imports/fingerprints';

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
});
