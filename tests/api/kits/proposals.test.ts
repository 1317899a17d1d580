/**
 * GET /api/kits: each job's line proposes one part that fits the vehicle at the line's position (known fits first,
 * then the best seller in paid orders, then the cheapest in stock), says so when none does, and totals the job
 * for the buyer's saved destination with the checkout's own quote. Real database, real orders.
 */
import type { FitmentRowDoc } from '@/lib/catalog/fitment-store';
import { Types } from 'mongoose';
import { GET as kitsRoute } from '@/app/api/kits/route';
import { destinationCookie } from '@/lib/cart/destination';
import { ensureDefaultShipping } from '@/lib/checkout/defaults';
import { decideFit, FIT_QUESTION_TEXT as T, getPart } from '@/lib/catalog';
import { DEFAULT_KITS, KIT_TEXT, type KitsAnswer, type ProposedKit } from '@/lib/kits';
import { JobKit, Order, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart } from '@/tests/helpers/factories';

type Row = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine?: string;
  notes?: string;
  position?: string;
  quantity?: number;
  subModel?: string;
  qualifiers?: Array<{ text: string; qdbId?: number }>;
};
type Fixture = {
  name: string;
  price: number;
  stock?: number;
  minimumQuantity?: number;
  category?: string;
  partTypeId?: number;
  position?: string;
  rows: Row[];
};

let made = 0;
/** A make of its own per test: no other test's parts can fit it. */
const newVehicle = (year = 2015) => ({ year, make: `Make${Date.now().toString(36)}${made++}`, model: 'Corolla' });

async function part(fixture: Fixture): Promise<string> {
  const id = await makePart({
    name: fixture.name,
    price: fixture.price,
    stock: fixture.stock ?? 10,
    minimumQuantity: fixture.minimumQuantity,
    fitment: fixture.rows as FitmentRowDoc[],
  });
  const set = {
    category: fixture.category ?? 'brakes',
    ...(fixture.partTypeId ? { partTypeId: fixture.partTypeId } : {}),
    ...(fixture.position ? { position: fixture.position } : {}),
  };
  await Part.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: set });
  return id;
}

/** A paid order of `quantity` units of a part (a checkout order's lines when `lines`). */
async function sold(partId: string, quantity: number, { cancelled = false, paid = true } = {}) {
  await Order.collection.insertOne({
    partId: new Types.ObjectId(partId),
    partName: 'x',
    price: 1,
    quantity: 1,
    lines: [{ partId: new Types.ObjectId(partId), partName: 'x', unitPrice: 1, quantity, weightGrams: 0 }],
    paid,
    cancelledAt: cancelled ? new Date() : null,
    name: 'Buyer',
    email: 'buyer@example.com',
    address: 'Somewhere 1',
    phone: '123456',
    status: 'pending',
  });
}

const frontPads = { label: 'Front pads', partTypeId: 1684, category: 'brakes', keyword: 'pad set', position: 'front', quantity: 1 };
let kitName = '';

/** A job of its own per test, with these lines. */
async function job(lines: Array<Record<string, unknown>>): Promise<void> {
  kitName = `Job ${made++}`;
  await JobKit.create({ name: kitName, nameKey: kitName.toLowerCase(), lines, position: 0 });
}

async function propose(vehicle: Record<string, unknown>, cookie?: string): Promise<ProposedKit> {
  const query = new URLSearchParams(Object.entries(vehicle).map(([key, value]) => [key, String(value)]));
  const res = await callRoute<KitsAnswer>(kitsRoute, `/api/kits?${query}`, cookie ? { headers: { cookie } } : {});
  expect(res.status).toBe(200);
  return res.body.kits.find((kit) => kit.name === kitName)!;
}

const row = (vehicle: { make: string; model: string }, extra: Partial<Row> = {}): Row => ({
  ...vehicle,
  yearFrom: 2014,
  yearTo: 2019,
  ...extra,
});

