import 'server-only';
import { Types } from 'mongoose';
import { latestSeq, othersChangedAfter, readChangesAfter, type Change } from '@/lib/catalog/change-log';
import { catalogChanged, onPartChanged, type KnownState } from '@/lib/catalog/changes';
import { connectDb, STARTUP_READ_MS } from '@/lib/platform/db';
import { onVercel } from '@/lib/platform/env';
import { CatalogLoadingError, isCatalogLoading } from '@/lib/core/errors';
import { recordSearchMiss, recordVehicleMiss } from '@/lib/catalog/lost-demand';
import { queryVehicle, type SearchQuery } from '@/lib/validations/search';
import { readFitments, type FitmentRowDoc } from '@/lib/catalog/fitment-store';
import { StatusRows, statusRow } from '@/lib/catalog/fitment';
import { readByIds } from '@/lib/platform/by-id';
import { flatId } from '@/lib/platform/flat-strings';
import { Part, PartFitment } from '@/models';
import { MemoryIndex } from './memory-index';
import {
  CHUNK_PARTS,
  currentSnapshot,
  farBehind,
  loadSnapshot,
  readParts,
  saveSnapshot,
  saveSnapshotOf,
  SNAPSHOT_REFRESH_MS,
  type Snapshot,
} from './snapshot';
import type { CatalogSearchEngine, IndexedPart, SearchPage, SearchWait, Suggestion, VehicleChoice } from './types';

// An in-process index kept fresh from the change log, so any instance's change shows within seconds;
// on Vercel no timer outlives a request, so reads follow the log and the search-index cron refreshes the snapshot.
export type { CatalogSearchEngine, SearchPage, SearchWait, Suggestion } from './types';

const FOLLOW_EVERY_MS = 1000;
/** Log entries one look reads (a page that comes back full asks whether the index is far behind: othersChangedAfter). */
const CHANGES_PER_LOOK = 1000;
const CHECK_GAP_EVERY_MS = 60_000;
/** How long the log stays without news before a snapshot far behind it is replaced. */
const QUIET_MS = 60_000;
const RESULT_CACHE_SIZE = 500;
const READY_WAIT_MS = 20_000;
/** Parts per read of the catalog when there is no snapshot yet (a cursor's batch). */
const READ_BATCH = 1000;
/** Completion waits this long (or for a read needing it) so the first pages after a start have the process and database alone. */
const COMPLETE_AFTER_MS = 2_000;

type LeanIndexedPart = {
  _id: unknown;
  name: string;
  brand?: string | null;
  category?: string | null;
  partNumber?: string | null;
  oemNumbers?: string[];
  interchange?: Array<{ brand?: string | null; number: string; kind: 'oe' | 'aftermarket' }>;
  price: number;
  availableQuantity: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt?: Date | null;
};

const PROJECTION = {
  name: 1,
  brand: 1,
  category: 1,
  partNumber: 1,
  oemNumbers: 1,
  'interchange.brand': 1,
  'interchange.number': 1,
  'interchange.kind': 1,
  price: 1,
  availableQuantity: 1,
  createdAt: 1,
  updatedAt: 1,
  archivedAt: 1,
} as const;

type IndexedRow = IndexedPart['fitment'][number];

function toIndexed(part: LeanIndexedPart, fitment: IndexedRow[]): IndexedPart {
  return {
    // Kept as long as the index: one flat string (lib/platform/flat-strings.ts).
    _id: flatId(part._id),
    name: part.name,
    brand: part.brand ?? '',
    category: part.category ?? '',
    partNumber: part.partNumber ?? '',
    oemNumbers: part.oemNumbers ?? [],
    ...(part.interchange?.length
      ? { interchange: part.interchange.map(({ kind, brand, number }) => ({ kind, brand: brand ?? null, number })) }
      : {}),
    price: part.price,
    availableQuantity: part.availableQuantity,
    createdAt: new Date(part.createdAt).getTime(),
    updatedAt: new Date(part.updatedAt).getTime(),
    fitment,
  };
}

