import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { GET as suggestRoute } from '@/app/api/search/suggest/route';
import { catalogSearch } from '@/lib/catalog/search';
import type { UserDTO } from '@/lib/auth/users';
import { Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';
import { startFollower } from '@/tests/helpers/start-follower';

const PRODUCT = {
  price: 54.9,
  availableQuantity: 12,
  minimumQuantity: 1,
  img: '/images/parts/ceramic-front-brake-pad-set.svg',
  description: 'Low-dust ceramic pads with shims, made for quiet stops in city traffic and long motorway runs.',
  category: 'brakes',
};
const OE = { kind: 'oe', brand: 'Toyota', number: '04465-02220' };
const BOSCH = { kind: 'aftermarket', brand: 'Bosch', number: '0 986 494 104' };

let admin: UserDTO;
let pads: string;
let near: string;

const createPart = (body: unknown) => callRoute(createPartRoute, '/api/parts', { method: 'POST', as: admin, body });
const updatePart = (id: string, body: unknown) =>
  callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body });
const search = (q: string) => callRoute(searchRoute, `/api/search?q=${encodeURIComponent(q)}`);

beforeAll(async () => {
  admin = await makeUser({ admin: true });
  await catalogSearch().ready();
  const created = await createPart({
    ...PRODUCT,
    name: 'Ceramic Brake Pad Set',
    brand: 'Akebono',
    partNumber: 'AK-7781',
    interchange: [OE, BOSCH],
  });
  expect(created.status).toBe(201);
  pads = created.body.insertedId;
  // One digit away from the first part's OE number.
  const other = await createPart({
    ...PRODUCT,
    name: 'Semi-Metallic Pad Set',
    partNumber: 'AK-7782',
    interchange: [{ kind: 'oe', number: '04465-02230' }],
  });
  near = other.body.insertedId;
  await createPart({ ...PRODUCT, name: 'Front Brake Pad Set', partNumber: 'SL-1' });
}, 60_000);

describe('interchange numbers on a part (Add Product and edit)', () => {
  it('stores each number with its match key and kind, the brand only when given, and a number typed twice once', async () => {
    const created = await createPart({
      ...PRODUCT,
      name: 'Rear Pad Set',
      interchange: [{ ...OE, number: '04466-33333' }, { kind: 'oe', brand: '', number: '0446633333' }, BOSCH],
    });
    expect(created.status).toBe(201);
    const stored = await Part.findById(created.body.insertedId).lean();
    expect(stored!.interchange).toEqual([
      { kind: 'oe', brand: 'Toyota', number: '04466-33333', key: '0446633333' },
      { kind: 'aftermarket', brand: 'Bosch', number: '0 986 494 104', key: '0986494104' },
    ]);
    expect(stored!.availableQuantity).toBe(12);
  });

  it.each([
    [
      'a number with other characters',
      [{ kind: 'oe', number: '04465#02220' }],
      'interchange.0.number',
      'Interchange number has letters, digits, spaces, dashes, dots or slashes only',
    ],
    ['a blank number', [{ kind: 'oe', number: '  ' }], 'interchange.0.number', 'Interchange number is Required'],
    ['a number of 41 characters', [{ kind: 'oe', number: '1'.repeat(41) }], 'interchange.0.number', 'Interchange number is too long'],
    ['a brand of 61 characters', [{ kind: 'aftermarket', brand: 'B'.repeat(61), number: '1' }], 'interchange.0.brand', 'Brand is too long'],
    ['another kind', [{ kind: 'oem', number: '1' }], 'interchange.0.kind', 'Choose OE or aftermarket'],
    [
      '51 numbers',
      Array.from({ length: 51 }, (_, i) => ({ kind: 'oe', number: `N-${i}` })),
      'interchange',
      'At most 50 interchange numbers',
    ],
    ['not a list', 'N-1', 'interchange', 'Interchange numbers must be a list'],
    ['an operator', [{ kind: 'oe', number: { $ne: '' } }], 'interchange.0.number', expect.any(String)],
  ])('refuses %s with 400 and the field, storing nothing', async (_, interchange, field, message) => {
    const before = await Part.countDocuments();
    const res = await createPart({ ...PRODUCT, name: 'Refused Pad Set', interchange });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toEqual([message]);
    expect(await Part.countDocuments()).toBe(before);
    const edited = await updatePart(pads, { interchange });
    expect(edited.status).toBe(400);
    expect((await Part.findById(pads).lean())!.interchange.map((entry) => entry.number)).toEqual([OE.number, BOSCH.number]);
  });

  it('takes 50 numbers, and an edit replaces the list', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ kind: 'aftermarket', brand: 'Fifty', number: `F-${i}` }));
    const created = await createPart({ ...PRODUCT, name: 'Fifty Numbers Pad Set', interchange: fifty });
    expect(created.status).toBe(201);
    const edited = await updatePart(created.body.insertedId, { interchange: [OE] });
    expect(edited.status).toBe(200);
    expect(edited.body.part.interchange).toEqual([{ kind: 'oe', brand: 'Toyota', number: '04465-02220' }]);
    await updatePart(created.body.insertedId, { interchange: [] });
    expect((await Part.findById(created.body.insertedId).lean())!.interchange).toEqual([]);
  });
});

