/**
 * A job kit into the cart in one step: POST /api/cart/lines with several lines and the chosen vehicle adds them
 * all or none, each part checked on the server to fit the vehicle, within its minimum, its stock and the cart's
 * limits; a guest gets a cart cookie. Real database.
 */
import type { FitmentRowDoc } from '@/lib/catalog/fitment-store';
import { Types } from 'mongoose';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { doesNotFit } from '@/lib/cart';
import { FIT_QUESTION_TEXT as T } from '@/lib/catalog';
import { KIT_FIT_OTHER_VEHICLE } from '@/lib/validations/checkout';
import { Cart } from '@/models';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

const vehicle = { year: 2015, make: 'Toyota', model: 'Corolla', engine: null };
const corolla = [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 }];

async function part(options: Omit<Parameters<typeof makePart>[0] & {}, 'fitment'> & { fitment?: object[] } = {}): Promise<string> {
  const { fitment = corolla, ...rest } = options;
  return makePart({ ...rest, fitment: fitment as FitmentRowDoc[] });
}

type KitLine = { partId: string; quantity: number; fit?: unknown };
const addAll = (buyer: ReturnType<typeof shopper>, lines: KitLine[], chosen: unknown = vehicle) =>
  buyer.call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { lines, vehicle: chosen } });

describe('adding a job kit in one step', () => {
  it('adds every line for a guest, in one request, under a new cart cookie', async () => {
    const [pads, rotor] = await Promise.all([part({ price: 30 }), part({ price: 45, minimumQuantity: 2 })]);
    const guest = shopper();
    const res = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: rotor, quantity: 2 },
    ]);
    expect(res.status).toBe(201);
    expect(guest.cookie()).toBeTruthy();
    expect(res.body.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity])).toEqual([
      [pads, 1],
      [rotor, 2],
    ]);
    expect(res.body.subtotal).toBe(120);
    expect((await guest.cart()).body.count).toBe(3);
  });

  it("adds to a line already in the cart, at the part's price", async () => {
    const pads = await part({ price: 30 });
    const buyer = shopper(await makeUser());
    await buyer.add(pads, 1);
    const res = await addAll(buyer, [{ partId: pads, quantity: 2 }]);
    expect(res.status).toBe(201);
    expect(res.body.lines).toMatchObject([{ partId: pads, quantity: 3, addedPrice: 30 }]);
  });

  it('refuses a part that does not fit the vehicle (400 on its line) and adds none of the lines', async () => {
    const [pads, civicOnly] = await Promise.all([
      part(),
      part({ name: 'Civic Rotor', fitment: [{ make: 'Honda', model: 'Civic', yearFrom: 2014, yearTo: 2019 }] }),
    ]);
    const guest = shopper();
    await guest.add(pads, 1);
    const res = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: civicOnly, quantity: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ 'lines.1.partId': [doesNotFit('Civic Rotor', vehicle)] });
    expect((await guest.cart()).body.lines).toMatchObject([{ partId: pads, quantity: 1 }]);
  });

  it('judges fit by the year: one past the rows is refused, the last year of the rows is taken', async () => {
    const pads = await part({ fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2010, yearTo: 2015 }] });
    expect((await addAll(shopper(), [{ partId: pads, quantity: 1 }], { ...vehicle, year: 2016 })).status).toBe(400);
    expect((await addAll(shopper(), [{ partId: pads, quantity: 1 }], { ...vehicle, year: 2015 })).status).toBe(201);
  });

  it('takes a part without fitment rows (its notes decide) as the cart page does', async () => {
    const universal = await part({ fitment: [] });
    expect((await addAll(shopper(), [{ partId: universal, quantity: 1 }])).status).toBe(201);
  });

  it('adds nothing when one line is over its stock (409 naming the part and its line)', async () => {
    const [pads, scarce] = await Promise.all([part(), part({ name: 'Scarce Rotor', stock: 1 })]);
    const guest = shopper();
    const res = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: scarce, quantity: 2 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^Scarce Rotor: /);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['lines.1.quantity']);
    expect((await guest.cart()).body.lines).toEqual([]);
  });

  it("adds nothing when one line is under its part's minimum (400)", async () => {
    const [pads, rotor] = await Promise.all([part(), part({ name: 'Paired Rotor', minimumQuantity: 2 })]);
    const guest = shopper();
    const res = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: rotor, quantity: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['lines.1.quantity']);
    expect((await guest.cart()).body.lines).toEqual([]);
  });

  it('adds nothing for an unknown part (404), a part given twice or no vehicle (400)', async () => {
    const pads = await part();
    const guest = shopper();
    const unknown = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: String(new Types.ObjectId()), quantity: 1 },
    ]);
    expect(unknown.status).toBe(404);
    const twice = await addAll(guest, [
      { partId: pads, quantity: 1 },
      { partId: pads, quantity: 1 },
    ]);
    expect(twice.status).toBe(400);
    const noVehicle = await guest.call(addLineRoute, '/api/cart/lines', {
      method: 'POST',
      body: { lines: [{ partId: pads, quantity: 1 }] },
    });
    expect(noVehicle.status).toBe(400);
    expect(noVehicle.body.fieldErrors).toHaveProperty('vehicle');
    expect((await guest.cart()).body.lines).toEqual([]);
  });

  it('refuses an admin (403), who cannot buy', async () => {
    const pads = await part();
    const res = await addAll(shopper(await makeUser({ admin: true })), [{ partId: pads, quantity: 1 }]);
    expect(res.status).toBe(403);
  });

  it('still adds a single part as before', async () => {
    const pads = await part();
    const res = await shopper().add(pads, 2);
    expect(res.status).toBe(201);
    expect(res.body.lines).toMatchObject([{ partId: pads, quantity: 2 }]);
  });
});

