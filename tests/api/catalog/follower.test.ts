import mongoose from 'mongoose';
import { latestSeq, logKey, publishCatalogChange } from '@/lib/catalog/change-log';
import { InProcessSearch } from '@/lib/catalog/search';
import { MemoryIndex } from '@/lib/catalog/search/memory-index';
import { currentSnapshot, farBehind, loadSnapshot, readParts } from '@/lib/catalog/search/snapshot';
import { searchQuerySchema } from '@/lib/validations/search';
import { CatalogChange, Part } from '@/models';
import { makePart } from '@/tests/helpers/factories';

/**
 * Another instance's index following the catalog log: a few changes are read again part by part, each part once; far
 * behind the log (an import elsewhere), the index is rebuilt from the parts while the old one answers, and nothing
 * changed during the rebuild is lost. The "other instance" writes the parts and the log's entries as another process
 * would (this process's own entries are ones its index already took).
 */

/** Log entries naming these parts, appended as another process does. */
async function appendTheirs(partIds: readonly string[]): Promise<void> {
  for (let at = 0; at < partIds.length; at += 1000) {
    const first = (await latestSeq()) + 1;
    const block = partIds.slice(at, at + 1000);
    await CatalogChange.collection.insertMany(
      block.map((partId, index) => ({ _id: logKey(first + index), partId, at: new Date() }) as never),
    );
  }
}

const rename = (id: string, name: string) => Part.updateOne({ _id: id }, { $set: { name } });
const archive = (id: string) => Part.updateOne({ _id: id }, { $set: { archivedAt: new Date() } });

