import { fitmentForStatus } from '@/lib/catalog/fitment';
import { normalizePartNumber } from '@/lib/catalog/part-numbers';
import { MemoryIndex } from '@/lib/catalog/search/memory-index';
import { decodeListed, decodeParts, encodeListed, encodeParts } from '@/lib/catalog/search/snapshot';
import type { IndexedPart } from '@/lib/catalog/search/types';
import { searchQuerySchema } from '@/lib/validations/search';

const query = (fields: Record<string, string> = {}) => searchQuerySchema.parse(fields);

let serial = 0;
function part(overrides: Partial<IndexedPart> & { name: string }): IndexedPart {
  serial++;
  return {
    _id: `p${serial}`,
    brand: 'Stopline',
    category: 'brakes',
    partNumber: `SL-${serial}`,
    oemNumbers: [],
    price: 10 + serial,
    availableQuantity: 5,
    createdAt: serial,
    updatedAt: 1_000_000 + 7 * serial,
    fitment: [],
    ...overrides,
  };
}

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };

function catalog() {
  const parts = {
    pads: part({ name: 'Ceramic Front Brake Pad Set', partNumber: 'SL-BP-4465', oemNumbers: ['04465-02220'], fitment: [corolla] }),
    rotor: part({ name: 'Vented Front Brake Rotor', fitment: [{ ...corolla, engine: '1.8L I4' }] }),
    // Names an OEM number that is another part's own part number: the part's own number ranks first.
    padsOem: part({
      name: 'Organic Brake Pad Set',
      oemNumbers: ['SL-BP-4465'],
      price: 5,
      fitment: [{ make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021 }],
    }),
    alternator: part({
      name: 'Remanufactured 120A Alternator',
      brand: 'Voltaris',
      category: 'electrical',
      price: 240,
      availableQuantity: 0,
    }),
    bolt: part({ name: 'Caliper Bolt Kit', category: 'brakes', fitment: [corolla] }),
    plug: part({
      name: 'Iridium Tip Spark Plug',
      brand: 'Kestrel',
      category: 'ignition',
      price: 12.99,
      fitment: [{ ...corolla, notes: 'Except hybrid' }],
    }),
  };
  const index = new MemoryIndex();
  index.build(Object.values(parts));
  return { index, parts };
}

