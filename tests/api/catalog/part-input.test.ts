import { POST as placeOrderRoute } from '@/app/api/order/route';
import { GET as getPartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import { POST as createPartRoute } from '@/app/api/parts/route';
import type { UserDTO } from '@/lib/auth/users';
import { CORE_CHARGE_TEXT } from '@/lib/validations/parts';
import { AuditEntry, Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

const PRODUCT = {
  name: 'Hardened Wheel Bearing Kit',
  price: 41.9,
  availableQuantity: 30,
  minimumQuantity: 2,
  img: '/uploads/11111111-2222-3333-4444-555555555555.png',
  description: 'Sealed front wheel bearing with hub nut and circlip, pre-greased and ready to press into the knuckle.',
  category: 'suspension',
};
const CONTACT = { address: '12 Mill Road, Leeds', phone: '+44 113 496 0200' };

let customer: UserDTO;
let admin: UserDTO;

beforeAll(async () => {
  customer = await makeUser({ name: 'Hana Hardened' });
  admin = await makeUser({ name: 'Ada Admin', admin: true });
});

async function placeOrder(as: UserDTO, partId: string, quantity = 1): Promise<string> {
  const res = await callRoute(placeOrderRoute, '/api/order', { method: 'POST', as, body: { partId, ...CONTACT, quantity } });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

describe('a price the shop cannot charge', () => {
  it.each([
    ['POST', 1e-9, 'Price must be at least $0.01'],
    ['POST', 19.990000001, 'Price can have at most two decimals'],
    ['PUT', 1e-9, 'Price must be at least $0.01'],
    ['PUT', 0, 'Price must be at least $0.01'],
    ['PUT', 5.005, 'Price can have at most two decimals'],
  ])('%s /api/parts refuses the price %p with 400 and stores nothing', async (method, price, message) => {
    const partId = await makePart({ price: 12.5 });
    const before = await Part.countDocuments();
    const res =
      method === 'POST'
        ? await callRoute(createPartRoute, '/api/parts', { method, as: admin, body: { ...PRODUCT, price } })
        : await callRoute(updatePartRoute, `/api/parts/${partId}`, { method, params: { id: partId }, as: admin, body: { price } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fieldErrors.price).toContain(message);
    expect(await Part.countDocuments()).toBe(before);
    expect((await Part.findById(partId).lean())?.price).toBe(12.5);
    // The part can still be ordered: a refused update leaves nothing behind that breaks an order.
    await placeOrder(customer, partId);
  });
});

describe('a part nobody can buy', () => {
  const message = 'Minimum quantity cannot be more than the available quantity';

  it('refuses a minimum above the available quantity on create (400, field message), but not for a part out of stock', async () => {
    const before = await Part.countDocuments();
    const res = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, availableQuantity: 5, minimumQuantity: 8 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fieldErrors).toEqual({ minimumQuantity: [message] });
    expect(await Part.countDocuments()).toBe(before);
    const outOfStock = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, name: 'Out of stock part', availableQuantity: 0, minimumQuantity: 4 },
    });
    expect(outOfStock.status).toBe(201);
  });

  it('refuses an edit that leaves the minimum above the stored stock, and changes nothing', async () => {
    const id = await makePart({ stock: 5, minimumQuantity: 2, price: 10 });
    const update = (body: unknown) => callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body });
    for (const body of [
      { minimumQuantity: 8 },
      { availableQuantity: 1, minimumQuantity: 2 },
      { availableQuantity: 3, minimumQuantity: 4, price: 11 },
    ]) {
      const res = await update(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.fieldErrors.minimumQuantity).toEqual([message]);
    }
    expect(await Part.findById(id).lean()).toMatchObject({ availableQuantity: 5, minimumQuantity: 2, price: 10 });
    expect((await update({ minimumQuantity: 5 })).status).toBe(200);
    expect((await update({ availableQuantity: 0 })).status).toBe(200);
  });
});

describe('the shipping weight', () => {
  it('is optional (null), stored in kg on create, changed and cleared on edit, and audited', async () => {
    const created = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, name: 'Weighed Bearing', weightKg: 2.35 },
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect((await Part.findById(id).lean())!.weightKg).toBe(2.35);
    const edited = await callRoute(updatePartRoute, `/api/parts/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { weightKg: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.part.weightKg).toBeNull();
    expect((await Part.findById(id).lean())!.weightKg).toBeNull();
    const update = await AuditEntry.findOne({ 'target.id': id, action: 'part.update' }).lean();
    expect(update).toMatchObject({ before: { weightKg: 2.35 }, after: { weightKg: null } });
    const plain = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, name: 'Unweighed Bearing' },
    });
    expect((await Part.findById(plain.body.insertedId).lean())!.weightKg).toBeNull();
  });

  it.each([
    [0, 'Weight must be at least 0.001 kg (1 g)'],
    [-1, 'Weight must be at least 0.001 kg (1 g)'],
    [5e-324, 'Weight must be at least 0.001 kg (1 g)'],
    [1001, 'Weight is at most 1000 kg'],
    [1.2345, 'Weight can have at most three decimals (grams)'],
    ['heavy', 'Weight must be a number of kg'],
  ])('refuses %p with 400 and stores nothing', async (weightKg, message) => {
    const before = await Part.countDocuments();
    const res = await callRoute(createPartRoute, '/api/parts', {
      method: 'POST',
      as: admin,
      body: { ...PRODUCT, name: `Bad ${weightKg}`, weightKg },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.weightKg).toContain(message);
    expect(await Part.countDocuments()).toBe(before);
  });
});

describe('the core charge', () => {
  const create = (body: Record<string, unknown>) => callRoute(createPartRoute, '/api/parts', { method: 'POST', as: admin, body });
  const edit = (id: string, body: Record<string, unknown>) =>
    callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body });

  it('is stored in dollars, shown by the part API, kept by an edit that leaves it out, cleared by 0 or null, and audited', async () => {
    const created = await create({ ...PRODUCT, name: 'Rebuilt Alternator', coreCharge: 45.5 });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect((await Part.findById(id).lean())!.coreCharge).toBe(45.5);
    const read = await callRoute(getPartRoute, `/api/parts/${id}`, { params: { id } });
    expect(read.body.coreCharge).toBe(45.5);
    expect((await edit(id, { price: 199 })).body.part.coreCharge).toBe(45.5);
    const cleared = await edit(id, { coreCharge: 0 });
    expect(cleared.status).toBe(200);
    expect(cleared.body.part.coreCharge).toBeNull();
    expect((await Part.findById(id).lean())!.coreCharge).toBeNull();
    const audit = await AuditEntry.findOne({ 'target.id': id, action: 'part.update', 'before.coreCharge': 45.5 }).lean();
    expect(audit).toMatchObject({ after: { coreCharge: null } });
    expect((await edit(id, { coreCharge: 30 })).body.part.coreCharge).toBe(30);
    expect((await edit(id, { coreCharge: null })).body.part.coreCharge).toBeNull();
  });

  it.each([
    [-0.01, CORE_CHARGE_TEXT.negative],
    [100_000.01, CORE_CHARGE_TEXT.high],
    [12.345, CORE_CHARGE_TEXT.cents],
    ['45', CORE_CHARGE_TEXT.type],
  ])('refuses %p with 400 on the field and stores nothing', async (coreCharge, message) => {
    const before = await Part.countDocuments();
    const res = await create({ ...PRODUCT, name: `Bad core ${coreCharge}`, coreCharge });
    expect(res).toMatchObject({ status: 400, body: { fieldErrors: { coreCharge: [message] } } });
    expect(await Part.countDocuments()).toBe(before);
  });
});
