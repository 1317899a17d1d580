import { POST as addAddressRoute } from '@/app/api/addresses/route';
import { GET as savedRoute } from '@/app/api/checkout/addresses/route';
import { ADDRESS_BOOK_SIZE } from '@/lib/accounts/types';
import type { UserDTO } from '@/lib/auth/users';
import { Address, Order, User } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { makeTaxRate, makeZone } from '@/tests/helpers/checkout';
import { makePart, makeUser } from '@/tests/helpers/factories';
import { shopper } from '@/tests/helpers/shopper';

/** What the checkout offers and fills in (GET /api/checkout/addresses), and its "save this address" (issue 44). */

const LEEDS = { name: 'Sam Saved', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const YORK = { name: 'Sam Saved', line1: '2 Stonegate', city: 'York', postalCode: 'YO1 8AS', country: 'GB' };
const HULL = { name: 'Sam Saved', line1: '3 Land of Green Ginger', city: 'Hull', postalCode: 'HU1 2EA', country: 'GB' };
const PHONE = '+44 113 496 0200';
let standard: string;

beforeAll(async () => {
  standard = (await makeZone({ countries: ['GB'] })).standard;
  await makeTaxRate('GB', 20, true);
});

const saved = (as: As) => callRoute(savedRoute, '/api/checkout/addresses', { as });
const addToBook = (as: UserDTO, address: object, isDefault = false) =>
  callRoute(addAddressRoute, '/api/addresses', { method: 'POST', as, body: { address, isDefault } });

/** A checkout to `address` by this buyer (a customer, or a guest with `email`). */
async function checkout(as: UserDTO | undefined, address: object, extra: Record<string, unknown> = {}) {
  const b = shopper(as);
  await b.add(await makePart({ price: 20, stock: 10 }), 1);
  const res = await b.checkout({ address, phone: PHONE, shippingMethod: standard, ...extra });
  expect(res.status).toBe(201);
  return res.body.orderId as string;
}

const label = (address: { line1: string }) => address.line1;

describe('the addresses a checkout offers', () => {
  it("fills in the book's default, offers the book first, then past orders' addresses the book lacks", async () => {
    const customer = await makeUser();
    await checkout(customer, LEEDS);
    await checkout(customer, YORK);
    // With no book: the last order's address and phone.
    expect((await saved(customer)).body).toEqual({
      book: [],
      fromOrders: [expect.objectContaining(YORK), expect.objectContaining(LEEDS)],
      prefill: { address: expect.objectContaining(YORK), phone: PHONE },
    });

    await addToBook(customer, HULL);
    await addToBook(customer, { ...LEEDS, line1: '1 MILL ROAD' }, true);
    const res = await saved(customer);
    expect(res.status).toBe(200);
    expect(
      res.body.book.map((entry: { address: { line1: string }; isDefault: boolean }) => [entry.address.line1, entry.isDefault]),
    ).toEqual([
      ['1 MILL ROAD', true],
      ['3 Land of Green Ginger', false],
    ]);
    // Leeds is in the book (written in another case): offered once.
    expect(res.body.fromOrders.map(label)).toEqual(['2 Stonegate']);
    expect(res.body.prefill).toEqual({ address: expect.objectContaining({ line1: '1 MILL ROAD' }), phone: PHONE });
  });

  it('answers a visitor 401 and an admin 403', async () => {
    expect((await saved(null)).status).toBe(401);
    expect((await saved(await makeUser({ admin: true }))).status).toBe(403);
  });

  it('shows an unverified account no address of the guest orders placed with its email', async () => {
    const email = `sam${Date.now()}@example.com`;
    await checkout(undefined, YORK, { email });
    const account = await makeUser({ email, verified: false });
    expect((await saved(account)).body).toEqual({ book: [], fromOrders: [], prefill: null });
    await User.updateOne({ email }, { emailVerified: new Date() });
    expect((await saved({ ...account, emailVerified: true })).body.fromOrders.map(label)).toEqual(['2 Stonegate']);
  });
});

describe("a checkout's save to the address book", () => {
  it("saves the order's address when asked, once, and only then", async () => {
    const customer = await makeUser();
    await checkout(customer, LEEDS);
    expect(await Address.countDocuments({ userId: customer._id })).toBe(0);
    await checkout(customer, LEEDS, { saveAddress: true });
    await checkout(customer, { ...LEEDS, city: 'LEEDS' }, { saveAddress: true });
    const book = await Address.find({ userId: customer._id }).lean();
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ line1: '1 Mill Road', postalCode: 'LS2 7HX', country: 'GB' });
    expect((await saved(customer)).body.prefill.address).toMatchObject({ line1: '1 Mill Road' });
  });

  it('places the order when the book is full, keeping the book as it was; a guest has no book', async () => {
    const customer = await makeUser();
    for (let n = 1; n <= ADDRESS_BOOK_SIZE; n++) await addToBook(customer, { ...YORK, line1: `${n} Stonegate` });
    const orderId = await checkout(customer, LEEDS, { saveAddress: true });
    expect(await Order.exists({ _id: orderId })).toBeTruthy();
    expect(await Address.countDocuments({ userId: customer._id })).toBe(ADDRESS_BOOK_SIZE);
    expect(await Address.exists({ userId: customer._id, line1: LEEDS.line1 })).toBeNull();

    const before = await Address.countDocuments({});
    await checkout(undefined, HULL, { email: `guest${Date.now()}@example.com`, saveAddress: true });
    expect(await Address.countDocuments({})).toBe(before);
  });

  it('refuses a saveAddress that is not true or false (400), placing nothing', async () => {
    const customer = await makeUser();
    const b = shopper(customer);
    await b.add(await makePart({ price: 20, stock: 10 }), 1);
    const res = await b.checkout({ address: LEEDS, phone: PHONE, shippingMethod: standard, saveAddress: 'yes' });
    expect([res.status, res.body.fieldErrors.saveAddress]).toEqual([400, ['saveAddress must be true or false']]);
    expect(await Order.countDocuments({ email: customer.email })).toBe(0);
  });
});