describe('MemoryIndex: ranking', () => {
  it('ranks an exact part number first, then parts that carry it as an OEM number, however it is typed', () => {
    const { index, parts } = catalog();
    for (const typed of ['SL-BP-4465', 'slbp4465', 'sl bp 4465', 'SL.BP.4465']) {
      expect(index.search(query({ q: typed })).ids.slice(0, 2)).toEqual([parts.pads._id, parts.padsOem._id]);
    }
  });

  it('finds a part by its OEM number typed with or without dashes and spaces', () => {
    const { index, parts } = catalog();
    for (const typed of ['04465-02220', '0446502220', '04465 02220']) expect(index.search(query({ q: typed })).ids[0]).toBe(parts.pads._id);
  });

  it('forgives one typo in words of five letters or more, never in shorter words', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ q: 'alternatr' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ q: 'ceramik' })).ids).toEqual([parts.pads._id]);
    // "bolt" to "boat" is one edit, but the word has four letters.
    expect(index.search(query({ q: 'boat' })).total).toBe(0);
  });

  it('forgives one typo in a five-letter word', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ q: 'rotpr' })).ids).toEqual([parts.rotor._id]);
    expect(index.search(query({ q: 'brake rotpr' })).ids).toEqual([parts.rotor._id]);
  });

  it('counts a swapped pair of neighbouring letters as one typo (Damerau), in words of five letters or more', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ q: 'Cearmic' })).ids).toEqual([parts.pads._id]);
    expect(index.search(query({ q: 'cearmic brake pads' })).ids).toEqual([parts.pads._id]);
    expect(index.search(query({ q: 'altrenator' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ q: 'rotro' })).ids).toEqual([parts.rotor._id]);
    // A swap in a four-letter word, or a swap and another typo, is more than one typo.
    expect(index.search(query({ q: 'blot' })).total).toBe(0);
    expect(index.search(query({ q: 'cearmik' })).total).toBe(0);
  });

  it('lists the part whose number is the searched text first, even when the text is a word of other names', () => {
    const halogen = part({ name: 'H7 Halogen Headlight Bulb', brand: 'Lumen', category: 'lighting', partNumber: 'LM-H7-55' });
    const other = part({ name: 'Xenon H7 Upgrade Bulb Pair', brand: 'Lumen', category: 'lighting', partNumber: 'LM-X7' });
    const numbered = part({ name: 'Standard Headlight Bulb', brand: 'Lumen', category: 'lighting', partNumber: 'H7' });
    for (const order of [
      [halogen, other, numbered],
      [numbered, halogen, other],
    ]) {
      const index = new MemoryIndex();
      index.build(order);
      for (const typed of ['H7', 'h7']) {
        const ids = index.search(query({ q: typed })).ids;
        expect(ids[0]).toBe(numbered._id);
        expect(ids.slice(1).sort()).toEqual([halogen._id, other._id].sort());
      }
    }
  });

  it('ranks the part a number belongs to ahead of a part listing it as an OEM number, whichever was added first', () => {
    const own = part({ name: 'Ceramic Rear Brake Pad Set', partNumber: 'SL-BP-9001' });
    const crossRef = part({ name: 'Economy Rear Brake Pad Set', oemNumbers: ['SL-BP-9001'] });
    const built = new MemoryIndex();
    built.build([crossRef, own]);
    expect(built.search(query({ q: 'SL-BP-9001' })).ids.slice(0, 2)).toEqual([own._id, crossRef._id]);
    // Added one by one, the cross-reference first, and again after the owner changed.
    const added = new MemoryIndex();
    added.build([]);
    added.upsert(crossRef);
    added.upsert(own);
    expect(added.search(query({ q: 'SL-BP-9001' })).ids.slice(0, 2)).toEqual([own._id, crossRef._id]);
    added.upsert({ ...own, price: own.price + 1, updatedAt: own.updatedAt + 1 });
    added.upsert({ ...crossRef, price: crossRef.price + 1, updatedAt: crossRef.updatedAt + 1 });
    expect(added.search(query({ q: 'SL-BP-9001' })).ids.slice(0, 2)).toEqual([own._id, crossRef._id]);
  });

  it('counts prefixes, and singular and plural alike', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ q: 'alt' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ q: 'brake pads' })).ids.sort()).toEqual([parts.pads._id, parts.padsOem._id].sort());
    expect(index.search(query({ q: 'spark plugs' })).ids).toEqual([parts.plug._id]);
  });

  it('matches words across name, brand and category', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ q: 'voltaris alternator' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ q: 'ignition kestrel' })).ids).toEqual([parts.plug._id]);
  });

  it('normalises part numbers as the shop matches them', () => {
    expect(normalizePartNumber('04465-02220')).toBe(normalizePartNumber('0446502220'));
    expect(normalizePartNumber(' sl.bp/44 65 ')).toBe('SLBP4465');
  });
});

