import { DELETE as removeRoute, PATCH as patchRoute } from '@/app/api/addresses/[id]/route';
import { GET as bookRoute, POST as addRoute } from '@/app/api/addresses/route';
import { ADDRESS_TEXT } from '@/lib/accounts/addresses';
import type { UserDTO } from '@/lib/auth/users';
import { ADDRESS_BOOK_TEXT } from '@/lib/validations/addresses';
import { Address, AddressDefault } from '@/models';
import { callRoute, type As } from '@/tests/helpers/api';
import { makeUser, newObjectId } from '@/tests/helpers/factories';

/** The address book (issue 44): GET/POST /api/addresses, PATCH/DELETE /api/addresses/{id}. */

type Entry = { id: string; address: Record<string, string | null>; isDefault: boolean };

const LEEDS = { name: 'Ada Lovelace', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' };
const street = (n: number) => ({ ...LEEDS, line1: `${n} Mill Road` });

const book = (as: As) => callRoute(bookRoute, '/api/addresses', { as });
const add = (as: As, body: unknown, origin?: string) => callRoute(addRoute, '/api/addresses', { method: 'POST', as, body, origin });
const patch = (as: As, id: string, body: unknown) =>
  callRoute(patchRoute, `/api/addresses/${id}`, { method: 'PATCH', as, body, params: { id } });
const remove = (as: As, id: string) => callRoute(removeRoute, `/api/addresses/${id}`, { method: 'DELETE', as, params: { id } });

const entriesOf = async (as: As): Promise<Entry[]> => (await book(as)).body.addresses;
const defaultsOf = async (as: As) => (await entriesOf(as)).filter((entry) => entry.isDefault);
const stored = (user: UserDTO) => Address.find({ userId: user._id }).lean();

describe('who may use the address book', () => {
  it('answers visitors 401, admins 403, and a customer 404 for an address of another customer', async () => {
    const [owner, other, admin] = await Promise.all([makeUser(), makeUser(), makeUser({ admin: true })]);
    const id = (await add(owner, { address: LEEDS })).body.addresses[0].id;

    for (const as of [null, admin]) {
      const status = as ? 403 : 401;
      expect((await book(as)).status).toBe(status);
      expect((await add(as, { address: street(2) })).status).toBe(status);
      expect((await patch(as, id, { isDefault: true })).status).toBe(status);
      expect((await remove(as, id)).status).toBe(status);
    }
    expect((await book(admin)).body.error).toBe(ADDRESS_TEXT.admins);

    expect(await entriesOf(other)).toEqual([]);
    expect((await patch(other, id, { address: street(9) })).status).toBe(404);
    expect((await patch(other, id, { isDefault: true })).status).toBe(404);
    expect((await remove(other, id)).status).toBe(404);
    expect((await remove(other, 'not-an-id')).status).toBe(404);
    expect(await AddressDefault.countDocuments({ _id: other._id })).toBe(0);
    // Nothing of the owner's changed.
    expect(await entriesOf(owner)).toEqual([{ id, address: { ...LEEDS, line2: null, region: null }, isDefault: true }]);
  });

  it('refuses a cookie-carried write from another site (403) and stores nothing', async () => {
    const owner = await makeUser();
    const res = await add(owner, { address: LEEDS }, 'https://elsewhere.example');
    expect(res.status).toBe(403);
    expect(await stored(owner)).toHaveLength(0);
  });
});

describe('saving addresses', () => {
  it('makes the first address the default, and a later one only when asked; the default comes first', async () => {
    const owner = await makeUser();
    const first = await add(owner, { address: LEEDS });
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body.addresses).toEqual([expect.objectContaining({ isDefault: true, address: expect.objectContaining(LEEDS) })]);

    const second = await add(owner, { address: street(2) });
    expect(second.body.addresses.map((entry: Entry) => [entry.address.line1, entry.isDefault])).toEqual([
      ['1 Mill Road', true],
      ['2 Mill Road', false],
    ]);
    const third = await add(owner, { address: street(3), isDefault: true });
    expect(third.body.addresses.map((entry: Entry) => [entry.address.line1, entry.isDefault])).toEqual([
      ['3 Mill Road', true],
      ['1 Mill Road', false],
      ['2 Mill Road', false],
    ]);
    expect(await AddressDefault.findById(owner._id).lean()).toMatchObject({ addressId: expect.anything() });
    expect(String((await AddressDefault.findById(owner._id).lean())!.addressId)).toBe(third.body.addresses[0].id);
  });

  it('checks the postcode against its country and takes a US state or Canadian province from it, as the checkout does', async () => {
    const owner = await makeUser();
    const refused: Array<[Record<string, string>, string, string]> = [
      [{ ...LEEDS, postalCode: '12345' }, 'address.postalCode', 'postcode'],
      [{ ...LEEDS, country: 'US', postalCode: '1234' }, 'address.postalCode', 'ZIP'],
      [{ ...LEEDS, country: 'CA', postalCode: '12345' }, 'address.postalCode', 'postal code'],
      [{ ...LEEDS, country: 'DE', postalCode: '1234' }, 'address.postalCode', 'postcode'],
      [{ ...LEEDS, country: 'US', postalCode: '10001', region: 'CA' }, 'address.region', 'NY'],
      [{ ...LEEDS, country: 'XX' }, 'address.country', 'country'],
      [{ ...LEEDS, city: 'Leeds\nBcc: x@example.com' }, 'address.city', 'one line'],
    ];
    for (const [address, field, says] of refused) {
      const res = await add(owner, { address });
      expect({ address, status: res.status }).toEqual({ address, status: 400 });
      expect(res.body.fieldErrors[field][0]).toContain(says);
    }
    expect(await stored(owner)).toHaveLength(0);

    const us = await add(owner, { address: { ...LEEDS, country: 'us', postalCode: '10001' } });
    const ca = await add(owner, { address: { ...LEEDS, line1: '24 Sussex Drive', country: 'CA', postalCode: 'k1m 1m4' } });
    expect(us.status).toBe(201);
    expect(ca.body.addresses.map((entry: Entry) => entry.address)).toEqual([
      expect.objectContaining({ country: 'US', postalCode: '10001', region: 'NY' }),
      expect.objectContaining({ country: 'CA', postalCode: 'K1M 1M4', region: 'ON' }),
    ]);
  });

  it('keeps the same address once, written in any case or spacing; 200 answers the book that holds it', async () => {
    const owner = await makeUser();
    await add(owner, { address: LEEDS });
    const again = await add(owner, { address: { ...LEEDS, name: ' ada  LOVELACE ', line1: '1 mill road', postalCode: 'ls2  7hx' } });
    expect(again.status).toBe(200);
    expect(again.body.addresses).toHaveLength(1);
    // A line 2 makes it another address.
    expect((await add(owner, { address: { ...LEEDS, line2: 'Flat 2' } })).status).toBe(201);
    // Another customer's book is another book.
    expect((await add(await makeUser(), { address: LEEDS })).status).toBe(201);

    const racing = await Promise.all(Array.from({ length: 6 }, () => add(owner, { address: street(7) })));
    expect(racing.filter((res) => res.status === 201)).toHaveLength(1);
    expect(racing.every((res) => [200, 201].includes(res.status))).toBe(true);
    expect(await stored(owner)).toHaveLength(3);
  });

  it('holds at most 20 addresses, even when 26 arrive at once', async () => {
    const owner = await makeUser();
    const results = await Promise.all(Array.from({ length: 26 }, (_, n) => add(owner, { address: street(n + 1) })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(20);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.error])).toEqual(Array(6).fill([409, ADDRESS_TEXT.full]));
    const docs = await stored(owner);
    expect(docs).toHaveLength(20);
    expect(new Set(docs.map((doc) => doc.slot)).size).toBe(20);
    expect(await defaultsOf(owner)).toHaveLength(1);

    // One removed makes room for one more.
    await remove(owner, String(docs[4]!._id));
    expect((await add(owner, { address: street(40) })).status).toBe(201);
    expect((await add(owner, { address: street(41) })).status).toBe(409);
  });
});