/** Every part's rows, as the index keeps them: one object per distinct row (parts of a supplier share most of theirs). */
async function readAllFitment(): Promise<Map<string, IndexedRow[]>> {
  const distinct = new StatusRows();
  const byPart = new Map<string, IndexedRow[]>();
  const cursor = PartFitment.find({}, { rows: 1 }).maxTimeMS(STARTUP_READ_MS).lean<Array<{ _id: unknown; rows?: FitmentRowDoc[] }>>();
  for await (const doc of cursor.cursor({ batchSize: READ_BATCH })) {
    if (!doc.rows?.length) continue;
    byPart.set(
      String(doc._id),
      doc.rows.map((row) => distinct.intern(row)),
    );
  }
  return byPart;
}

/** Every shown part through a cursor, one batch in memory at a time; a start-up job, so it may outlast a page's query. */
async function* readAllParts(): AsyncGenerator<IndexedPart[]> {
  await connectDb();
  const fitment = await readAllFitment();
  const cursor = Part.find({ archivedAt: null }, PROJECTION)
    .maxTimeMS(STARTUP_READ_MS)
    .lean<LeanIndexedPart[]>()
    .cursor({ batchSize: READ_BATCH });
  let batch: IndexedPart[] = [];
  for await (const part of cursor) {
    batch.push(toIndexed(part as LeanIndexedPart, fitment.get(String(part._id)) ?? []));
    if (batch.length === READ_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Parts as the index holds them, read again by id, a few at a time (lib/platform/by-id); gone or archived ones are left out. */
async function readIndexed(ids: readonly string[]): Promise<IndexedPart[]> {
  await connectDb();
  const valid = ids.filter((id) => Types.ObjectId.isValid(id));
  const parts = (await readByIds<LeanIndexedPart>(Part, valid, PROJECTION)).filter((part) => !part.archivedAt);
  const fitment = await readFitments(parts.map((part) => String(part._id)));
  return parts.map((part) => toIndexed(part, fitment.get(String(part._id))!.rows.map(statusRow)));
}

/** The log after a snapshot's position: the ids of the parts it changed, their current state (gone or archived: left out), the position after them. */
async function changesAfter(seq: number): Promise<{ changed: Set<string>; fresh: IndexedPart[]; seq: number }> {
  const changed = new Set<string>();
  for (let changes = await readChangesAfter(seq); changes.length; changes = await readChangesAfter(seq)) {
    for (const change of changes) changed.add(change.partId);
    seq = changes.at(-1)!.seq;
  }
  return { changed, fresh: await readIndexed([...changed]), seq };
}

/** A snapshot's whole parts as MemoryIndex.complete() takes them, the changed ones in their current state. */
async function* partsWithChanges(snapshot: Snapshot, { changed, fresh }: { changed: Set<string>; fresh: IndexedPart[] }) {
  for await (const parts of readParts(snapshot)) yield parts.filter((part) => !changed.has(part._id));
  yield fresh;
}

/** The part as the change left it, when the change says enough to index it without a read. */
function knownPart(index: MemoryIndex, id: string, known: KnownState | undefined): IndexedPart | null {
  const rows = known?.fitment?.map(statusRow);
  if (known?.part) return toIndexed(known.part as LeanIndexedPart, rows ?? []);
  return rows ? index.withFitment(id, rows) : null;
}

/** An index loaded as at start: the whole parts that complete it, the log position it reflects, where it came from. */
type Loaded = { parts: AsyncIterable<IndexedPart[]>; seq: number; snapshotAt: number | null; snapshotSeq: number | null };
const sourceOf = ({ snapshotSeq }: Loaded) => (snapshotSeq === null ? 'the parts' : `the snapshot at log position ${snapshotSeq}`);

export class InProcessSearch implements CatalogSearchEngine {
  readonly name = 'in-process (MiniSearch)';
  /** Replaced whole by a rebuild (rebuild()); a read holds on to the one it started with. */
  private index = new MemoryIndex();
  private seen = 0;
  private building: Promise<void> | null = null;
  private followTimer: NodeJS.Timeout | null = null;
  /** No timer follows the log (Vercel): reads do, at most every FOLLOW_EVERY_MS. */
  private followOnRead = false;
  private lastFollow = 0;
  private lastGapCheck = 0;
  private readonly results = new Map<string, SearchPage>();
  /** A read was refused while the index loaded (CatalogLoadingError): the lists expire once it is loaded. */
  private answeredLoading = false;

  /** Loads the index once (again after a failure); listings answer once loaded, text and vehicle searches once complete. */
  ready(): Promise<void> {
    this.building ??= this.build().catch(async (error: unknown) => {
      this.building = null;
      console.error('[search] could not load the index (the next read loads it again):', error);
      // A read refused meanwhile cached its list as "loading": without this, that entry would keep
      // answering so until its lifetime ends, and no read of it would come here to load again.
      await this.expireLoadingAnswers();
      throw error;
    });
    return this.building;
  }

  /** Lists cached as "loading" while a load ran (a read refused with CatalogLoadingError) expire: read again. */
  private async expireLoadingAnswers(): Promise<void> {
    if (!this.answeredLoading) return;
    this.answeredLoading = false;
    await catalogChanged([], { lists: true }).catch((error: unknown) =>
      console.error('[search] could not expire the catalog lists:', error),
    );
  }

  private completed: Promise<void> = Promise.resolve();
  /** Starts the completion the load scheduled, at once (a read needs it). */
  private completeNow: () => void = () => {};
  private completeTimer: NodeJS.Timeout | null = null;
  /** The snapshot's parts did not complete the index: the next load reads the parts. */
  private snapshotFailed = false;

  /** Loads `index` (MemoryIndex.load) as at start, from the snapshot or else the parts; `latest`: the log position read first. */
  private async loadInto(index: MemoryIndex, latest: number): Promise<Loaded> {
    const snapshot = this.snapshotFailed
      ? null
      : await loadSnapshot(latest).catch((error: unknown) => {
          console.error('[search] could not read the snapshot, reading the parts:', error);
          return null;
        });
    if (snapshot) {
      // What changed after the snapshot is applied before the first answer.
      const changes = await changesAfter(snapshot.seq);
      index.load([...snapshot.listed.filter((part) => !changes.changed.has(part._id)), ...changes.fresh]);
      const parts = partsWithChanges(snapshot, changes);
      return { parts, seq: changes.seq, snapshotAt: snapshot.at.getTime(), snapshotSeq: snapshot.seq };
    }
    // Every part, a batch at a time, each chunk stored in a new snapshot as it comes (so the next
    // instance to start has it): only what listings need of every part is kept, and the index
    // completes its words from the stored chunks (or, if they could not be stored, from the parts again).
    const saved = await saveSnapshotOf(readAllParts(), latest);
    if (saved.error) console.error('[search] could not store the snapshot:', saved.error);
    index.load(saved.listed);
    this.snapshotFailed = false;
    const parts = saved.snapshot ? readParts(saved.snapshot) : readAllParts();
    return { parts, seq: latest, snapshotAt: saved.snapshot ? Date.now() : null, snapshotSeq: null };
  }

  private async build(): Promise<void> {
    const started = Date.now();
    await connectDb();
    // The log position first: whatever changes while the parts are read is replayed afterwards.
    const loaded = await this.loadInto(this.index, await latestSeq());
    const { parts } = loaded;
    const fromSnapshot = loaded.snapshotSeq !== null;
    this.seen = loaded.seq;
    this.noteSnapshot(loaded);
    this.results.clear();
    // Pages rendered meanwhile show the "catalog loading" state: render them again with the lists.
    await this.expireLoadingAnswers();
    console.log(`[search] loaded ${this.index.size} parts in ${Date.now() - started} ms from ${sourceOf(loaded)}`);
    let heapBefore = 0;
    const begin = new Promise<void>((resolve) => (this.completeNow = resolve));
    if (this.completeTimer) clearTimeout(this.completeTimer);
    this.completeTimer = setTimeout(this.completeNow, COMPLETE_AFTER_MS);
    this.completed = begin
      .then(() => {
        heapBefore = process.memoryUsage().heapUsed;
        return this.index.complete(parts);
      })
      .then(
        (done) => {
          if (!done) return;
          // The heap's growth is approximate: no collection is forced.
          const heapMb = Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024 ** 2);
          // A search refused while the index completed: its page may be cached with the loading state.
          void this.expireLoadingAnswers();
          console.log(
            `[search] completed the index (words, numbers, vehicles) ${Date.now() - started} ms after the start (heap +${heapMb} MB)`,
          );
          this.startFollowing();
        },
        (error: unknown) => {
          // The next read loads it again, from the parts if the snapshot is what failed (a new one is written then).
          console.error('[search] could not complete the index, loading it again:', error);
          this.snapshotFailed = fromSnapshot;
          this.building = null;
          void this.expireLoadingAnswers();
        },
      );
  }

  private snapshotAt = 0;
  /** The log position of the newest snapshot this process knows of. */
  private snapshotSeq = 0;
  private lastSnapshotCheck = 0;
  /** When the log last brought changes (applyChanges). */
  private lastChangeAt = 0;

  /** The snapshot a load used or stored: when, and at which log position. */
  private noteSnapshot({ snapshotAt, snapshotSeq, seq }: Loaded): void {
    if (snapshotAt === null) return;
    this.snapshotAt = snapshotAt;
    this.snapshotSeq = snapshotSeq ?? seq;
  }

  /** Stores this index as the snapshot new instances start from, a chunk of parts built at a time (never fails the search). A
   * part changed while it is written is in it as changed or not: either way the log after `seq` names it to a start. */
  private async writeSnapshot(): Promise<void> {
    const at = new Date();
    try {
      const seq = this.seen;
      await saveSnapshot(this.index.indexedBatches(CHUNK_PARTS), seq, at);
      this.snapshotAt = at.getTime();
      this.snapshotSeq = seq;
    } catch (error) {
      console.error('[search] could not store the snapshot:', error);
    }
  }

  /** At most once a minute: a fresh snapshot when any instance's current one is past its refresh period and the catalog changed,
   * or, once the log has been quiet for a minute, when so many changes followed it that a start would read every part instead
   * (an import: a restart soon after it would take minutes). */
  private async refreshSnapshot(): Promise<void> {
    const due = () =>
      Date.now() - this.snapshotAt >= SNAPSHOT_REFRESH_MS ||
      (this.seen - this.snapshotSeq >= farBehind(this.index.size) && Date.now() - this.lastChangeAt >= QUIET_MS);
    if (Date.now() - this.lastSnapshotCheck < CHECK_GAP_EVERY_MS || !due()) return;
    this.lastSnapshotCheck = Date.now();
    const current = await currentSnapshot();
    this.snapshotAt = current?.at.getTime() ?? 0;
    this.snapshotSeq = current?.seq ?? 0;
    if (due() && this.snapshotSeq < this.seen) await this.writeSnapshot();
  }

  private startFollowing(): void {
    if (this.followTimer || this.followOnRead) return;
    if (onVercel()) {
      this.followOnRead = true;
      return;
    }
    this.followTimer = setInterval(
      () => void this.follow().catch((error: unknown) => console.error('[search] could not follow the catalog log:', error)),
      FOLLOW_EVERY_MS,
    );
    this.followTimer.unref();
  }

  /** A read on Vercel: the log's news first, when the last look is older than FOLLOW_EVERY_MS (never fails the read nor waits
   * for a rebuild). */
  private async followIfDue(): Promise<void> {
    if (!this.followOnRead || Date.now() - this.lastFollow < FOLLOW_EVERY_MS) return;
    await this.follow({ snapshot: false, waitForRebuild: false }).catch((error: unknown) =>
      console.error('[search] could not follow the catalog log:', error),
    );
  }

  /** The search-index job: completes the index, applies the log, and stores a snapshot when it is due. */
  async refresh(): Promise<void> {
    await this.indexReady((loaded) => !loaded.isComplete);
    await this.follow();
  }

  /** Stops following the log (a test file's teardown; a server runs until it exits). */
  close(): void {
    if (this.followTimer) clearInterval(this.followTimer);
    this.followTimer = null;
    if (this.completeTimer) clearTimeout(this.completeTimer);
    this.completeTimer = null;
  }

  private following: Promise<void> | null = null;

  /** Applies the log's news: far behind it (an import elsewhere), a rebuild from the parts first; then the parts it names. */
  follow({ snapshot = true, waitForRebuild = true }: { snapshot?: boolean; waitForRebuild?: boolean } = {}): Promise<void> {
    this.following ??= (async () => {
      try {
        this.lastFollow = Date.now();
        let changes = await readChangesAfter(this.seen, CHANGES_PER_LOOK);
        if (changes.length === CHANGES_PER_LOOK && (await othersChangedAfter(this.seen, farBehind(this.index.size)))) {
          const rebuilt = this.rebuildOnce();
          // A read answers from the current index meanwhile; a look that does not wait comes back after the swap.
          if (!waitForRebuild) return void rebuilt.catch((error: unknown) => console.error('[search] could not rebuild the index:', error));
          await rebuilt;
          changes = await readChangesAfter(this.seen, CHANGES_PER_LOOK);
        }
        await this.applyChanges(changes);
        if (!changes.length && Date.now() - this.lastGapCheck > CHECK_GAP_EVERY_MS) await this.checkGap();
        if (snapshot) await this.refreshSnapshot();
      } finally {
        this.following = null;
      }
    })();
    return this.following;
  }

  // Other instances' changes expire the lists again, as this one may have cached a list from its older index after they expired them.
  private async applyChanges(changes: readonly Change[]): Promise<void> {
    if (!changes.length) return;
    // This process's own changes reached its index when made (catalogChanged), unless it was loading or rebuilding: read
    // back, they would cost a read of every part an import wrote. Each part is read once however often the log names it.
    const reread = new Set(changes.filter((change) => !change.own || this.unapplied.delete(change.partId)).map((change) => change.partId));
    if (reread.size) await this.refreshParts([...reread]);
    this.seen = changes.at(-1)!.seq;
    this.lastChangeAt = Date.now();
    const theirs = [...new Set(changes.filter((change) => !change.own).map((change) => change.partId))];
    // Already in the log and applied above: their tags alone.
    if (theirs.length) await catalogChanged(theirs, { lists: true, search: false });
  }

  /** Whether a rebuild is under way: this process's changes meanwhile are read again after it (applyChanges). */
  private rebuilding = false;
  private rebuilt: Promise<void> | null = null;

  /** The rebuild under way, or a new one. */
  private rebuildOnce(): Promise<void> {
    return (this.rebuilt ??= this.rebuild().finally(() => (this.rebuilt = null)));
  }

  /** A new index loaded as at start, swapped in once complete (the old one answers meanwhile), then the log from the position it reflects. */
  private async rebuild(): Promise<void> {
    const started = Date.now();
    this.rebuilding = true;
    let fromSnapshot = false;
    try {
      const fresh = new MemoryIndex();
      // The log position first: whatever changes while the parts are read is replayed afterwards.
      const loaded = await this.loadInto(fresh, await latestSeq());
      const { parts, seq } = loaded;
      fromSnapshot = loaded.snapshotSeq !== null;
      const heapBefore = process.memoryUsage().heapUsed;
      // A fresh index no other load() replaces: complete() ends true or throws.
      await fresh.complete(parts);
      const heapMb = Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024 ** 2);
      this.index = fresh;
      this.seen = seq;
      this.noteSnapshot(loaded);
      this.results.clear();
      this.coverage = null;
      console.log(
        `[search] rebuilt the index: ${fresh.size} parts from ${sourceOf(loaded)} in ${Date.now() - started} ms (heap +${heapMb} MB)`,
      );
    } catch (error) {
      // The next look at the log rebuilds again, from the parts if the snapshot is what failed.
      this.snapshotFailed = fromSnapshot;
      throw error;
    } finally {
      this.rebuilding = false;
    }
  }

  /** The log was pruned past this index (it stopped for over an hour): rebuild from the parts. */
  private async checkGap(): Promise<void> {
    this.lastGapCheck = Date.now();
    if ((await latestSeq()) > this.seen) await this.rebuildOnce();
  }

  /** A change made by this process, with what it knows of the part's new state (lib/catalog/changes.ts). */
  async partChanged(id: string, known?: KnownState): Promise<void> {
    // Made while a rebuild reads the parts: the rebuilt index may have read the part before it.
    const duringRebuild = this.rebuilding;
    if (!(await this.refreshParts([id], known)) || duringRebuild || this.rebuilding) this.unapplied.add(id);
  }

  /** Parts this process changed while its index could not take the change: the follower reads them when the log names them. */
  private readonly unapplied = new Set<string>();

  /** Reads parts again (this process's own change, told what it knows of one, or the log's), once the index is complete; answers
   * whether it did. */
  private async refreshParts(ids: readonly string[], known?: KnownState): Promise<boolean> {
    // Not loaded yet, a load that fails, or a reload started meanwhile: that load reads this change itself.
    if (!this.building) return false;
    try {
      await this.building;
    } catch {
      return false;
    }
    this.completeNow();
    await this.completed;
    // The index as it is now: one a rebuild swaps in meanwhile reads the parts itself.
    const index = this.index;
    const told = ids.length === 1 ? knownPart(index, ids[0]!, known) : null;
    const parts = told ? [told] : await readIndexed(ids);
    if (!index.isComplete) return false;
    for (const part of parts) index.upsert(part);
    const found = new Set(parts.map((part) => part._id));
    for (const id of ids) if (!found.has(id)) index.remove(id);
    return true;
  }

  /** The loaded index, complete too when this read needs it, waiting at most `waitMs` (then CatalogLoadingError). */
  private async indexReady(
    needsComplete: (index: MemoryIndex) => boolean,
    { waitMs = READY_WAIT_MS }: SearchWait = {},
  ): Promise<MemoryIndex> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.answeredLoading = true;
        reject(new CatalogLoadingError());
      }, waitMs);
    });
    try {
      const answerable = async () => {
        await this.ready();
        // Again if a rebuild replaced the load it waited for (ready() is then that rebuild's).
        while (needsComplete(this.index)) {
          await this.ready();
          this.completeNow();
          await this.completed;
        }
      };
      const answered = answerable();
      // Given up on by the timeout: its failure (the next read loads again) must not count as unhandled.
      answered.catch(() => undefined);
      await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
    await this.followIfDue();
    return this.index;
  }

  async search(query: SearchQuery, wait?: SearchWait): Promise<SearchPage> {
    const index = await this.indexReady((loaded) => !loaded.canAnswer(query), wait);
    const key = `${index.version}:${JSON.stringify(query)}`;
    const cached = this.results.get(key);
    if (cached) return cached;
    const page = index.search(query);
    if (this.results.size >= RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
    this.results.set(key, page);
    return page;
  }

  async suggest(text: string, limit: number, wait?: SearchWait): Promise<Suggestion[]> {
    return (await this.indexReady((loaded) => !loaded.isComplete, wait)).suggest(text, limit);
  }

  async partsNumbered(key: string, wait?: SearchWait): Promise<Array<{ id: string; brand: string }>> {
    return (await this.indexReady((loaded) => !loaded.isComplete, wait)).partsNumbered(key);
  }

  async partsFitting(vehicle: VehicleChoice, wait?: SearchWait & { inStock?: boolean }): Promise<string[]> {
    return (await this.indexReady((loaded) => !loaded.isComplete, wait)).partsFitting(vehicle, wait?.inStock);
  }

  private coverage: { version: number; at: number; value: Map<string, Set<number>> } | null = null;

  async vehicleCoverage(): Promise<Map<string, Set<number>>> {
    const index = await this.indexReady((loaded) => !loaded.isComplete);
    // Every order changes the version: recompute at most every 30 s (a mark a few seconds late is harmless).
    const fresh = this.coverage && (this.coverage.version === index.version || Date.now() - this.coverage.at < 30_000);
    if (!fresh) this.coverage = { version: index.version, at: Date.now(), value: index.vehicleCoverage() };
    return this.coverage!.value;
  }

  async allParts(): Promise<Array<{ id: string; updatedAt: number }>> {
    return (await this.indexReady((loaded) => !loaded.knowsDates)).all();
  }
}

