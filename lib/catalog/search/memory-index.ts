import MiniSearch from 'minisearch';
import { CATEGORIES, CATEGORY_SLUGS } from '@/content/categories';
import { fitStatus, StatusRows, type FitmentRowLike, type VehicleChoice } from '@/lib/catalog/fitment';
import { normalizePartNumber, replacesLabel } from '@/lib/catalog/part-numbers';
import { encodeCursor, queryVehicle, type SearchQuery } from '@/lib/validations/search';
import { prefixAllowed, processTerm, textQuery, tokenize, typosAllowed } from './text';
import { VehicleSlots, type SlotFilter } from './vehicle-slots';
import type { Facets, IndexedInterchange, IndexedPart, ListedPart, SearchPage, Suggestion } from './types';

/** The in-process catalog index: MiniSearch for words, columns per slot for filters, facets, sorted listings and exact numbers.
 * Pure. Each distinct (name, brand, category) is indexed once as a group, since catalogs repeat them across vehicles. */

const PRICE_BUCKETS = [
  { key: 'under-25', min: 0, max: 25 },
  { key: '25-50', min: 25, max: 50 },
  { key: '50-100', min: 50, max: 100 },
  { key: '100-250', min: 100, max: 250 },
  { key: '250-up', min: 250, max: null },
] as const;
const bucketOf = (price: number) => (price < 25 ? 0 : price < 50 ? 1 : price < 100 ? 2 : price < 250 ? 3 : 4);

const SEARCH_OPTIONS = {
  boost: { name: 3, brand: 2, category: 1.5 },
  fuzzy: typosAllowed,
  prefix: prefixAllowed,
  combineWith: 'AND' as const,
};

type Slot = number;
const NO_SLOTS: readonly Slot[] = Object.freeze([]);
type Fitment = readonly FitmentRowLike[];
const NO_FITMENT: Fitment = Object.freeze([]);
/** A group's key is JSON, so that no name or brand, whatever characters it holds, can stand for another. */
type Group = { key: string; slots: Slot[] };
const groupKey = ({ name, brand, category }: Pick<IndexedPart, 'name' | 'brand' | 'category'>) => JSON.stringify([name, brand, category]);
function groupFields({ key }: Group): Pick<IndexedPart, 'name' | 'brand' | 'category'> {
  const [name, brand, category] = JSON.parse(key) as [string, string, string];
  return { name, brand, category };
}
/** A copy of a string in one piece: an ObjectId's hex string is built by concatenation, a tree of some seven strings
 * (about 250 bytes against 40 for its 24 characters), and the index keeps one per part. */
const flatCopy = (text: string) => Buffer.from(text).toString();
/** Slots linked (or groups indexed, tenfold) between two yields of complete(). */
const COMPLETE_SLICE = 5000;

export class MemoryIndex {
  private readonly ids: string[] = [];
  private readonly slotOf = new Map<string, Slot>();
  private readonly free: Slot[] = [];
  /** Parts are not kept as objects, to save heap: columns hold figures, groups the names; `codes` is set by complete(). */
  private readonly codes: Array<string | undefined> = [];
  private readonly fitments: Fitment[] = [];
  /** The interchange numbers of the parts that have any, as JSON: a map, so parts without cost nothing. */
  private readonly interchanges = new Map<Slot, string>();
  private readonly rows = new StatusRows();
  private price = new Float64Array(1024);
  private created = new Float64Array(1024);
  private updated = new Float64Array(1024);
  private quantity = new Float64Array(1024);
  private category = new Int8Array(1024);
  private brandNames: string[] = [];
  private readonly brandIndex = new Map<string, number>();
  private brand = new Uint16Array(1024);
  private readonly brandCounts: number[] = [];
  /** normalised part, OEM or interchange number -> the slot that carries it, or the slots (part numbers first): see slotsWith(). */
  private readonly numbers = new Map<string, Slot | Slot[]>();
  private byPrice: Slot[] | null = null;
  private byNewest: Slot[] | null = null;
  private text = this.newText();
  /** False from load() until complete() ends; `generation` tells complete() that a later load() replaced everything. */
  private completed = true;
  /** Whether load() was given every part's last change (an older snapshot's list has none: they come with complete()). */
  private datesLoaded = true;
  private generation = 0;
  /** group key -> group id; group id -> its text and the slots that carry it. */
  private readonly groupOf = new Map<string, number>();
  private readonly groups: Array<Group | undefined> = [];
  private readonly freeGroups: number[] = [];
  private readonly slotGroup: number[] = [];
  /** `make|model` (lower case) -> the slots with a fitment row for it ('': those without rows): a vehicle filter looks at these only. */
  private readonly byVehicle = new VehicleSlots();
  /** Bumped on every change: cached results of an older version are stale. */
  version = 0;