describe('MemoryIndex: filters, facets, sorting and paging', () => {
  it('counts each facet with every filter but its own', () => {
    const { index } = catalog();
    const page = index.search(query({ category: 'brakes', brand: 'Stopline' }));
    expect(page.total).toBe(4);
    // Other categories stay visible with the brand filter applied; other brands with the category filter applied.
    expect(page.facets.category).toEqual(expect.arrayContaining([{ value: 'brakes', count: 4 }]));
    expect(page.facets.brand).toEqual(expect.arrayContaining([{ value: 'Stopline', count: 4 }]));
    const all = index.search(query());
    expect(all.facets.category).toEqual(
      expect.arrayContaining([
        { value: 'brakes', count: 4 },
        { value: 'electrical', count: 1 },
        { value: 'ignition', count: 1 },
      ]),
    );
    expect(all.facets.inStock).toBe(5);
    expect(all.facets.price.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(6);
  });

  it('filters by price range and stock', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ minPrice: '100' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ inStock: 'true' })).ids).not.toContain(parts.alternator._id);
    expect(index.search(query({ maxPrice: '10' })).ids).toEqual([parts.padsOem._id]);
  });

  it('filters to the parts out of stock (Manage Products), with the words and a category', () => {
    const { index, parts } = catalog();
    expect(index.search(query({ outOfStock: 'true' })).ids).toEqual([parts.alternator._id]);
    expect(index.search(query({ outOfStock: 'true', category: 'brakes' })).ids).toEqual([]);
    expect(index.search(query({ outOfStock: 'true', q: 'Voltaris' })).ids).toEqual([parts.alternator._id]);
  });

  it('knows the model years it has parts for, per make and model; parts without fitment data count for none', () => {
    const { index } = catalog();
    const coverage = index.vehicleCoverage();
    expect([...coverage.keys()].sort()).toEqual(['honda|civic', 'toyota|corolla']);
    expect([...coverage.get('toyota|corolla')!].sort()).toEqual([2014, 2015, 2016, 2017, 2018, 2019]);
    expect(coverage.get('bmw|3 series')).toBeUndefined();
  });

  it('narrows to a vehicle: rows for its years and engine, with notes and engine-less choices kept as "check"', () => {
    const { index, parts } = catalog();
    const fits = (fields: Record<string, string>) => index.search(query(fields)).ids.sort();
    expect(fits({ make: 'Toyota', model: 'Corolla', year: '2016' })).toEqual(
      [parts.pads._id, parts.rotor._id, parts.bolt._id, parts.plug._id, parts.alternator._id].sort(),
    );
    // A part without fitment data (the alternator) is kept: it may fit, its notes have to tell.
    expect(fits({ make: 'Toyota', model: 'Corolla', year: '2016', engine: '2.0L I4' })).not.toContain(parts.rotor._id);
    expect(fits({ make: 'Toyota', model: 'Corolla', year: '2013' })).toEqual([parts.alternator._id]);
    expect(fits({ make: 'Honda', model: 'Civic', year: '2018' })).toEqual([parts.padsOem._id, parts.alternator._id].sort());
  });

  it('with a vehicle, lists parts known to fit before parts whose notes must be checked, in best-match order', () => {
    const { index, parts } = catalog();
    // To check: the rotor (its row names an engine, none was given), the plug ("Except hybrid"), the alternator (no data).
    const ids = index.search(query({ make: 'Toyota', model: 'Corolla', year: '2016', limit: '100' })).ids;
    expect(ids.slice(0, 2).sort()).toEqual([parts.pads._id, parts.bolt._id].sort());
    expect(ids.slice(2).sort()).toEqual([parts.rotor._id, parts.plug._id, parts.alternator._id].sort());
    // Another order keeps its own: the cheapest first (the plug, to check), whether it fits or must be checked.
    const byPrice = index.search(query({ make: 'Toyota', model: 'Corolla', year: '2016', sort: 'price-asc', limit: '100' })).ids;
    expect(byPrice[0]).toBe(parts.plug._id);
    expect(byPrice).toHaveLength(5);
  });

  it('sorts by price both ways and by newest, and pages with a cursor that covers every result once', () => {
    const { index } = catalog();
    const prices = (sort: string) => index.search(query({ sort, limit: '100' })).ids.length;
    expect(prices('price-asc')).toBe(6);
    const ascending = index.search(query({ sort: 'price-asc' }));
    const descending = index.search(query({ sort: 'price-desc' }));
    expect(descending.ids).toEqual([...ascending.ids].reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = index.search(query({ sort: 'newest', limit: '4', ...(cursor ? { cursor } : {}) }));
      seen.push(...page.ids);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(6);
    expect(seen[0]).toBe(index.search(query({ sort: 'newest', limit: '1' })).ids[0]);
  });

  it('applies an update and a removal at once, in text, numbers, lists and facets', () => {
    const { index, parts } = catalog();
    index.upsert({ ...parts.bolt, name: 'Stainless Caliper Guide Pin Kit', price: 1 });
    expect(index.search(query({ q: 'bolt' })).total).toBe(0);
    expect(index.search(query({ q: 'guide pin' })).ids).toEqual([parts.bolt._id]);
    expect(index.search(query({ sort: 'price-asc', limit: '1' })).ids).toEqual([parts.bolt._id]);
    index.remove(parts.pads._id);
    expect(index.search(query({ q: '0446502220' })).total).toBe(0);
    expect(index.search(query({ q: 'SL-BP-4465' })).ids[0]).toBe(parts.padsOem._id);
    expect(index.search(query()).total).toBe(5);
  });
});

