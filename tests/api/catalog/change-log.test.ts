import { latestSeq, logKey, othersChangedAfter, publishCatalogChange, pruneCatalogLog, readChangesAfter } from '@/lib/catalog/change-log';
import mongoose from 'mongoose';
import { CatalogChange, CatalogLogHead } from '@/models';

/** The catalog change log: a block of appends goes in one ordered insert, and a number another process took is stepped over. */

describe('publishCatalogChange', () => {
  it("appends a batch's parts in order, stepping over a number another process holds, and reads them back as its own", async () => {
    await publishCatalogChange('warm-up');
    const start = await latestSeq();
    // Another process appends at start + 3 while this one's block of seven is on its way.
    await CatalogChange.create({ _id: logKey(start + 3), partId: 'other' });
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

/** Entries naming these parts from `first` on, appended as another process does (this one's head is not told). */
const appendTheirs = (first: number, partIds: readonly string[]) =>
  CatalogChange.collection.insertMany(partIds.map((partId, index) => ({ _id: logKey(first + index), partId, at: new Date() }) as never));

describe('othersChangedAfter', () => {
  it("answers whether `count` changes of other processes follow, this process's own stepped over", async () => {
    const seen = await latestSeq();
    await appendTheirs(seen + 1, ['a', 'b', 'c']);
    expect(await othersChangedAfter(seen, 4)).toBe(false);
    // Two of this process's own between them do not count.
    await publishCatalogChange('own-1', 'own-2');
    expect(await othersChangedAfter(seen, 4)).toBe(false);
    await appendTheirs(seen + 6, ['d']);
    expect(await othersChangedAfter(seen, 4)).toBe(true);
    expect(await othersChangedAfter(seen + 1, 4)).toBe(false);
  });
});

describe('publishCatalogChange after others appended a lot', () => {
  it('moves past every number they took at once and appends after them', async () => {
    await publishCatalogChange('warm-up');
    const start = await latestSeq();
    // More numbers than the append tries one by one.
    await appendTheirs(
      start + 1,
      Array.from({ length: 1500 }, (_, index) => `theirs-${index}`),
    );
    await publishCatalogChange('mine');
    expect(await CatalogChange.findById(logKey(start + 1501)).lean()).toMatchObject({ partId: 'mine' });
    expect(await latestSeq()).toBe(start + 1501);
  });
});

describe('readChangesAfter', () => {
  it('reads the changes up to the first number not yet written, each by its text `_id` (FerretDB finds no other key at once)', async () => {
    const seen = await latestSeq();
    // The number after `c` is not written yet (another process is still appending it): `e` waits for it.
    await appendTheirs(seen + 1, ['a', 'b', 'c']);
    await appendTheirs(seen + 5, ['e']);
    const filters: unknown[] = [];
    mongoose.set(
      'debug',
      (collection: string, _method: string, filter: unknown) => void (collection === 'catalogchanges' && filters.push(filter)),
    );
    try {
      expect((await readChangesAfter(seen)).map((change) => change.partId)).toEqual(['a', 'b', 'c']);
    } finally {
      mongoose.set('debug', false);
    }
    // The first alone, then the next 16 at once.
    expect(filters).toHaveLength(17);
    expect(filters).toContainEqual({ _id: logKey(seen + 1) });
    expect(filters.every((filter) => typeof (filter as { _id: unknown })._id === 'string')).toBe(true);
    await appendTheirs(seen + 4, ['d']);
    expect((await readChangesAfter(seen + 3)).map((change) => [change.seq - seen, change.partId])).toEqual([
      [4, 'd'],
      [5, 'e'],
    ]);
  });
});

describe('latestSeq', () => {
  /** The filters of the reads of the log (and of its head) while `run` runs, with whether each was sorted. */
  async function readsDuring(run: () => Promise<unknown>) {
    const reads: Array<{ collection: string; filter: unknown; sorted: boolean }> = [];
    mongoose.set('debug', (collection: string, _method: string, filter: unknown, _doc: unknown, options: unknown) => {
      if (collection === 'catalogchanges' || collection === 'catalogloghead' || collection === 'catalogloghead' + 's')
        reads.push({ collection, filter, sorted: Boolean((options as { sort?: unknown } | undefined)?.sort) });
    });
    try {
      await run();
    } finally {
      mongoose.set('debug', false);
    }
    return reads;
  }

  it('finds the last entry from the head up by `_id` alone, past numbers others appended, without sorting the log', async () => {
    await publishCatalogChange('warm-up');
    const head = await latestSeq();
    await appendTheirs(
      head + 1,
      Array.from({ length: 1300 }, (_, index) => `far-${index}`),
    );
    let found = 0;
    const reads = await readsDuring(async () => (found = await latestSeq()));
    expect(found).toBe(head + 1300);
    expect(reads.some((read) => read.sorted)).toBe(false);
    const ofLog = reads.filter((read) => read.collection === 'catalogchanges');
    expect(ofLog.every((read) => typeof (read.filter as { _id: unknown })._id === 'string')).toBe(true);
    // Doubling to 2048 past the head, then halving: about two reads per power of two.
    expect(ofLog.length).toBeLessThanOrEqual(24);
  });

  it('answers the number reached once every entry is pruned, and the next append goes on after it', async () => {
    await publishCatalogChange('before-pruning');
    const reached = await latestSeq();
    await CatalogChange.deleteMany({});
    expect(await latestSeq()).toBe(reached);
    await publishCatalogChange('after-pruning');
    expect(await CatalogChange.findById(logKey(reached + 1)).lean()).toMatchObject({ partId: 'after-pruning' });
    expect(await latestSeq()).toBe(reached + 1);
  });

  it('reads a log kept before the head record by sorting it once, then keeps its last number as the head', async () => {
    await publishCatalogChange('older-log');
    const last = await latestSeq();
    await CatalogLogHead.deleteMany({});
    expect(await latestSeq()).toBe(last);
    expect(await CatalogLogHead.findById('head').lean()).toMatchObject({ seq: last });
  });
});

describe('the log, at its edges', () => {
  const globalForLog = globalThis as typeof globalThis & { __catalogLog?: { head: number } };

  it('keys an entry by its number as 16 digits, so that text order is number order', () => {
    expect(logKey(42)).toBe('0000000000000042');
    expect(logKey(1_000_000)).toBe('0000000001000000');
    expect([logKey(9), logKey(10)].sort()).toEqual([logKey(9), logKey(10)]);
  });

  it('reads nothing at the head, nothing past a number not yet written, and at most `max` changes', async () => {
    await publishCatalogChange('edge-warm-up');
    const seen = await latestSeq();
    expect(await readChangesAfter(seen)).toEqual([]);
    // seen + 1 is still on its way: what follows it waits.
    await appendTheirs(seen + 2, ['later']);
    expect(await readChangesAfter(seen)).toEqual([]);
    await appendTheirs(seen + 1, ['first']);
    await appendTheirs(seen + 3, ['third']);
    expect((await readChangesAfter(seen, 2)).map((change) => change.partId)).toEqual(['first', 'later']);
    expect((await readChangesAfter(seen + 1, 1)).map((change) => change.partId)).toEqual(['later']);
  });

  it('starts a process that has not appended yet after the last entry, wherever other processes left it', async () => {
    const last = await latestSeq();
    await appendTheirs(last + 1, ['theirs-1', 'theirs-2']);
    // A new process: it has not looked at the log yet.
    globalForLog.__catalogLog!.head = -1;
    await publishCatalogChange('new-process');
    expect(await CatalogChange.findById(logKey(last + 3)).lean()).toMatchObject({ partId: 'new-process' });
  });

  it('gives up on an append the database refuses for another reason than a number taken', async () => {
    jest.spyOn(CatalogChange.collection, 'insertMany').mockRejectedValueOnce(new Error('disk full'));
    await expect(publishCatalogChange('refused')).rejects.toThrow('disk full');
    jest.restoreAllMocks();
    // The next append goes on.
    await publishCatalogChange('after-refusal');
    expect((await CatalogChange.findById(logKey(await latestSeq())).lean())?.partId).toBe('after-refusal');
  });

  it("counts only this process's own changes after `seen` as stepped over", async () => {
    // Its own change at `seen` itself, not read back yet.
    await publishCatalogChange('own-at-seen');
    const seen = await latestSeq();
    await appendTheirs(seen + 1, ['t1', 't2']);
    expect(await othersChangedAfter(seen, 2)).toBe(true);
    expect(await othersChangedAfter(seen, 3)).toBe(false);
  });

  it('learns the numbers it reads, so that its next append needs no second try', async () => {
    await publishCatalogChange('learn-warm-up');
    const seen = await latestSeq();
    await appendTheirs(seen + 1, ['r1', 'r2', 'r3']);
    expect(await readChangesAfter(seen)).toHaveLength(3);
    const inserts = jest.spyOn(CatalogChange.collection, 'insertMany');
    await publishCatalogChange('after-reading');
    expect(inserts).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
    expect(await CatalogChange.findById(logKey(seen + 4)).lean()).toMatchObject({ partId: 'after-reading' });
  });

  it('keeps the head when two processes write it first at once, and fails on any other refusal', async () => {
    await publishCatalogChange('head-race');
    const last = await latestSeq();
    await CatalogLogHead.deleteMany({});
    const duplicate = Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
    jest.spyOn(CatalogLogHead, 'updateOne').mockRejectedValueOnce(duplicate);
    expect(await latestSeq()).toBe(last);
    jest.restoreAllMocks();
    jest.spyOn(CatalogLogHead, 'updateOne').mockRejectedValueOnce(new Error('not primary'));
    await expect(latestSeq()).rejects.toThrow('not primary');
    jest.restoreAllMocks();
    expect(await latestSeq()).toBe(last);
  });

  it('prunes the entries older than an hour and keeps the rest', async () => {
    const seen = await latestSeq();
    const ago = (ms: number) => new Date(Date.now() - ms);
    await CatalogChange.collection.insertMany([
      { _id: logKey(seen + 1), partId: 'old-1', at: ago(2 * 60 * 60_000) },
      { _id: logKey(seen + 2), partId: 'old-2', at: ago(61 * 60_000) },
      { _id: logKey(seen + 3), partId: 'recent', at: ago(59 * 60_000) },
    ] as never[]);
    await CatalogChange.updateMany({ _id: { $lte: logKey(seen) } }, { $set: { at: new Date() } });
    expect(await pruneCatalogLog()).toBe(2);
    expect(await CatalogChange.findById(logKey(seen + 1)).lean()).toBeNull();
    expect(await CatalogChange.findById(logKey(seen + 3)).lean()).toMatchObject({ partId: 'recent' });
  });
});