  private newText() {
    return new MiniSearch<{ group: number; name: string; brand: string; category: string }>({
      idField: 'group',
      fields: ['name', 'brand', 'category'],
      storeFields: [],
      tokenize,
      processTerm,
      searchOptions: SEARCH_OPTIONS,
    });
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Replaces everything with these parts, complete at once (tests and tools). */
  build(parts: readonly IndexedPart[]): void {
    this.load(parts);
    for (const part of parts) this.attach(part);
    this.text.addAll(this.groupDocs());
    this.completed = true;
  }

  /** Replaces everything in two steps so a starting instance answers soon: load() serves listings, filters and facets, then complete()
   * builds words, numbers and vehicles in slices; until then canAnswer() says what works and changes wait. */
  load(parts: readonly ListedPart[]): void {
    this.generation++;
    this.completed = false;
    this.datesLoaded = parts.every((part) => Number.isFinite(part.updatedAt));
    this.text = this.newText();
    this.slotOf.clear();
    this.numbers.clear();
    this.brandCounts.fill(0);
    this.ids.length = 0;
    this.codes.length = 0;
    this.fitments.length = 0;
    this.interchanges.clear();
    this.rows.clear();
    this.free.length = 0;
    this.groupOf.clear();
    this.groups.length = 0;
    this.freeGroups.length = 0;
    this.byVehicle.clear();
    for (const part of parts) this.store(part);
    this.byPrice = null;
    this.byNewest = null;
    this.version++;
  }

  /** The second step of load(): the whole parts, each loaded one once; false when another load() replaced everything meanwhile. */
  async complete(batches: Iterable<readonly IndexedPart[]> | AsyncIterable<readonly IndexedPart[]>): Promise<boolean> {
    const generation = this.generation;
    let attached = 0;
    for await (const batch of batches) {
      for (let start = 0; start < batch.length; start += COMPLETE_SLICE) {
        for (const part of batch.slice(start, start + COMPLETE_SLICE)) if (this.attach(part)) attached++;
        await new Promise((resolve) => setImmediate(resolve));
        if (generation !== this.generation) return false;
      }
    }
    if (attached !== this.slotOf.size) throw new Error(`complete() was given ${attached} of the ${this.slotOf.size} loaded parts`);
    await this.text.addAllAsync(this.groupDocs(), { chunkSize: COMPLETE_SLICE / 10 });
    if (generation !== this.generation) return false;
    this.completed = true;
    this.version++;
    return true;
  }

  /** Gives a loaded part its whole record and links it (false: not loaded). */
  private attach(part: IndexedPart): boolean {
    const slot = this.slotOf.get(part._id);
    if (slot === undefined || this.codes[slot] !== undefined) return false;
    this.codes[slot] = JSON.stringify([part.partNumber, ...part.oemNumbers]);
    if (part.interchange?.length)
      this.interchanges.set(slot, JSON.stringify(part.interchange.map((entry) => [entry.kind, entry.brand, entry.number])));
    this.fitments[slot] = this.fitmentOf(part);
    this.updated[slot] = part.updatedAt;
    this.link(slot, part);
    return true;
  }

  /** The part's rows as fitStatus reads them (a note is only there or not), one object per distinct row across the index. */
  private fitmentOf(part: IndexedPart): Fitment {
    if (!part.fitment.length) return NO_FITMENT;
    return part.fitment.map((row) => this.rows.intern(row));
  }

  /** A slot's part as the snapshot and the suggestions take it. */
  private partAt(slot: Slot): IndexedPart {
    const { name, brand, category } = groupFields(this.groups[this.slotGroup[slot]!]!);
    const [partNumber = '', ...oemNumbers] = JSON.parse(this.codes[slot]!) as string[];
    const interchange = this.interchangeAt(slot);
    return {
      _id: this.ids[slot]!,
      name,
      brand,
      category,
      partNumber,
      oemNumbers,
      ...(interchange.length ? { interchange } : {}),
      price: this.price[slot]!,
      availableQuantity: this.quantity[slot]!,
      createdAt: this.created[slot]!,
      updatedAt: this.updated[slot]!,
      fitment: [...this.fitments[slot]!],
    };
  }

  private interchangeAt(slot: Slot): IndexedInterchange[] {
    const kept = this.interchanges.get(slot);
    if (kept === undefined) return [];
    return (JSON.parse(kept) as Array<[IndexedInterchange['kind'], string | null, string]>).map(([kind, brand, number]) => ({
      kind,
      brand,
      number,
    }));
  }

  /** Every number a slot is found by: its own part number first, then its OEM and interchange numbers. */
  private codesAt(slot: Slot): string[] {
    return [...(JSON.parse(this.codes[slot]!) as string[]), ...this.interchangeAt(slot).map((entry) => entry.number)];
  }

  /** How the slot was found by this normalised number: null for its own part number or none, else the number it replaces. */
  private replacesAt(slot: Slot, number: string): string | null {
    const [partNumber = '', ...oemNumbers] = JSON.parse(this.codes[slot]!) as string[];
    if (partNumber && normalizePartNumber(partNumber) === number) return null;
    const entry = this.interchangeAt(slot).find((candidate) => normalizePartNumber(candidate.number) === number);
    if (entry) return replacesLabel(entry);
    // The older OEM numbers are OE interchange numbers without a brand.
    const oem = oemNumbers.find((candidate) => normalizePartNumber(candidate) === number);
    return oem ? replacesLabel({ kind: 'oe', number: oem }) : null;
  }

  /** Whether complete() has ended (or build() was used). */
  get isComplete(): boolean {
    return this.completed;
  }

  /** Whether all() can answer now: once loaded with the parts' dates, else once complete. */
  get knowsDates(): boolean {
    return this.completed || this.datesLoaded;
  }

  /** Whether this query can be answered now: anything once complete, else a listing without text or vehicle. */
  canAnswer(query: SearchQuery): boolean {
    return this.completed || (!query.q && !queryVehicle(query));
  }

  private groupDocs() {
    return this.groups.flatMap((entry, group) => (entry ? [this.groupDoc(group)] : []));
  }

  private assertComplete(): void {
    if (!this.completed) throw new Error('the index is still completing (MemoryIndex.complete)');
  }

  /** Adds or replaces one part. */
  upsert(part: IndexedPart): void {
    this.assertComplete();
    const existing = this.slotOf.get(part._id);
    if (existing !== undefined) this.remove(part._id);
    const slot = this.store(part);
    this.attach(part);
    if (this.byPrice) insertSorted(this.byPrice, slot, this.cmpPrice);
    if (this.byNewest) insertSorted(this.byNewest, slot, this.cmpNewest);
    this.version++;
  }

  remove(id: string): void {
    this.assertComplete();
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    if (this.byPrice) removeSorted(this.byPrice, slot, this.cmpPrice);
    if (this.byNewest) removeSorted(this.byNewest, slot, this.cmpNewest);
    this.leave(slot);
    for (const key of vehicleKeysOf(this.fitments[slot]!)) this.byVehicle.delete(key, slot);
    for (const number of numbersOf(this.codesAt(slot)))
      this.keepSlotsWith(
        number,
        this.slotsWith(number).filter((other) => other !== slot),
      );
    this.brandCounts[this.brand[slot]!]! -= 1;
    this.slotOf.delete(id);
    this.codes[slot] = undefined;
    this.interchanges.delete(slot);
    this.fitments[slot] = NO_FITMENT;
    this.free.push(slot);
    this.version++;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** The part as indexed with other fitment rows (its rows alone changed), or null if it is not indexed. */
  withFitment(id: string, fitment: IndexedPart['fitment']): IndexedPart | null {
    const slot = this.slotOf.get(id);
    return slot === undefined ? null : { ...this.partAt(slot), fitment };
  }

  /** Links a stored slot into what only a complete index has: its text group, its vehicles, its numbers. */
  private link(slot: Slot, part: IndexedPart): void {
    const key = groupKey(part);
    // A group's list starts as a one-element literal: an empty array that grows gets room for 17, and
    // 100,000 parts have some 34,000 groups.
    let group = this.groupOf.get(key);
    if (group === undefined) {
      group = this.freeGroups.pop() ?? this.groups.length;
      this.groups[group] = { key, slots: [slot] };
      this.groupOf.set(key, group);
      // A new group of a complete index enters its words now; while completing, complete() adds them all.
      if (this.completed) this.text.add(this.groupDoc(group));
    } else this.groups[group]!.slots.push(slot);
    this.slotGroup[slot] = group;
    for (const vehicleKey of vehicleKeysOf(this.fitments[slot]!)) this.byVehicle.add(vehicleKey, slot);
    const own = part.partNumber ? normalizePartNumber(part.partNumber) : null;
    for (const number of numbersOf(this.codesAt(slot))) {
      const slots = this.slotsWith(number);
      // The part's own number leads; an OEM or interchange cross-reference follows.
      this.keepSlotsWith(number, number === own ? [slot, ...slots] : [...slots, slot]);
    }
  }

  /** The slots that carry this normalised part or OEM number, part numbers first. */
  private slotsWith(number: string): readonly Slot[] {
    const held = this.numbers.get(number);
    return held === undefined ? NO_SLOTS : typeof held === 'number' ? [held] : held;
  }

  /** Stores a single slot bare, since a number usually names one part and one-element lists cost heap. */
  private keepSlotsWith(number: string, slots: Slot[]): void {
    if (!slots.length) this.numbers.delete(number);
    else this.numbers.set(number, slots.length === 1 ? slots[0]! : slots);
  }

  /** Takes a slot out of its group; an empty group leaves the text index. */
  private leave(slot: Slot): void {
    const group = this.slotGroup[slot]!;
    const entry = this.groups[group]!;
    entry.slots.splice(entry.slots.indexOf(slot), 1);
    if (entry.slots.length) return;
    this.text.discard(group);
    this.groupOf.delete(entry.key);
    this.groups[group] = undefined;
    this.freeGroups.push(group);
  }

  private groupDoc(group: number) {
    const { name, brand, category } = groupFields(this.groups[group]!);
    return { group, name, brand, category: categoryName(category) };
  }

  /** The groups that match the text, best match first (all words; any word when none has all). */
  private matchingGroups(text: string) {
    this.assertComplete();
    const matches = this.text.search(textQuery(text, 'AND'));
    return matches.length ? matches : this.text.search(textQuery(text, 'OR'));
  }

  /** The slots of the groups that match the text, best match first. */
  private textMatches(text: string): Slot[] {
    return this.matchingGroups(text).flatMap((match) => this.groups[match.id as number]?.slots ?? []);
  }

  /** Stores a part's columns in a free slot (its whole record comes with attach()). */
  private store(part: ListedPart): Slot {
    const slot = this.free.pop() ?? this.ids.length;
    if (slot >= this.price.length) this.grow();
    const id = flatCopy(part._id);
    this.ids[slot] = id;
    this.codes[slot] = undefined;
    this.fitments[slot] = NO_FITMENT;
    this.slotOf.set(id, slot);
    this.price[slot] = part.price;
    this.created[slot] = part.createdAt;
    this.updated[slot] = part.updatedAt;
    this.quantity[slot] = part.availableQuantity;
    this.category[slot] = CATEGORY_SLUGS.indexOf(part.category as (typeof CATEGORY_SLUGS)[number]);
    let brand = this.brandIndex.get(part.brand);
    if (brand === undefined) {
      brand = this.brandNames.push(part.brand) - 1;
      this.brandIndex.set(part.brand, brand);
    }
    this.brand[slot] = brand;
    this.brandCounts[brand] = (this.brandCounts[brand] ?? 0) + 1;
    return slot;
  }

  private grow(): void {
    const size = this.price.length * 2;
    const grown = <T extends Float64Array | Int8Array | Uint16Array>(array: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.price = grown(this.price, (n) => new Float64Array(n));
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.updated = grown(this.updated, (n) => new Float64Array(n));
    this.quantity = grown(this.quantity, (n) => new Float64Array(n));
    this.category = grown(this.category, (n) => new Int8Array(n));
    this.brand = grown(this.brand, (n) => new Uint16Array(n));
  }

  private readonly cmpPrice = (a: Slot, b: Slot) => this.price[a]! - this.price[b]! || a - b;
  private readonly cmpNewest = (a: Slot, b: Slot) => this.created[b]! - this.created[a]! || a - b;

  private sorted(order: 'price' | 'newest'): Slot[] {
    if (order === 'price') return (this.byPrice ??= [...this.slotOf.values()].sort(this.cmpPrice));
    return (this.byNewest ??= [...this.slotOf.values()].sort(this.cmpNewest));
  }

  /** The newest parts' ids (the home page). */
  newest(limit: number): string[] {
    return this.sorted('newest')
      .slice(0, limit)
      .map((slot) => this.ids[slot]!);
  }

  /**
   * Every indexed part, `size` at a time, each batch built as it is asked for (the snapshot): a writer holds one batch,
   * not the whole catalog as objects (some 150 MB at 200,000 parts). Changes between two batches show in the later ones;
   * a load() meanwhile replaced everything, so the read stops with an error.
   */
  *indexedBatches(size: number): Generator<IndexedPart[]> {
    const generation = this.generation;
    let batch: IndexedPart[] = [];
    for (let slot = 0; slot < this.codes.length; slot++) {
      if (this.codes[slot] !== undefined) batch.push(this.partAt(slot));
      if (batch.length < size) continue;
      yield batch;
      batch = [];
      if (generation !== this.generation) throw new Error('the index was loaded anew while its parts were read');
    }
    if (batch.length) yield batch;
  }

  /** Every part, newest first, with its last change (the sitemap): see knowsDates. */
  all(): Array<{ id: string; updatedAt: number }> {
    if (!this.knowsDates) this.assertComplete();
    return this.sorted('newest').map((slot) => ({ id: this.ids[slot]!, updatedAt: this.updated[slot]! }));
  }

  search(query: SearchQuery): SearchPage {
    if (!this.canAnswer(query)) this.assertComplete(); // throws: a text or vehicle search needs complete()
    const vehicle = queryVehicle(query);
    const category = query.category ? CATEGORY_SLUGS.indexOf(query.category) : -1;
    const brand = query.brand === undefined ? -1 : (this.brandIndex.get(query.brand) ?? -2);
    // A vehicle's candidates are the parts with a row for its make and model (or none, which may fit: "check").
    const fitting = vehicle ? this.vehicleCandidates(vehicle) : null;
    const passes = {
      category: (slot: Slot) => category < 0 || this.category[slot] === category,
      brand: (slot: Slot) => brand === -1 || this.brand[slot] === brand,
      price: (slot: Slot) =>
        (query.minPrice === undefined || this.price[slot]! >= query.minPrice) &&
        (query.maxPrice === undefined || this.price[slot]! <= query.maxPrice),
      stock: (slot: Slot) => (!query.inStock || this.quantity[slot]! > 0) && (!query.outOfStock || this.quantity[slot]! <= 0),
      vehicle: (slot: Slot) => (vehicle ? (fitting!.has(slot) ? fitStatus(this.fitments[slot]!, vehicle) : 'no') : 'fits'),
    };

    // Candidates in their order: exact numbers first, then the text's relevance; or a pre-sorted listing.
    let candidates: Iterable<Slot>;
    const text = query.q;
    const number = text ? normalizePartNumber(text) : '';
    let exact: readonly Slot[] = NO_SLOTS;
    if (text) {
      exact = this.slotsWith(number);
      const seen = new Set(exact);
      candidates = [...exact, ...this.textMatches(text).filter((slot) => !seen.has(slot))];
    } else {
      candidates =
        query.sort === 'price-desc' ? reversed(this.sorted('price')) : this.sorted(query.sort === 'price-asc' ? 'price' : 'newest');
      // A vehicle's listing walks the sorted order but only tests its candidates.
      if (fitting && fitting.size < this.slotOf.size / 4) candidates = filtered(candidates, fitting);
    }

    // One pass: the page, the total, and each facet counted with every filter but its own.
    const facets = {
      category: new Uint32Array(CATEGORY_SLUGS.length),
      brand: new Uint32Array(this.brandNames.length),
      price: new Uint32Array(5),
      inStock: 0,
    };
    const hits: Slot[] = [];
    // For a vehicle, in the relevance order, parts known to fit come before parts whose notes must be checked.
    const toCheck: Slot[] = [];
    let unverified = 0;
    for (const slot of candidates) {
      const c = passes.category(slot);
      const b = passes.brand(slot);
      const p = passes.price(slot);
      const s = passes.stock(slot);
      const fit = passes.vehicle(slot);
      if (fit === 'no') continue;
      if (b && p && s) facets.category[this.category[slot]!]! += 1;
      if (c && p && s) facets.brand[this.brand[slot]!]! += 1;
      if (c && b && s) facets.price[bucketOf(this.price[slot]!)]! += 1;
      if (c && b && p && this.quantity[slot]! > 0) facets.inStock++;
      if (!(c && b && p && s)) continue;
      if (fit === 'check') unverified++;
      (fit === 'check' && query.sort === 'relevance' ? toCheck : hits).push(slot);
    }
    hits.push(...toCheck);
    if (text && query.sort !== 'relevance')
      hits.sort(query.sort === 'newest' ? this.cmpNewest : query.sort === 'price-desc' ? (a, b) => this.cmpPrice(b, a) : this.cmpPrice);

    const offset = query.cursor;
    const shown = hits.slice(offset, offset + query.limit);
    const replaces = this.replacesOf(exact.length ? shown.filter((slot) => exact.includes(slot)) : [], number);
    return {
      ids: shown.map((slot) => this.ids[slot]!),
      ...(replaces ? { replaces } : {}),
      total: hits.length,
      facets: this.facetsOut(facets),
      nextCursor: offset + query.limit < hits.length ? encodeCursor(offset + query.limit) : null,
      ...(vehicle ? { knownFits: hits.length - unverified } : {}),
    };
  }

  /** The labels of the slots found by a number they replace (undefined when none was). */
  private replacesOf(slots: readonly Slot[], number: string): Record<string, string> | undefined {
    const labels = slots.flatMap((slot) => {
      const label = this.replacesAt(slot, number);
      return label ? [[this.ids[slot]!, label] as const] : [];
    });
    return labels.length ? Object.fromEntries(labels) : undefined;
  }

  private vehicleCandidates(vehicle: VehicleChoice): SlotFilter {
    return this.byVehicle.candidates(vehicleKey(vehicle));
  }

  private facetsOut(counts: { category: Uint32Array; brand: Uint32Array; price: Uint32Array; inStock: number }): Facets {
    return {
      category: CATEGORY_SLUGS.map((value, i) => ({ value, count: counts.category[i]! })).filter((facet) => facet.count > 0),
      brand: this.brandNames
        .map((value, i) => ({ value, count: counts.brand[i]! }))
        .filter((facet) => facet.count > 0)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      price: PRICE_BUCKETS.map((bucket, i) => ({ key: bucket.key, min: bucket.min, max: bucket.max, count: counts.price[i]! })),
      inStock: counts.inStock,
    };
  }

  /** The parts whose own part number is this one (normalised), with their brand. */
  partsNumbered(key: string): Array<{ id: string; brand: string }> {
    this.assertComplete();
    return this.slotsWith(key).flatMap((slot) => {
      const [partNumber = ''] = JSON.parse(this.codes[slot]!) as string[];
      if (normalizePartNumber(partNumber) !== key) return [];
      return [{ id: this.ids[slot]!, brand: groupFields(this.groups[this.slotGroup[slot]!]!).brand }];
    });
  }

  /** The parts with a row for the vehicle that does not rule it out (not those without rows), in no order; only those with
   * stock when `inStock`. */
  partsFitting(vehicle: VehicleChoice, inStock = false): string[] {
    this.assertComplete();
    return [...this.byVehicle.slotsOf(vehicleKey(vehicle))]
      .filter((slot) => (!inStock || this.quantity[slot]! > 0) && fitStatus(this.fitments[slot]!, vehicle) !== 'no')
      .map((slot) => this.ids[slot]!);
  }

  /** Vehicles with parts, from fitment rows: `make|model` (lower case) to the model years named. */
  vehicleCoverage(): Map<string, Set<number>> {
    this.assertComplete();
    const coverage = new Map<string, Set<number>>();
    for (const key of this.byVehicle.keys()) {
      const years = new Set<number>();
      for (const slot of this.byVehicle.slotsOf(key)) {
        for (const row of this.fitments[slot]!) {
          if (vehicleKey(row) !== key) continue;
          for (let year = row.yearFrom; year <= row.yearTo; year++) years.add(year);
        }
      }
      if (years.size) coverage.set(key, years);
    }
    return coverage;
  }

  /** What the search box offers while typing: exact numbers, matching categories and brands, then the best part names. */
  suggest(text: string, limit: number): Suggestion[] {
    const term = text.trim().toLowerCase();
    if (!term) return [];
    const suggestions: Suggestion[] = [];
    const number = normalizePartNumber(text);
    for (const slot of this.slotsWith(number)) {
      const part = this.partAt(slot);
      const detail = [part.brand, part.partNumber, this.replacesAt(slot, number)].filter(Boolean).join(' · ');
      suggestions.push({ kind: 'part', id: part._id, label: part.name, detail });
    }
    for (const category of CATEGORIES)
      if (category.name.toLowerCase().startsWith(term)) suggestions.push({ kind: 'category', value: category.slug, label: category.name });
    this.brandNames.forEach((brand, i) => {
      if (brand.toLowerCase().startsWith(term) && this.brandCounts[i]) suggestions.push({ kind: 'brand', value: brand, label: brand });
    });
    const names = new Set<string>();
    for (const match of this.matchingGroups(text)) {
      if (suggestions.length >= limit) break;
      const entry = this.groups[match.id as number];
      const { name, brand } = entry ? groupFields(entry) : { name: '', brand: '' };
      if (!name || names.has(name)) continue;
      names.add(name);
      suggestions.push({ kind: 'query', value: name, label: name, detail: brand });
    }
    return suggestions.slice(0, limit);
  }
}

const categoryName = (slug: string) => CATEGORIES.find((category) => category.slug === slug)?.name ?? slug;

/** The `make|model` keys of a part's fitment rows; '' for a part without fitment data (it may fit anything). */
function vehicleKeysOf(fitment: Fitment): string[] {
  if (!fitment.length) return [''];
  return [...new Set(fitment.map(vehicleKey))];
}

const vehicleKey = ({ make, model }: { make: string; model: string }) => `${make}|${model}`.toLowerCase();

function* filtered(slots: Iterable<Slot>, keep: SlotFilter): Iterable<Slot> {
  for (const slot of slots) if (keep.has(slot)) yield slot;
}

/** A part's own number and OEM numbers, normalised (empty ones left out). */
function numbersOf(codes: readonly string[]): string[] {
  // Once each: a number both among the OEM and the interchange numbers must not list the part twice.
  return [...new Set(codes.filter(Boolean).map(normalizePartNumber))];
}

function* reversed<T>(items: readonly T[]): Iterable<T> {
  for (let i = items.length - 1; i >= 0; i--) yield items[i]!;
}

/** The first index whose item does not sort before `item` (binary search). */
function lowerBound<T>(items: T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insertSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  items.splice(lowerBound(items, item, compare), 0, item);
}

function removeSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  const low = lowerBound(items, item, compare);
  if (items[low] === item) items.splice(low, 1);
  else {
    const at = items.indexOf(item);
    if (at >= 0) items.splice(at, 1);
  }
}