/** Every part the index gives back to the snapshot, in one list. */
const indexedParts = (index: MemoryIndex) => [...index.indexedBatches(1000)].flat();

describe('MemoryIndex: the parts it gives back (the snapshot)', () => {
  const byId = (parts: IndexedPart[]) => [...parts].sort((a, b) => a._id.localeCompare(b._id));
  // A row's note is kept as a mark: the index only tells whether there is one.
  const asKept = (parts: IndexedPart[]) => byId(parts).map((p) => ({ ...p, fitment: fitmentForStatus(p.fitment) }));

  it('gives back every part as it was given, numbers, dates and fitment rows included, after changes too', async () => {
    const { parts } = catalog();
    const noNumber = part({ name: 'Wiper Blade', partNumber: '', oemNumbers: ['85222-02180', '85212 02180'], fitment: [corolla, corolla] });
    const given = [...Object.values(parts), noNumber];
    const index = new MemoryIndex();
    index.load(given);
    await index.complete([given.slice(0, 3), given.slice(3)]);
    expect(byId(indexedParts(index))).toEqual(asKept(given));

    const honda = { make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021, engine: null, notes: null };
    const moved = { ...parts.plug, name: 'Iridium Spark Plug', oemNumbers: ['90919-01253'], availableQuantity: 0, fitment: [honda] };
    index.upsert(moved);
    index.remove(parts.rotor._id);
    const after = given.filter((p) => p !== parts.rotor && p !== parts.plug).concat(moved);
    expect(byId(indexedParts(index))).toEqual(asKept(after));
    // What it answers from the record it keeps: stock, a vehicle's rows, the numbers.
    expect(index.search(query({ q: '90919-01253' })).ids).toEqual([moved._id]);
    expect(index.search(query({ q: 'spark plug', inStock: 'true' })).total).toBe(0);
    expect(index.search(query({ make: 'Toyota', model: 'Corolla', year: '2016', category: 'ignition' })).total).toBe(0);
    expect(index.search(query({ q: '8521202180' })).ids).toEqual([noNumber._id]);
  });

  it('gives back names, brands and numbers whatever characters they hold, and never mixes two parts up', async () => {
    // Joined with a separator, these two would share one key: each must keep its own name and brand.
    const first = part({ name: 'Brake\u0000Pad', brand: 'Set', oemNumbers: ['A\u0000B', '["x"]'] });
    const second = part({ name: 'Brake', brand: 'Pad\u0000Set', partNumber: '"quoted"\\' });
    const index = new MemoryIndex();
    index.load([first, second]);
    await index.complete([[first, second]]);
    expect(byId(indexedParts(index))).toEqual(byId([first, second]));
    expect(index.search(query({ q: '"quoted"\\' })).ids[0]).toBe(second._id);
    index.remove(first._id);
    expect(indexedParts(index)).toEqual([second]);
    expect(index.search(query({ q: 'A\u0000B' })).total).toBe(0);
  });

  it('gives them back a batch at a time, each built when asked for, and stops when the index is loaded anew meanwhile', async () => {
    const given = Array.from({ length: 5 }, (_, at) => part({ name: `Cabin Filter ${at}`, fitment: [corolla] }));
    const index = new MemoryIndex();
    index.load(given);
    await index.complete([given]);
    expect([...index.indexedBatches(2)].map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(byId([...index.indexedBatches(2)].flat())).toEqual(byId(indexedParts(index)));

    // A change after the first batch shows in a later one: nothing was built ahead of the reader.
    const batches = index.indexedBatches(2);
    expect((batches.next().value as IndexedPart[]).map((p) => p.name)).toEqual(['Cabin Filter 0', 'Cabin Filter 1']);
    index.upsert({ ...given[4]!, name: 'Pollen Filter 4' });
    expect([...batches].flat().map((p) => p.name)).toEqual(['Cabin Filter 2', 'Cabin Filter 3', 'Pollen Filter 4']);

    const interrupted = index.indexedBatches(2);
    interrupted.next();
    index.load(given.slice(0, 1));
    expect(() => interrupted.next()).toThrow('the index was loaded anew while its parts were read');
  });

  it('keeps a number right as one part, then several, then one again and none carry it', () => {
    const own = part({ name: 'Oil Filter', partNumber: 'OF-100' });
    const index = new MemoryIndex();
    index.build([own]);
    const byNumber = () => index.search(query({ q: 'of100' })).ids;
    expect(byNumber()).toEqual([own._id]);
    const crossA = part({ name: 'Cartridge', oemNumbers: ['OF-100'] });
    const crossB = part({ name: 'Canister', oemNumbers: ['of 100'] });
    index.upsert(crossA);
    index.upsert(crossB);
    expect(byNumber()[0]).toBe(own._id);
    expect(new Set(byNumber())).toEqual(new Set([own._id, crossA._id, crossB._id]));
    index.remove(own._id);
    index.remove(crossA._id);
    expect(byNumber()).toEqual([crossB._id]);
    expect(index.suggest('OF-100', 5)).toEqual([
      { kind: 'part', id: crossB._id, label: 'Canister', detail: `Stopline · ${crossB.partNumber} · Replaces OE of 100` },
    ]);
    index.remove(crossB._id);
    expect(index.search(query({ q: 'of100' })).total).toBe(0);
  });

  it('keeps of a note only that there is one, so a noted row still asks to check', () => {
    const noted = { ...corolla, engine: '1.8L', notes: 'With 288 mm front rotors; not for the wagon' };
    const index = new MemoryIndex();
    index.build([part({ name: 'Brake Pad Set', fitment: [noted] })]);
    expect(indexedParts(index)[0]!.fitment).toEqual([{ ...noted, notes: '*' }]);
    expect(index.search(query({ make: 'Toyota', model: 'Corolla', year: '2016', engine: '1.8L' })).knownFits).toBe(0);
    expect(index.search(query({ make: 'Toyota', model: 'Corolla', year: '2016', engine: '1.8L' })).total).toBe(1);
  });

  it('shares one object for equal rows of parts changed one by one, as an import changes them', () => {
    const index = new MemoryIndex();
    index.build([]);
    const rows = [{ ...corolla, notes: 'Front' }, { ...corolla, notes: 'Rear' }, { ...corolla }];
    rows.forEach((row, i) => index.upsert(part({ name: `Filter ${i}`, fitment: [row] })));
    const kept = indexedParts(index).map((indexed) => indexed.fitment[0]);
    expect(kept[1]).toBe(kept[0]);
    expect(kept[2]).not.toBe(kept[0]);
    expect(kept[2]).toEqual(corolla);
  });

  it('shares one object for equal fitment rows of the parts it completes, and none across their lists', async () => {
    const first = part({ name: 'Cabin Air Filter', fitment: [{ ...corolla }, { ...corolla, yearFrom: 2020, yearTo: 2023 }] });
    const second = part({ name: 'Engine Air Filter', fitment: [{ ...corolla }] });
    const index = new MemoryIndex();
    index.load([first, second]);
    await index.complete([[first], [second]]);
    const [a, b] = byId(indexedParts(index));
    expect(b!.fitment[0]).toBe(a!.fitment[0]);
    expect(b!.fitment).toEqual([corolla]);
    b!.fitment.push({ ...corolla, yearFrom: 1990, yearTo: 1991 });
    expect(byId(indexedParts(index))[1]!.fitment).toEqual([corolla]);
  });
});

describe('MemoryIndex: loading in two steps', () => {
  it('answers listings as soon as it is loaded, and text and vehicle searches once complete, as build() does', async () => {
    const { index: built, parts } = catalog();
    const index = new MemoryIndex();
    // What a listing needs only, as a snapshot's list chunk holds it: no names, numbers or fitment yet.
    index.load(decodeListed(encodeListed(Object.values(parts))));
    expect(index.isComplete).toBe(false);
    const listing = query({ category: 'brakes', inStock: 'true', sort: 'price-asc' });
    expect(index.canAnswer(listing)).toBe(true);
    expect(index.search(listing)).toEqual(built.search(listing));
    // The sitemap's ids and dates too.
    expect(index.knowsDates).toBe(true);
    expect(index.all()).toEqual(built.all());
    const changedAt = new Map(Object.values(parts).map((p) => [p._id, p.updatedAt]));
    expect(index.all().map((p) => p.updatedAt)).toEqual(index.all().map((p) => changedAt.get(p.id)));
    const text = query({ q: 'brake pad' });
    const vehicle = query({ make: 'Toyota', model: 'Corolla', year: '2016' });
    expect(index.canAnswer(text)).toBe(false);
    expect(index.canAnswer(vehicle)).toBe(false);
    expect(() => index.search(text)).toThrow(/still completing/);
    expect(() => index.search(vehicle)).toThrow(/still completing/);
    expect(() => index.upsert({ ...parts.bolt, price: 1 })).toThrow(/still completing/);

    // The whole parts come in batches, as a snapshot's chunks do.
    const [first, ...rest] = Object.values(parts);
    await expect(index.complete([[first!], rest])).resolves.toBe(true);
    expect(index.isComplete).toBe(true);
    for (const q of [text, vehicle, query({ q: 'SL-BP-4465' })]) expect(index.search(q)).toEqual(built.search(q));
    expect(index.suggest('bra', 8)).toEqual(built.suggest('bra', 8));
    // Complete, it takes changes again: a new name is found by its words.
    index.upsert({ ...parts.bolt, name: 'Stainless Caliper Guide Pin Kit' });
    expect(index.search(query({ q: 'guide pin' })).ids).toEqual([parts.bolt._id]);
  });

  it("lists the sitemap's dates once complete when an older release's list chunk had none", async () => {
    const { index: built, parts } = catalog();
    const index = new MemoryIndex();
    // An older snapshot's rows: the listing's six columns, no last change.
    const older = JSON.stringify(Object.values(parts).map((p) => [p._id, p.price, p.availableQuantity, p.createdAt, p.brand, p.category]));
    index.load(decodeListed(older));
    expect(index.knowsDates).toBe(false);
    expect(() => index.all()).toThrow(/still completing/);
    const listing = query({ sort: 'price-asc' });
    expect(index.search(listing)).toEqual(built.search(listing));
    await expect(index.complete([Object.values(parts)])).resolves.toBe(true);
    expect(index.knowsDates).toBe(true);
    expect(index.all()).toEqual(built.all());
  });

  it('abandons a completion that a later load replaced, and completes the new one', async () => {
    const { parts } = catalog();
    const many = Array.from({ length: 12_000 }, (_, n) => ({
      ...parts.pads,
      _id: `bulk${n}`,
      name: `Bulk Part ${n}`,
      partNumber: `BULK-${n}`,
    }));
    const index = new MemoryIndex();
    index.load(many);
    const first = index.complete([many]);
    // The first completion yields after its first slice; this load replaces everything meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    index.load([parts.rotor, parts.plug]);
    await expect(first).resolves.toBe(false);
    expect(index.isComplete).toBe(false);
    // A part it did not load (the pads) is skipped; every loaded one must come.
    await expect(index.complete([[parts.rotor, parts.pads, parts.plug]])).resolves.toBe(true);
    expect(index.search(query({ q: 'bulk' })).total).toBe(0);
    expect(index.search(query({ q: 'rotor' })).ids).toEqual([parts.rotor._id]);
    expect(index.size).toBe(2);
    index.load([parts.rotor, parts.plug]);
    await expect(index.complete([[parts.rotor]])).rejects.toThrow(/1 of the 2 loaded parts/);
    expect(index.isComplete).toBe(false);
  });
});

describe('MemoryIndex: suggestions', () => {
  it('offers categories, brands and part names as you type, and the part of an exact number first', () => {
    const { index, parts } = catalog();
    const suggestions = index.suggest('bra', 8);
    expect(suggestions[0]).toEqual({ kind: 'category', value: 'brakes', label: 'Brakes' });
    expect(suggestions.map((s) => s.label)).toEqual(expect.arrayContaining(['Ceramic Front Brake Pad Set', 'Vented Front Brake Rotor']));
    expect(index.suggest('0446502220', 8)[0]).toMatchObject({ kind: 'part', id: parts.pads._id });
    expect(index.suggest('volt', 8)[0]).toEqual({ kind: 'brand', value: 'Voltaris', label: 'Voltaris' });
  });
});

describe('MemoryIndex: Manage Products at 100,000 parts', () => {
  it('finds by name, part number and brand, and filters by category and stock, a page in well under a second', () => {
    const categories = ['brakes', 'filters', 'lighting', 'cooling'];
    const parts: IndexedPart[] = Array.from({ length: 100_000 }, (_, i) =>
      part({
        name: `${['Brake Pad', 'Oil Filter', 'Head Lamp', 'Radiator Hose'][i % 4]} ${i}`,
        brand: `Brand${i % 50}`,
        category: categories[i % 4]!,
        partNumber: `MP-${i}`,
        availableQuantity: i % 10 === 0 ? 0 : 3,
      }),
    );
    const index = new MemoryIndex();
    index.build(parts);
    const page = (fields: Record<string, string>) => index.search(query({ limit: '60', sort: 'newest', ...fields }));
    const started = performance.now();
    const byNumber = page({ q: 'MP-54321', sort: 'relevance' });
    const byBrand = page({ q: 'Brand7' });
    const lampsOut = page({ category: 'lighting', outOfStock: 'true' });
    const lampsIn = page({ category: 'lighting', inStock: 'true', cursor: 'c1o' });
    const elapsed = performance.now() - started;
    expect(byNumber.ids[0]).toBe(parts[54321]!._id);
    expect(byBrand.total).toBe(2000);
    expect(byBrand.ids).toHaveLength(60);
    // Every tenth part is out of stock; lighting is every fourth: i % 20 === 10 (i % 4 === 2 and i % 10 === 0).
    expect(lampsOut.total).toBe(5000);
    expect(lampsIn.total).toBe(20_000);
    expect(elapsed).toBeLessThan(1000);
  }, 120_000);
});

describe('MemoryIndex: interchange numbers', () => {
  function interchangeCatalog() {
    const pads = part({
      name: 'Ceramic Front Brake Pad Set',
      partNumber: 'AK-7781',
      interchange: [
        { kind: 'oe', brand: 'Toyota', number: '04465-02220' },
        { kind: 'aftermarket', brand: 'Bosch', number: '0 986 494 104' },
      ],
    });
    // One digit away from the first one's OE number.
    const near = part({
      name: 'Semi-Metallic Pad Set',
      partNumber: 'AK-7782',
      interchange: [{ kind: 'oe', brand: null, number: '04465-02230' }],
    });
    const words = part({ name: 'Front Brake Pad Set' });
    const index = new MemoryIndex();
    index.build([words, near, pads]);
    return { index, pads, near, words };
  }

  it.each(['04465-02220', '0446502220', '04465 02220', '04465.02220', '04465/02220', ' 04465-02220 '])(
    'finds the part replacing OE 04465-02220 by %j, and only it',
    (typed) => {
      const { index, pads } = interchangeCatalog();
      const page = index.search(query({ q: typed }));
      expect(page.ids[0]).toBe(pads._id);
      expect(page.replaces).toEqual({ [pads._id]: 'Replaces OE 04465-02220' });
    },
  );

  it('forgives no typo in a number: 04465-02230 finds the part replacing it, never the one replacing 04465-02220', () => {
    const { index, pads, near } = interchangeCatalog();
    const page = index.search(query({ q: '04465-02230' }));
    expect(page.ids[0]).toBe(near._id);
    expect(page.ids).not.toContain(pads._id);
    expect(index.search(query({ q: '0446502221' })).ids).not.toContain(pads._id);
    expect(index.search(query({ q: '446502220' })).total).toBe(0);
  });

  it('ignores case, and labels an aftermarket number with its brand', () => {
    const { index, pads } = interchangeCatalog();
    const page = index.search(query({ q: '0986494104' }));
    expect(page.ids).toEqual([pads._id]);
    expect(page.replaces).toEqual({ [pads._id]: 'Replaces Bosch 0 986 494 104' });
    const lower = part({ name: 'Oil Filter', interchange: [{ kind: 'aftermarket', brand: 'Mann', number: 'W 712/75' }] });
    index.upsert(lower);
    expect(index.search(query({ q: 'w71275' })).ids).toEqual([lower._id]);
  });

  it('ranks the part found by its interchange number before parts whose words match, whatever the order', () => {
    const { index, near, words } = interchangeCatalog();
    const page = index.search(query({ q: '04465 02230' }));
    expect(page.ids[0]).toBe(near._id);
    const byWords = index.search(query({ q: 'front brake pad set' }));
    expect(byWords.ids[0]).toBe(words._id);
    expect(byWords.replaces).toBeUndefined();
  });

  it("labels an older OEM number as an OE number, and the part's own number not at all", () => {
    const { index, pads } = interchangeCatalog();
    const oem = part({ name: 'Rotor', oemNumbers: ['43512-02210'] });
    index.upsert(oem);
    expect(index.search(query({ q: '4351202210' })).replaces).toEqual({ [oem._id]: 'Replaces OE 43512-02210' });
    const own = index.search(query({ q: 'ak7781' }));
    expect(own.ids[0]).toBe(pads._id);
    expect(own.replaces).toBeUndefined();
  });

  it('forgets the numbers of a part changed or removed, and lists a part once for a number it carries twice', () => {
    const { index, pads } = interchangeCatalog();
    index.upsert({ ...pads, interchange: [{ kind: 'oe', brand: null, number: '04465-99999' }], oemNumbers: ['0446599999'] });
    expect(index.search(query({ q: '04465-02220' })).ids).not.toContain(pads._id);
    expect(index.search(query({ q: '04465-99999' })).ids).toEqual([pads._id]);
    index.remove(pads._id);
    expect(index.search(query({ q: '04465-99999' })).total).toBe(0);
  });

  it('ranks the part a number belongs to ahead of one without a part number that replaces it, added later', () => {
    const { index, pads } = interchangeCatalog();
    const unnumbered = part({
      name: 'Pad Shim Kit',
      partNumber: '',
      interchange: [{ kind: 'aftermarket', brand: 'Akebono', number: 'AK 7781' }],
    });
    index.upsert(unnumbered);
    const page = index.search(query({ q: 'AK-7781' }));
    expect(page.ids.slice(0, 2)).toEqual([pads._id, unnumbered._id]);
    expect(page.replaces).toEqual({ [unnumbered._id]: 'Replaces Akebono AK 7781' });
  });

  it('suggests the part with the number it replaces', () => {
    const { index, pads } = interchangeCatalog();
    expect(index.suggest('0446502220', 5)[0]).toEqual({
      kind: 'part',
      id: pads._id,
      label: pads.name,
      detail: 'Stopline · AK-7781 · Replaces OE 04465-02220',
    });
  });

  it('gives its interchange numbers back to the snapshot, and a part without any as it was', async () => {
    const { pads, near, words } = interchangeCatalog();
    const index = new MemoryIndex();
    const given = decodeParts(encodeParts([pads, near, words]));
    expect(given).toEqual([pads, near, words]);
    index.load(given);
    await index.complete([given]);
    expect(indexedParts(index).sort((a, b) => a._id.localeCompare(b._id))).toEqual(
      [pads, near, words].sort((a, b) => a._id.localeCompare(b._id)),
    );
    expect(index.search(query({ q: '0446502220' })).ids).toEqual([pads._id]);
  });
});
