import mongoose, { Types } from 'mongoose';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import {
  moveEmbeddedFitment,
  PartNumberMap,
  readFitment,
  readFitments,
  replaceFitment,
  rewriteFitment,
  writeFitments,
  type FitmentRowDoc,
} from '@/lib/catalog';
import { bulkWriteInCommands } from '@/lib/platform/by-id';
import { Part, PartFitment, Vehicle } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

/** A part's fitment rows in their own collection, read and written by the part's id (lib/catalog/fitment-store.ts). */

const row = (yearFrom: number, brandAAIAID?: string): FitmentRowDoc => ({
  make: 'Toyota',
  model: 'Corolla',
  yearFrom,
  yearTo: yearFrom,
  ...(brandAAIAID ? { source: { importId: 'import-1', appId: String(yearFrom), brandAAIAID } } : {}),
});

describe('writeFitments', () => {
  it('inserts the rows of a part without any, then writes only over the rows it read', async () => {
    const partId = String(new Types.ObjectId());
    expect(await readFitment(partId)).toEqual({ partId, rows: [], rev: 0 });
    expect(await writeFitments([{ partId, rows: [row(2015, 'BQXT')], rev: 0 }])).toBe(1);
    const first = await readFitment(partId);
    expect(first).toMatchObject({ rev: 1, rows: [expect.objectContaining({ yearFrom: 2015 })] });
    expect((await PartFitment.findById(partId).lean())!.brands).toEqual(['BQXT']);

    // A second insert for the part (another process read it without rows too) is refused by the _id.
    expect(await writeFitments([{ partId, rows: [row(2016)], rev: 0 }])).toBe(0);
    // An admin's save between an import's read and its write: the import's write is refused, the save stays.
    await replaceFitment(partId, [row(2017)]);
    expect(await writeFitments([{ ...first, rows: [row(2018)] }])).toBe(0);
    expect((await readFitment(partId)).rows).toEqual([expect.objectContaining({ yearFrom: 2017 })]);
    const now = await readFitment(partId);
    expect(now.rev).toBe(2);
    expect(await writeFitments([{ ...now, rows: [row(2019)] }])).toBe(1);
    expect(await readFitment(partId)).toMatchObject({ rev: 3, rows: [expect.objectContaining({ yearFrom: 2019 })] });
  });

  it('writes 120 parts in one call (FerretDB never answers a bulk write of 100 updates), counting each written part', async () => {
    const ids = Array.from({ length: 120 }, () => String(new Types.ObjectId()));
    expect(await writeFitments(ids.map((partId) => ({ partId, rows: [row(2014)], rev: 0 })))).toBe(120);
    const read = await readFitments(ids);
    expect([...read.values()].every((stored) => stored.rev === 1)).toBe(true);
    // One of them saved meanwhile: 119 written, and that one kept.
    await replaceFitment(ids[7]!, [row(2020)]);
    expect(await writeFitments([...read.values()].map((stored) => ({ ...stored, rows: [row(2015)] })))).toBe(119);
    expect((await readFitment(ids[7]!)).rows).toEqual([expect.objectContaining({ yearFrom: 2020 })]);
    expect((await readFitment(ids[8]!)).rows).toEqual([expect.objectContaining({ yearFrom: 2015 })]);
  });
});

describe('rewriteFitment', () => {
  it('puts its change on the rows saved meanwhile, and writes nothing when the change has nothing to do', async () => {
    const partId = String(new Types.ObjectId());
    await replaceFitment(partId, [row(2015)]);
    const read = await readFitment(partId);
    // Another save gets in between this read and the rewrite's first write.
    await replaceFitment(partId, [row(2015), row(2016)]);
    const before = await rewriteFitment(read, (rows) => [...rows, row(2017)], 'conflict');
    expect(before!.rows.map((stored) => stored.yearFrom)).toEqual([2015, 2016]);
    expect((await readFitment(partId)).rows.map((stored) => stored.yearFrom)).toEqual([2015, 2016, 2017]);
    expect(await rewriteFitment(await readFitment(partId), () => null, 'conflict')).toBeNull();
    expect((await readFitment(partId)).rev).toBe(3);
  });
});

describe('bulkWriteInCommands', () => {
  it('applies 150 updates and answers how many documents matched', async () => {
    const ids = Array.from({ length: 150 }, () => new Types.ObjectId());
    await PartFitment.collection.insertMany(ids.map((_id) => ({ _id, rows: [], rev: 1 })));
    const writes = ids.map((_id) => ({ updateOne: { filter: { _id, rev: 1 }, update: { $set: { rev: 5 } } } }));
    expect(await bulkWriteInCommands(PartFitment, writes)).toEqual({ matched: 150, upserted: 0 });
    expect(await PartFitment.countDocuments({ _id: { $in: ids }, rev: 5 })).toBe(150);
  });
});

