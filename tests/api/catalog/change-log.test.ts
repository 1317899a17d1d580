import { latestSeq, publishCatalogChange, readChangesAfter } from '@/lib/catalog/change-log';
import { CatalogChange } from '@/models';

/** The catalog change log: a block of appends goes in one ordered insert, and a number another process took is stepped over. */

describe('publishCatalogChange', () => {
  it("appends a batch's parts in order, stepping over a number another process holds, and reads them back as its own", async () => {
    await publishCatalogChange('warm-up');
    const start = await latestSeq();
    // Another process appends at start + 3 while this one's block of seven is on its way.
    await CatalogChange.create({ _id: start + 3, partId: 'other' });
    const parts = Array.from({ length: 7 }, (_, index) => `part-${index}`);
    await publishCatalogChange(...parts);

    const changes = await readChangesAfter(start);
    expect(changes.map((change) => [change.seq - start, change.partId, change.own])).toEqual([
      [1, 'part-0', true],
      [2, 'part-1', true],
      [3, 'other', false],
      ...parts.slice(2).map((partId, index) => [index + 4, partId, true]),
    ]);
    expect(await latestSeq()).toBe(start + 8);
  });

  it('appends more parts than one insert takes, without a hole', async () => {
    const start = await latestSeq();
    const parts = Array.from({ length: 1203 }, (_, index) => `bulk-${index}`);
    await publishCatalogChange(...parts);
    const changes = await readChangesAfter(start, 2000);
    expect(changes.map((change) => change.partId)).toEqual(parts);
    expect(changes.every((change, index) => change.seq === start + index + 1 && change.own)).toBe(true);
  });
});