describe('the proposed part of a line', () => {
  it('is the best seller in paid orders, cancelled and unpaid orders not counted', async () => {
    const vehicle = newVehicle();
    const [popular, cheap, cancelledHit] = await Promise.all([
      part({ name: 'Popular Front Pad Set', price: 40, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
      part({ name: 'Cheap Front Pad Set', price: 20, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
      part({ name: 'Returned Front Pad Set', price: 30, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
    ]);
    await sold(popular, 3);
    await sold(cheap, 1);
    await sold(cheap, 5, { cancelled: true });
    await sold(cheap, 5, { paid: false });
    await sold(cancelledHit, 9, { cancelled: true });
    await job([frontPads]);
    const kit = await propose(vehicle);
    expect(kit.lines[0]).toMatchObject({
      label: 'Front pads',
      quantity: 1,
      part: { _id: popular, fit: 'fits' },
      lineTotal: 40,
      missing: null,
    });
  });

  it('is the cheapest in stock among equal sellers, skipping one short of the quantity', async () => {
    const vehicle = newVehicle();
    const ids = await Promise.all([
      part({ name: 'Front Rotor A', price: 50, position: 'front', partTypeId: 1896, rows: [row(vehicle)] }),
      part({ name: 'Front Rotor B', price: 45.5, position: 'front', partTypeId: 1896, rows: [row(vehicle)] }),
      part({ name: 'Front Rotor C', price: 30, stock: 1, position: 'front', partTypeId: 1896, rows: [row(vehicle)] }),
    ]);
    await job([{ label: 'Front rotors', partTypeId: 1896, position: 'front', quantity: 2 }]);
    const kit = await propose(vehicle);
    expect(kit.lines[0]).toMatchObject({ quantity: 2, part: { _id: ids[1] }, lineTotal: 91 });
  });

  it('takes a best seller out of stock for the next one', async () => {
    const vehicle = newVehicle();
    const [gone, next] = await Promise.all([
      part({ name: 'Gone Front Pad Set', price: 20, stock: 0, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
      part({ name: 'Next Front Pad Set', price: 60, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
    ]);
    await sold(gone, 10);
    await job([frontPads]);
    expect((await propose(vehicle)).lines[0]!.part!._id).toBe(next);
  });

  it('fits the vehicle: make and model in any case, the year inside the rows, the chosen engine', async () => {
    const vehicle = newVehicle(2015);
    const [fits] = await Promise.all([
      part({
        name: 'Fitting Front Pad Set',
        price: 90,
        position: 'front',
        partTypeId: 1684,
        rows: [row(vehicle, { yearFrom: 2015, yearTo: 2015 })],
      }),
      part({ name: 'Too New Front Pad Set', price: 10, position: 'front', partTypeId: 1684, rows: [row(vehicle, { yearFrom: 2016 })] }),
      part({ name: 'Too Old Front Pad Set', price: 10, position: 'front', partTypeId: 1684, rows: [row(vehicle, { yearTo: 2014 })] }),
      part({ name: 'Other Model Pad Set', price: 10, position: 'front', partTypeId: 1684, rows: [{ ...row(vehicle), model: 'Camry' }] }),
      part({ name: 'Other Engine Pad Set', price: 10, position: 'front', partTypeId: 1684, rows: [row(vehicle, { engine: '2.0L I4' })] }),
    ]);
    await job([frontPads]);
    const shouted = { ...vehicle, make: vehicle.make.toUpperCase(), model: 'corolla', engine: '1.8L I4' };
    expect((await propose(shouted)).lines[0]!.part!._id).toBe(fits);
  });

  it('prefers a part known to fit to a cheaper one whose notes must be checked', async () => {
    const vehicle = newVehicle();
    const [known, noted] = await Promise.all([
      part({ name: 'Known Front Pad Set', price: 80, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
      part({
        name: 'Noted Front Pad Set',
        price: 10,
        position: 'front',
        partTypeId: 1684,
        rows: [row(vehicle, { notes: 'With 288 mm rotors' })],
      }),
    ]);
    await job([frontPads]);
    expect((await propose(vehicle)).lines[0]!.part).toMatchObject({ _id: known, fit: 'fits' });
    await Part.collection.updateOne({ _id: new Types.ObjectId(known) }, { $set: { availableQuantity: 0 } });
    expect((await propose(vehicle)).lines[0]!.part).toMatchObject({ _id: noted, fit: 'check' });
  });

  it("honours the line's position: the row's own position first, else the part's; no position takes unpositioned parts", async () => {
    const vehicle = newVehicle();
    const [front, rowFront] = await Promise.all([
      part({ name: 'Front Pad Set', price: 50, position: 'front', partTypeId: 1684, rows: [row(vehicle)] }),
      part({ name: 'Axle Pad Set', price: 45, partTypeId: 1684, rows: [row(vehicle, { position: 'Front' })] }),
      part({ name: 'Rear Pad Set', price: 5, position: 'rear', partTypeId: 1684, rows: [row(vehicle)] }),
      part({ name: 'Rear Row Pad Set', price: 5, position: 'front', partTypeId: 1684, rows: [row(vehicle, { position: 'Rear' })] }),
      part({ name: 'Wiper Blade 22 in', price: 12, category: 'wipers', rows: [row(vehicle)] }),
      part({ name: 'Rear Wiper Blade 12 in', price: 9, category: 'wipers', position: 'rear', rows: [row(vehicle)] }),
    ]);
    await job([frontPads, { label: 'Wipers', category: 'wipers', keyword: 'wiper blade', quantity: 1 }]);
    const kit = await propose(vehicle);
    expect(kit.lines[0]!.part!._id).toBe(rowFront);
    expect(kit.lines[1]!.part!.name).toBe('Wiper Blade 22 in');
    await Part.collection.updateOne({ _id: new Types.ObjectId(rowFront) }, { $set: { availableQuantity: 0 } });
    expect((await propose(vehicle)).lines[0]!.part!._id).toBe(front);
  });

  it('matches by part type where the part has one, else by category and a word of its name', async () => {
    const vehicle = newVehicle();
    const [typed, untyped] = await Promise.all([
      part({ name: 'Premium Rotor', price: 70, position: 'front', partTypeId: 1896, rows: [row(vehicle)] }),
      part({ name: 'Plain Front Pad Set', price: 25, position: 'front', rows: [row(vehicle)] }),
      // Named like pads, but its part type says rotor: not a pad.
      part({ name: 'Rotor and Pad Set Bundle', price: 5, position: 'front', partTypeId: 1896, rows: [row(vehicle)] }),
      part({ name: 'Front Caliper', price: 5, position: 'front', rows: [row(vehicle)] }),
    ]);
    await job([frontPads, { label: 'Front rotors', partTypeId: 1896, position: 'front', quantity: 2 }]);
    const kit = await propose(vehicle);
    expect(kit.lines[0]!.part!._id).toBe(untyped);
    expect(kit.lines[1]!.part!._id).not.toBe(typed); // the bundle is cheaper and of the type
    expect(kit.lines[1]!.part!.name).toBe('Rotor and Pad Set Bundle');
  });

  it('says so for a line with no fitting part, and for one whose fitting parts are out of stock', async () => {
    const vehicle = newVehicle();
    await part({ name: 'Empty Front Pad Set', price: 20, stock: 0, position: 'front', partTypeId: 1684, rows: [row(vehicle)] });
    await job([frontPads, { label: 'Wear sensor', category: 'brakes', keyword: 'wear sensor', position: 'front', quantity: 1 }]);
    const kit = await propose(vehicle);
    expect(kit.lines).toEqual([
      { label: 'Front pads', quantity: 1, part: null, lineTotal: 0, missing: 'out-of-stock' },
      { label: 'Wear sensor', quantity: 1, part: null, lineTotal: 0, missing: 'no-fitting-part' },
    ]);
    expect(kit).toMatchObject({ complete: false, goods: 0, total: 0 });
  });

  it("takes one spark plug per cylinder of the chosen engine, else the line's count, never under the part's minimum", async () => {
    const vehicle = newVehicle();
    const plug = await part({ name: 'Iridium Spark Plug', price: 10, category: 'ignition', partTypeId: 7212, rows: [row(vehicle)] });
    await job([{ label: 'Spark plugs', partTypeId: 7212, quantity: 4, perCylinder: true }]);
    expect((await propose({ ...vehicle, engine: '3.5L V6' })).lines[0]!.quantity).toBe(6);
    expect((await propose(vehicle)).lines[0]!.quantity).toBe(4);
    await Part.collection.updateOne({ _id: new Types.ObjectId(plug) }, { $set: { minimumQuantity: 8 } });
    expect((await propose({ ...vehicle, engine: '3.5L V6' })).lines[0]).toMatchObject({ quantity: 8, lineTotal: 80 });
  });
});

describe("a line's fit questions", () => {
  const rotors288 = 'With 288 mm front rotors';
  const rotors320 = 'With 320 mm front rotors';
  const sizedPads = (vehicle: { make: string; model: string }, name: string, price: number, size: string) =>
    part({ name, price, position: 'front', partTypeId: 1684, rows: [row(vehicle, { qualifiers: [{ text: size, qdbId: 101 }] })] });
  const withAnswers = (vehicle: Record<string, unknown>, answers: Record<string, string[]>) => ({
    ...vehicle,
    answers: JSON.stringify(answers),
  });

  it("carries the part's rows for the vehicle as its API gives them, from which the kit asks its questions", async () => {
    const vehicle = newVehicle();
    const pads = await part({
      name: 'Asking Front Pad Set',
      price: 20,
      position: 'front',
      partTypeId: 1684,
      rows: [
        row(vehicle, { subModel: 'LE', position: 'Front', quantity: 2, qualifiers: [{ text: rotors288, qdbId: 101 }] }),
        { ...row(vehicle), model: 'Camry' },
      ],
    });
    await job([frontPads]);
    const proposed = (await propose(vehicle)).lines[0]!.part!;
    expect(proposed._id).toBe(pads);
    expect(proposed.fitment).toEqual([
      {
        make: vehicle.make,
        model: 'Corolla',
        yearFrom: 2014,
        yearTo: 2019,
        engine: null,
        subModel: 'LE',
        notes: null,
        position: 'Front',
        quantity: 2,
        qualifiers: [rotors288],
      },
    ]);
    // One mapping: the part's own API answers the same row.
    expect((await getPart(pads)).fitment.filter((stored) => stored.model === 'Corolla')).toEqual(proposed.fitment);
    expect(decideFit(proposed.fitment, vehicle).next).toEqual({
      kind: 'subModel',
      text: T.subModel,
      options: ['LE', T.noneOfThese, T.notSure],
    });
  });

  it('proposes the next fitting part once the answers rule the proposed one out, and totals the job with it', async () => {
    const vehicle = newVehicle();
    const [small, large] = await Promise.all([
      sizedPads(vehicle, 'Small Rotor Pad Set', 20, rotors288),
      sizedPads(vehicle, 'Large Rotor Pad Set', 35, rotors320),
    ]);
    await job([frontPads]);
    expect((await propose(vehicle)).lines[0]!.part!._id).toBe(small);
    const next = await propose(withAnswers(vehicle, { [small]: [T.noneOfThese] }));
    expect(next.lines[0]).toMatchObject({ part: { _id: large }, lineTotal: 35 });
    expect(next).toMatchObject({ goods: 35, total: 35 });
    // Both ruled out: no part fits the line.
    const none = await propose(withAnswers(vehicle, { [small]: [T.noneOfThese], [large]: [T.noneOfThese] }));
    expect(none.lines[0]).toMatchObject({ part: null, missing: 'no-fitting-part' });
  });

  it.each([
    ['its own option, in another case', (small: string) => ({ [small]: ['with 288 MM front rotors'] })],
    ['"Not sure"', (small: string) => ({ [small]: [T.notSure] })],
    ['no answer yet', (small: string) => ({ [small]: [] })],
    ["an option it does not offer (the part's questions decide, not the buyer)", (small: string) => ({ [small]: [rotors320] })],
    ['answers ruling out another part', (_small: string, large: string) => ({ [large]: [T.noneOfThese] })],
  ])('keeps the proposed part for %s', async (_name, answersOf) => {
    const vehicle = newVehicle();
    const [small, large] = await Promise.all([
      sizedPads(vehicle, 'Small Rotor Pad Set', 20, rotors288),
      sizedPads(vehicle, 'Large Rotor Pad Set', 35, rotors320),
    ]);
    await job([frontPads]);
    expect((await propose(withAnswers(vehicle, answersOf(small, large)))).lines[0]!.part!._id).toBe(small);
  });
});

describe("a line's alternatives", () => {
  const rearPads = { partTypeId: 1684, category: 'brakes', keyword: 'pad set', position: 'rear' };
  const rearShoes = { partTypeId: 1104, category: 'brakes', keyword: 'shoe', position: 'rear' };
  const padsOrShoes = { label: 'Rear pads or shoes', ...rearPads, quantity: 1, alternatives: [rearShoes] };
  const rear = (fixture: Omit<Fixture, 'position'>) => part({ ...fixture, position: 'rear' });

  it('takes the first option with a fitting part in stock, before a cheaper best seller of the next', async () => {
    const vehicle = newVehicle();
    const [pads, shoes] = await Promise.all([
      rear({ name: 'Rear Pad Set', price: 60, partTypeId: 1684, rows: [row(vehicle)] }),
      rear({ name: 'Rear Shoe Set', price: 20, partTypeId: 1104, rows: [row(vehicle)] }),
      // Of the first option's kind, but for another car.
      rear({ name: 'Other Rear Pad Set', price: 10, partTypeId: 1684, rows: [row({ make: 'Elsewhere', model: 'Corolla' })] }),
    ]);
    await sold(shoes, 5);
    await job([padsOrShoes]);
    expect((await propose(vehicle)).lines[0]).toMatchObject({ label: 'Rear pads or shoes', part: { _id: pads }, lineTotal: 60 });
    await Part.collection.updateOne({ _id: new Types.ObjectId(pads) }, { $set: { availableQuantity: 0 } });
    expect((await propose(vehicle)).lines[0]).toMatchObject({ part: { _id: shoes }, lineTotal: 20 });
    await Part.collection.updateOne({ _id: new Types.ObjectId(shoes) }, { $set: { availableQuantity: 0 } });
    expect((await propose(vehicle)).lines[0]).toMatchObject({ part: null, missing: 'out-of-stock' });
  });

  it("finds parts of an alternative's own kind, sharing neither part type nor category with the line", async () => {
    const vehicle = newVehicle();
    const jumpPack = await part({ name: 'Jump Starter Pack', price: 90, category: 'other', rows: [row(vehicle)] });
    await job([
      { label: 'Battery or jump pack', partTypeId: 1601, quantity: 1, alternatives: [{ category: 'other', keyword: 'jump starter' }] },
    ]);
    expect((await propose(vehicle)).lines[0]).toMatchObject({ part: { _id: jumpPack }, lineTotal: 90 });
  });

  it('gives the default Rear brake job shoes and drums on a drum car, pads and rotors on a disc car', async () => {
    const [drumCar, discCar] = [newVehicle(), newVehicle()];
    const [shoes, drums, pads, rotors] = await Promise.all([
      rear({ name: 'Drum Brake Shoe Set', price: 30, partTypeId: 1104, rows: [row(drumCar)] }),
      rear({ name: 'Brake Drum', price: 45, partTypeId: 1105, rows: [row(drumCar)] }),
      rear({ name: 'Rear Disc Brake Pad Set', price: 40, partTypeId: 1684, rows: [row(discCar)] }),
      rear({ name: 'Rear Disc Brake Rotor', price: 50, partTypeId: 1896, rows: [row(discCar)] }),
    ]);
    const { lines } = DEFAULT_KITS.find((kit) => kit.name === 'Rear brake job')!;
    await job(lines);
    const drumJob = await propose(drumCar);
    expect(drumJob.lines.map((line) => [line.label, line.part?._id, line.quantity])).toEqual([
      ['Rear pads or shoes', shoes, 1],
      ['Rear rotors or drums', drums, 2],
    ]);
    expect(drumJob).toMatchObject({ complete: true, goods: 120 });
    const discJob = await propose(discCar);
    expect(discJob.lines.map((line) => line.part?._id)).toEqual([pads, rotors]);
    expect(discJob).toMatchObject({ complete: true, goods: 140 });
  });

  it('asks a car whose rear brakes differ by submodel which it is, and proposes the shoes once the answer rules out the pads', async () => {
    const vehicle = newVehicle();
    const [pads, shoes] = await Promise.all([
      rear({ name: 'Split Rear Pad Set', price: 40, partTypeId: 1684, rows: [row(vehicle, { subModel: 'SE' })] }),
      rear({ name: 'Split Rear Shoe Set', price: 30, partTypeId: 1104, rows: [row(vehicle, { subModel: 'LE' })] }),
    ]);
    await job([padsOrShoes]);
    const asked = (await propose(vehicle)).lines[0]!.part!;
    expect(asked._id).toBe(pads);
    expect(decideFit(asked.fitment, vehicle).next).toEqual({
      kind: 'subModel',
      text: T.subModel,
      options: ['SE', T.noneOfThese, T.notSure],
    });
    const query = { ...vehicle, answers: JSON.stringify({ [pads]: [T.noneOfThese] }) };
    const next = (await propose(query)).lines[0]!.part!;
    expect(next._id).toBe(shoes);
    expect(decideFit(next.fitment, vehicle).next).toMatchObject({ kind: 'subModel', options: ['LE', T.noneOfThese, T.notSure] });
    expect(decideFit(next.fitment, vehicle, ['LE']).verdict).toBe('fits');
  });
});

describe("a job's total", () => {
  it('is the goods and "shipping calculated at checkout" without a destination', async () => {
    const vehicle = newVehicle();
    await part({ name: 'Total Front Pad Set', price: 30.1, position: 'front', partTypeId: 1684, rows: [row(vehicle)] });
    await part({ name: 'Total Front Rotor', price: 45.45, position: 'front', partTypeId: 1896, rows: [row(vehicle)] });
    await job([frontPads, { label: 'Front rotors', partTypeId: 1896, position: 'front', quantity: 2 }]);
    const kit = await propose(vehicle);
    expect(kit).toMatchObject({ complete: true, goods: 121, shipping: null, tax: null, total: 121, note: KIT_TEXT.shippingAtCheckout });
  });

  it("adds the shipping and tax the checkout's quote gives for the saved destination", async () => {
    await ensureDefaultShipping();
    const vehicle = newVehicle();
    await part({ name: 'Delivered Front Pad Set', price: 30, position: 'front', partTypeId: 1684, rows: [row(vehicle)] });
    await job([frontPads]);
    const cookie = destinationCookie({ country: 'GB', postalCode: 'LS1 4AP' }).split(';')[0]!;
    const kit = await propose(vehicle, cookie);
    // The default United Kingdom zone: Standard at $6.00 under $75; VAT 20% on the goods and the delivery.
    expect(kit).toMatchObject({ goods: 30, shipping: 6, tax: 7.2, total: 43.2, note: null });
  });
});

const COROLLA = { year: 2015, make: 'Toyota', model: 'Corolla' };
/** Valid answers (one part's one answer) padded with JSON whitespace to `length` characters. */
const answersOfLength = (length: number) => {
  const answers = `{"${'a'.repeat(24)}":["None of these"]}`;
  return answers.slice(0, -1) + ' '.repeat(length - answers.length) + '}';
};

describe('GET /api/kits', () => {
  it.each([
    ['no vehicle', {}, 'year'],
    ['no model', { year: 2015, make: 'Toyota' }, 'model'],
    ['a year out of range', { year: 1900, make: 'Toyota', model: 'Corolla' }, 'year'],
    ['answers that are not JSON', { ...COROLLA, answers: '{oops' }, 'answers'],
    ['answers that are a list', { ...COROLLA, answers: '[["None of these"]]' }, 'answers'],
    ['answers keyed by something else than a part id', { ...COROLLA, answers: '{"pads":["None of these"]}' }, 'answers'],
    ['an answer that is not text', { ...COROLLA, answers: `{"${'a'.repeat(24)}":[1]}` }, 'answers'],
    ['more answers than questions can be', { ...COROLLA, answers: `{"${'a'.repeat(24)}":["a","b","c","d"]}` }, 'answers'],
    ['answers past their length', { ...COROLLA, answers: answersOfLength(1001) }, 'answers'],
  ])('refuses %s with 400 and field errors', async (_name, vehicle, field) => {
    const query = new URLSearchParams(Object.entries(vehicle).map(([key, value]) => [key, String(value)]));
    const res = await callRoute(kitsRoute, `/api/kits?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
  });

  it('takes answers of exactly 1,000 characters', async () => {
    const query = new URLSearchParams({ ...COROLLA, year: '2015', answers: answersOfLength(1000) });
    expect((await callRoute(kitsRoute, `/api/kits?${query}`)).status).toBe(200);
  });
});