describe('PartNumberMap', () => {
  it('finds parts by their normalised number by id, learns new ones, and leaves out a part whose number changed', async () => {
    const id = await makePart();
    await Part.updateOne({ _id: id }, { $set: { partNumber: 'MAP-1', partNumberKey: 'MAP1', brand: 'Stopline' } });
    const numbers = await PartNumberMap.read();
    expect([...(await numbers.partsWith<{ _id: Types.ObjectId; brand: string }>(['MAP1', 'NONE'], { brand: 1 })).entries()]).toEqual([
      ['MAP1', expect.objectContaining({ brand: 'Stopline', partNumberKey: 'MAP1' })],
    ]);
    const later = await makePart();
    await Part.updateOne({ _id: later }, { $set: { partNumber: 'MAP-2', partNumberKey: 'MAP2' } });
    expect((await numbers.partsWith(['MAP2'], {})).size).toBe(0);
    numbers.remember('MAP2', new Types.ObjectId(later));
    expect(String((await numbers.partsWith(['MAP2'], {})).get('MAP2')!._id)).toBe(later);
    await Part.updateOne({ _id: id }, { $set: { partNumberKey: 'MAP9' } });
    expect((await numbers.partsWith(['MAP1'], {})).size).toBe(0);
  });
});

describe('moveEmbeddedFitment', () => {
  const marks = () => mongoose.connection.collection<{ _id: string }>('schema_marks');

  it('moves rows kept inside parts to their collection once, keeping rows a part already has there', async () => {
    await marks().deleteOne({ _id: 'fitment-moved' });
    const old = await makePart();
    const both = await makePart({ fitment: [row(2019)] });
    const embedded = (id: string, rows: FitmentRowDoc[]) =>
      Part.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { fitment: rows } });
    await embedded(old, [row(2015, 'BQXT'), row(2016)]);
    await embedded(both, [row(2010)]);

    expect(await moveEmbeddedFitment()).toBe(2);
    expect((await readFitment(old)).rows.map((stored) => stored.yearFrom)).toEqual([2015, 2016]);
    expect((await PartFitment.findById(old).lean())!.brands).toEqual(['BQXT']);
    expect((await readFitment(both)).rows.map((stored) => stored.yearFrom)).toEqual([2019]);
    expect(await Part.collection.countDocuments({ fitment: { $exists: true } })).toBe(0);

    // Marked: a later start does not look again.
    await embedded(old, [row(2001)]);
    expect(await moveEmbeddedFitment()).toBe(0);
    expect((await readFitment(old)).rows.map((stored) => stored.yearFrom)).toEqual([2015, 2016]);
  });
});

describe('a part number another part has', () => {
  let admin: UserDTO;
  beforeAll(async () => {
    admin = await makeUser({ admin: true });
    await Vehicle.create({ _id: 'toyota-corolla-2014', make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engines: [] });
  });
  const body = (partNumber: string) => ({
    name: `Pad ${partNumber}`,
    price: 20,
    availableQuantity: 3,
    minimumQuantity: 1,
    img: '/images/parts/ceramic-front-brake-pad-set.svg',
    description: 'A pad set that fits the front axle of the car it names, with hardware.',
    partNumber,
  });
  const TAKEN = {
    error: 'This part number is already used by another part',
    fieldErrors: { partNumber: ['This part number is already used by another part'] },
  };

  it('is refused on create (400, spelled differently), storing no part and no rows', async () => {
    const first = await callRoute(createPartRoute, '/api/parts', { method: 'POST', as: admin, body: body('TK-100') });
    expect(first.status).toBe(201);
    const before = await PartFitment.countDocuments();
    const again = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...body('tk 100'), name: 'Another pad', fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015 }] },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(TAKEN);
    expect(await Part.countDocuments({ name: 'Another pad' })).toBe(0);
    expect(await PartFitment.countDocuments()).toBe(before);
  });

  it('is refused on edit (400), leaving the part as it was', async () => {
    await callRoute(createPartRoute, '/api/parts', { method: 'POST', as: admin, body: body('TK-200') });
    const other = await callRoute(createPartRoute, '/api/parts', { method: 'POST', as: admin, body: body('TK-201') });
    const id = other.body.insertedId as string;
    const res = await callRoute(updatePartRoute, `/api/parts/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { partNumber: 'TK.200', price: 99 },
    });
    expect(res.body).toMatchObject(TAKEN);
    expect(res.status).toBe(400);
    expect(await Part.findById(id).lean()).toMatchObject({ partNumber: 'TK-201', price: 20 });
  });
});