/** Database operations per `collection.method` while `run` runs (mongoose's debug hook). */
async function countingQueries(run: () => Promise<void>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  mongoose.set('debug', (collection: string, method: string) => {
    counts.set(`${collection}.${method}`, (counts.get(`${collection}.${method}`) ?? 0) + 1);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return counts;
}

let follower: InProcessSearch;
const found = async (text: string) => (await follower.search(searchQuerySchema.parse({ q: text }))).ids;

/** The other instance, started on the catalog as it is now: loaded, complete and caught up with the log. */
async function startFollower(): Promise<void> {
  follower = new InProcessSearch();
  await follower.ready();
  await follower.refresh();
  // The test looks at the log itself (refresh), when it has written what the look is to find.
  follower.close();
}

afterEach(() => {
  follower.close();
  jest.restoreAllMocks();
});

describe('a follower a few changes behind', () => {
  it('reads each part the log names once, by id, and not the catalog', async () => {
    const [renamed, archived, unchanged, unnamed] = await Promise.all(
      ['Ambrite', 'Bexley', 'Corvane', 'Dunmore'].map((word) => makePart({ name: `${word} Caliper` })),
    );
    await startFollower();
    expect(await found('Ambrite')).toEqual([renamed]);

    await rename(renamed!, 'Embervale Caliper');
    await archive(archived!);
    const added = await makePart({ name: 'Fenwick Caliper' });
    // Each part named three times, as an import's batches do.
    const named = [renamed!, archived!, unchanged!, added];
    await appendTheirs([...named, ...named, ...named]);
    const queries = await countingQueries(() => follower.refresh());

    expect(await found('Embervale')).toEqual([renamed]);
    expect(await found('Ambrite')).toEqual([]);
    expect(await found('Bexley')).toEqual([]);
    expect(await found('Corvane')).toEqual([unchanged]);
    expect(await found('Dunmore')).toEqual([unnamed]);
    expect(await found('Fenwick')).toEqual([added]);
    expect(queries.get('parts.findOne')).toBe(named.length);
    // The archived part's rows are not read.
    expect(queries.get('partfitments.findOne')).toBe(named.length - 1);
    expect(queries.get('parts.find')).toBeUndefined();
    // The log read by `_id`: the first change alone, the other 11 and a miss among the next 16; no question whether the
    // index is far behind (the look's page was not full).
    expect(queries.get('catalogchanges.findOne')).toBe(17);
    expect(queries.get('catalogchanges.find')).toBeUndefined();
  });
});

describe('a follower far behind the log', () => {
  it('rebuilds from the parts, answering from its old index meanwhile, and loses no change made during the rebuild', async () => {
    const [renamed, archived, theirsDuring, oursDuring] = await Promise.all(
      ['Galloway', 'Harwick', 'Islington', 'Jorvik'].map((word) => makePart({ name: `${word} Rotor` })),
    );
    await startFollower();
    await rename(renamed!, 'Kestrel Rotor');
    await archive(archived!);
    const added = await makePart({ name: 'Lumen Rotor' });
    const named = [renamed!, archived!, added];
    await appendTheirs(Array.from({ length: farBehind(0) }, (_, index) => named[index % named.length]!));

    let answeredMeanwhile: string[] | null = null;
    const complete = MemoryIndex.prototype.complete;
    const rebuilt = jest.spyOn(MemoryIndex.prototype, 'complete').mockImplementation(async function (this: MemoryIndex, batches) {
      // The parts are read: another process's change and this one's land now, and the old index still answers.
      await rename(theirsDuring!, 'Mistral Rotor');
      await appendTheirs([theirsDuring!]);
      await rename(oursDuring!, 'Nimbus Rotor');
      await publishCatalogChange(oursDuring!);
      await follower.partChanged(oursDuring!);
      answeredMeanwhile = await found('Harwick');
      return complete.call(this, batches);
    });
    const queries = await countingQueries(() => follower.refresh());

    expect(rebuilt).toHaveBeenCalledTimes(1);
    expect(answeredMeanwhile).toEqual([archived]);
    expect(await found('Kestrel')).toEqual([renamed]);
    expect(await found('Galloway')).toEqual([]);
    expect(await found('Harwick')).toEqual([]);
    expect(await found('Lumen')).toEqual([added]);
    expect(await found('Mistral')).toEqual([theirsDuring]);
    expect(await found('Nimbus')).toEqual([oursDuring]);
    // One streamed read of the parts, none of the 5,000 changes' parts by id: only the two changed during the rebuild
    // (this process's own once more when made).
    expect(queries.get('parts.find')).toBe(1);
    expect(queries.get('parts.findOne')).toBe(3);
  });
});

describe('the instance that made many changes itself (an import)', () => {
  it('stores a new snapshot once its log has been quiet for a minute, so that a restart need not read every part', async () => {
    await makePart({ name: 'Quillon Rotor' });
    await startFollower();
    const before = await currentSnapshot();
    expect(before).not.toBeNull();
    // Its own changes (the index took them when made): far behind the snapshot, still coming in.
    await publishCatalogChange(...Array.from({ length: farBehind(0) }, (_, index) => `own-${index}`));
    const head = await latestSeq();
    // A look reads a thousand changes: read them all.
    for (let look = 0; look < 6; look++) await follower.refresh();
    expect((await currentSnapshot())?.seq).toBe(before?.seq);

    const now = Date.now();
    const clock = jest.spyOn(Date, 'now');
    // 59 s later: not quiet yet.
    clock.mockReturnValue(now + 59_000);
    await follower.refresh();
    expect((await currentSnapshot())?.seq).toBe(before?.seq);
    // A minute after the last change (and a minute after its last look at the snapshot).
    clock.mockReturnValue(now + 121_000);
    await follower.refresh();
    expect((await currentSnapshot())?.seq).toBe(head);
    // Every part, written a chunk at a time from the index.
    const snapshot = (await loadSnapshot(head))!;
    const stored = [];
    for await (const parts of readParts(snapshot)) stored.push(...parts);
    const names = (await Part.find({ archivedAt: null }, { name: 1 }).lean()).map((p) => p.name).sort();
    expect(stored.map((p) => p.name).sort()).toEqual(names);
    expect(names).toContain('Quillon Rotor');
  });

  it('keeps its snapshot while the changes since it are fewer than a start would read again', async () => {
    await startFollower();
    const before = await currentSnapshot();
    await publishCatalogChange(...Array.from({ length: 50 }, (_, index) => `few-${index}`));
    await follower.refresh();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * 60_000);
    await follower.refresh();
    expect((await currentSnapshot())?.seq).toBe(before?.seq);
  });
});

describe('farBehind', () => {
  it('is an eighth of the catalog, rounded up, and at least 5,000', () => {
    expect(farBehind(0)).toBe(5000);
    expect(farBehind(40_000)).toBe(5000);
    expect(farBehind(40_001)).toBe(5001);
    expect(farBehind(200_000)).toBe(25_000);
  });
});