describe("the answers to a kit line's fit questions", () => {
  const rotors288 = 'With 288 mm front rotors';
  const rotors320 = 'With 320 mm front rotors';
  const CONFIRMED = 'confirmed for 2015 Toyota Corolla, with 288 mm front rotors';
  // Pads made for one rotor size: the part page and the kit ask which the car has.
  const sized = () =>
    part({
      name: 'Sized Pad Set',
      fitment: [
        { ...corolla[0], qualifiers: [{ text: rotors288, qdbId: 101 }] },
        { ...corolla[0], make: 'Honda' },
      ],
    });
  const fitOf = (answers: string[], chosen: Record<string, unknown> = vehicle) => ({ vehicle: chosen, answers });
  type StoredLine = { partId: Types.ObjectId; quantity: number; fit?: { text: string } };
  /** The stored lines of the cart that holds the part. */
  const stored = async (partId: string): Promise<StoredLine[]> => {
    const cart = await Cart.collection.findOne({ 'lines.partId': new Types.ObjectId(partId) } as never);
    return ((cart?.lines ?? []) as StoredLine[]).map((line) => ({ ...line, partId: String(line.partId) as never }));
  };

  it('carries them onto the cart line as a single add does; a line without questions needs none', async () => {
    const [pads, rotor] = await Promise.all([sized(), part()]);
    const guest = shopper();
    const res = await addAll(guest, [
      { partId: pads, quantity: 1, fit: fitOf(['with 288 MM front rotors']) },
      { partId: rotor, quantity: 1 },
    ]);
    expect(res.status).toBe(201);
    const lines = (await guest.cart()).body.lines;
    expect(lines.find((line: { partId: string }) => line.partId === pads).fit).toEqual({
      vehicle: '2015 Toyota Corolla',
      answers: [rotors288],
      text: CONFIRMED,
    });
    expect(lines.find((line: { partId: string }) => line.partId === rotor)).not.toHaveProperty('fit');
    expect((await stored(pads)).find((line) => String(line.partId) === pads)?.fit?.text).toBe(CONFIRMED);
  });

  it("replaces the answers of a line already in the cart, as a single add's do", async () => {
    const pads = await sized();
    const guest = shopper();
    await guest.call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId: pads, quantity: 1, fit: fitOf([T.notSure]) } });
    const res = await addAll(guest, [{ partId: pads, quantity: 1, fit: fitOf([rotors288]) }]);
    expect(res.status).toBe(201);
    expect((await guest.cart()).body.lines).toMatchObject([{ partId: pads, quantity: 2, fit: { text: CONFIRMED } }]);
  });

  it.each([
    ['answers by which the part does not fit', [T.noneOfThese], T.doesNotFit],
    ['an answer the part does not offer', [rotors320], T.invalid],
    ['its question left open', [], T.incomplete],
  ])('refuses %s: 400 on that line naming the part, and adds none of the lines', async (_, answers, reason) => {
    const [rotor, pads] = await Promise.all([part(), sized()]);
    const guest = shopper();
    await guest.add(rotor, 1);
    const res = await addAll(guest, [
      { partId: rotor, quantity: 1 },
      { partId: pads, quantity: 1, fit: fitOf(answers) },
    ]);
    expect(res.status).toBe(400);
    const message = `Sized Pad Set: ${reason}`;
    expect(res.body).toEqual({ error: message, fieldErrors: { 'lines.1.fit.answers': [message] } });
    expect((await stored(rotor)).map(({ partId, quantity, fit }) => ({ partId: String(partId), quantity, fit }))).toEqual([
      { partId: rotor, quantity: 1, fit: undefined },
    ]);
  });

  it("refuses answers given for another vehicle than the job's (400 on the line); the same one in another case is taken", async () => {
    const pads = await sized();
    const other = await addAll(shopper(), [{ partId: pads, quantity: 1, fit: fitOf([rotors288], { ...vehicle, year: 2016 }) }]);
    expect(other.status).toBe(400);
    expect(other.body.fieldErrors).toEqual({ 'lines.0.fit.vehicle': [KIT_FIT_OTHER_VEHICLE] });
    const shouted = fitOf([rotors288], { ...vehicle, make: 'TOYOTA', model: 'corolla' });
    expect((await addAll(shopper(), [{ partId: pads, quantity: 1, fit: shouted }])).status).toBe(201);
  });
});