describe('changing addresses', () => {
  it('keeps exactly one default when the default is switched by many requests at once', async () => {
    const owner = await makeUser();
    for (let n = 1; n <= 8; n++) await add(owner, { address: street(n) });
    const ids = (await entriesOf(owner)).map((entry) => entry.id);
    const results = await Promise.all(ids.map((id) => patch(owner, id, { isDefault: true })));
    expect(results.map((res) => res.status)).toEqual(Array(8).fill(200));
    const defaults = await defaultsOf(owner);
    expect(defaults).toHaveLength(1);
    expect(ids).toContain(defaults[0]!.id);
    expect(await AddressDefault.countDocuments({ _id: owner._id })).toBe(1);
  });

  it('replaces an address whole (a line 2 left out is removed) and refuses one already in the book', async () => {
    const owner = await makeUser();
    const id = (await add(owner, { address: { ...LEEDS, line2: 'Flat 2' } })).body.addresses[0].id;
    await add(owner, { address: street(5) });

    const edited = await patch(owner, id, { address: { ...LEEDS, line1: '9 Mill Road', country: 'US', postalCode: '94105' } });
    expect(edited.status).toBe(200);
    const doc = await Address.findById(id).lean();
    expect(doc).toMatchObject({ line1: '9 Mill Road', country: 'US', postalCode: '94105', region: 'CA' });
    expect(doc!.line2).toBeUndefined();

    const duplicate = await patch(owner, id, { address: { ...street(5), line1: '5 MILL ROAD' } });
    expect([duplicate.status, duplicate.body.error]).toEqual([409, ADDRESS_TEXT.duplicate]);
    expect(await Address.findById(id).lean()).toMatchObject({ line1: '9 Mill Road' });
    // The same address sent again is no conflict with itself.
    expect((await patch(owner, id, { address: { ...LEEDS, line1: '9 Mill Road', country: 'US', postalCode: '94105' } })).status).toBe(200);
  });

  it('refuses a PATCH with nothing to change, an unset default or a bad postcode, changing nothing', async () => {
    const owner = await makeUser();
    await add(owner, { address: LEEDS });
    const id = (await add(owner, { address: street(2) })).body.addresses[1].id;
    const before = await Address.find({ userId: owner._id }).lean();

    const empty = await patch(owner, id, {});
    expect([empty.status, empty.body.error]).toEqual([400, ADDRESS_BOOK_TEXT.emptyPatch]);
    const undefault = await patch(owner, id, { isDefault: false });
    expect([undefault.status, undefault.body.fieldErrors.isDefault]).toEqual([400, [ADDRESS_BOOK_TEXT.noUndefault]]);
    const badPostcode = await patch(owner, id, { address: { ...LEEDS, postalCode: '99999' }, isDefault: true });
    expect(badPostcode.status).toBe(400);
    expect(badPostcode.body.fieldErrors['address.postalCode']).toBeDefined();
    const operator = await patch(owner, id, { address: { ...LEEDS, city: { $ne: '' } } });
    expect(operator.status).toBe(400);

    expect(await Address.find({ userId: owner._id }).lean()).toEqual(before);
    expect(await AddressDefault.countDocuments({ _id: owner._id })).toBe(0);
    expect((await defaultsOf(owner))[0]!.address.line1).toBe('1 Mill Road');
  });

  it('makes the first address added the default when the default is removed', async () => {
    const owner = await makeUser();
    for (let n = 1; n <= 3; n++) await add(owner, { address: street(n) });
    const third = (await entriesOf(owner)).find((entry) => entry.address.line1 === '3 Mill Road')!;
    await patch(owner, third.id, { isDefault: true });
    const after = await remove(owner, third.id);
    expect(after.status).toBe(200);
    expect(after.body.addresses.map((entry: Entry) => [entry.address.line1, entry.isDefault])).toEqual([
      ['1 Mill Road', true],
      ['2 Mill Road', false],
    ]);
    expect((await remove(owner, third.id)).status).toBe(404);
    expect((await remove(owner, newObjectId())).status).toBe(404);
  });
});