const globalForSearch = globalThis as typeof globalThis & { __catalogSearch?: InProcessSearch };

/** The catalog search of this process. */
export function catalogSearch(): CatalogSearchEngine {
  if (!globalForSearch.__catalogSearch) {
    const search = new InProcessSearch();
    // This process's own changes reach it at once; other instances' come through the log.
    onPartChanged((id, known) => search.partChanged(id, known));
    globalForSearch.__catalogSearch = search;
  }
  return globalForSearch.__catalogSearch;
}

/** The engine's CatalogLoadingError as this bundle's (the engine may come from another bundle: isCatalogLoading). */
function asOwnError(error: unknown): never {
  throw isCatalogLoading(error) ? new CatalogLoadingError() : error;
}

/** What the search box offers for `text` (CatalogLoadingError while the index loads, past `wait`). */
export function suggestCatalog(text: string, limit: number, wait?: SearchWait): Promise<Suggestion[]> {
  return catalogSearch().suggest(text, limit, wait).catch(asOwnError);
}

/** Searches the catalog; text that found nothing or a vehicle no part fits is recorded as lost demand for the admin. */
export async function searchCatalog(
  query: SearchQuery,
  { record = false, address = null, wait }: { record?: boolean; address?: string | null; wait?: SearchWait } = {},
): Promise<SearchPage> {
  const page = await catalogSearch().search(query, wait).catch(asOwnError);
  if (record) await recordLostDemand(query, page, address);
  return page;
}

/** Records an empty first page's text or vehicle as lost demand; `address` lets lost-demand.ts count it once a day per client. */
export async function recordLostDemand(query: SearchQuery, page: Pick<SearchPage, 'total'>, address: string | null): Promise<void> {
  if (page.total > 0 || query.cursor !== 0) return;
  const vehicle = queryVehicle(query);
  if (query.q) await recordSearchMiss(query.q, vehicle, address);
  else if (vehicle && !narrowsBeyondVehicle(query)) await recordVehicleMiss(vehicle, address);
}

/** The fields of a search that leave a vehicle's list whole: the vehicle itself, the order, the paging. */
const VEHICLE_AND_PAGING = new Set<keyof SearchQuery>(['year', 'make', 'model', 'engine', 'sort', 'cursor', 'limit']);

/** Whether any other field of the search schema (a filter, whichever: new ones included) narrows the list. */
function narrowsBeyondVehicle(query: SearchQuery): boolean {
  return Object.entries(query).some(
    ([name, value]) => !VEHICLE_AND_PAGING.has(name as keyof SearchQuery) && value !== undefined && value !== false,
  );
}