describe('GET /api/search by an interchange number', () => {
  it.each(['04465-02220', '0446502220', '04465 02220', '04465.02220'])(
    'finds the part replacing OE 04465-02220 by %j, first and labelled',
    async (q) => {
      const res = await search(q);
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({ _id: pads, replaces: 'Replaces OE 04465-02220' });
      expect(res.body.items.map((item: { _id: string }) => item._id)).not.toContain(near);
    },
  );

  it('never finds it by a number one digit away, which finds the part replacing that one', async () => {
    const res = await search('04465-02230');
    expect(res.body.items[0]).toMatchObject({ _id: near, replaces: 'Replaces OE 04465-02230' });
    expect(res.body.items.map((item: { _id: string }) => item._id)).not.toContain(pads);
    expect((await search('04465-0222')).body.items.map((item: { _id: string }) => item._id)).not.toContain(pads);
  });

  it('labels an aftermarket number with its brand, matched whatever the case, and no result found by words or its own number', async () => {
    expect((await search('0986494104')).body.items[0]).toMatchObject({ _id: pads, replaces: 'Replaces Bosch 0 986 494 104' });
    const filter = await createPart({
      ...PRODUCT,
      name: 'Oil Filter',
      interchange: [{ kind: 'aftermarket', brand: 'Mann', number: 'W 712/75' }],
    });
    expect((await search('w71275')).body.items[0]).toMatchObject({ _id: filter.body.insertedId, replaces: 'Replaces Mann W 712/75' });
    const own = (await search('ak7781')).body.items[0];
    expect(own._id).toBe(pads);
    expect(own).not.toHaveProperty('replaces');
    const words = (await search('brake pad set')).body.items;
    expect(words.length).toBeGreaterThan(1);
    expect(words.filter((item: { replaces?: string }) => item.replaces)).toEqual([]);
  });

  it('suggests the part with the number it replaces', async () => {
    const res = await callRoute(suggestRoute, `/api/search/suggest?q=${encodeURIComponent('04465 02220')}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('Replaces OE 04465-02220');
  });
});

describe('interchange numbers across two processes', () => {
  let follower: ChildProcessWithoutNullStreams;
  let lines: AsyncIterableIterator<string>;
  beforeAll(async () => {
    ({ child: follower, lines } = await startFollower());
  }, 60_000);
  afterAll(() => follower?.kill());

  async function seenAfter(line: string): Promise<number> {
    follower.stdin.write(`${line}\n`);
    return (JSON.parse((await lines.next()).value as string) as { ms: number }).ms;
  }

  it('finds a number added here in the other process within 5 s, and forgets it once removed', async () => {
    expect(await seenAfter('0446502220')).toBeLessThan(5000);
    expect(await seenAfter('-7777-12345')).toBeLessThan(5000);
    const res = await updatePart(pads, { interchange: [OE, BOSCH, { kind: 'oe', number: '7777-12345' }] });
    expect(res.status).toBe(200);
    expect(await seenAfter('7777 12345')).toBeLessThan(5000);
    await updatePart(pads, { interchange: [OE, BOSCH] });
    expect(await seenAfter('-777712345')).toBeLessThan(5000);
  }, 60_000);
});
