/**
 * The admin side of checkout: shipping zones (methods, weight bands), tax rates, discount codes
 * (create, pause, resume, redemptions) and the shop's settings, through their routes against the real
 * database; the default zones and rates seeded once per database.
 */
import { Types } from 'mongoose';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import { CART_COOKIE } from '@/lib/cart/identity';
import * as codeRoute from '@/app/api/admin/discount-codes/[code]/route';
import * as redemptionsRoute from '@/app/api/admin/discount-codes/[code]/redemptions/route';
import * as codesRoute from '@/app/api/admin/discount-codes/route';
import * as settingsRoute from '@/app/api/admin/settings/route';
import * as zoneRoute from '@/app/api/admin/shipping-zones/[id]/route';
import * as zonesRoute from '@/app/api/admin/shipping-zones/route';
import * as taxRoute from '@/app/api/admin/tax-rates/[id]/route';
import * as taxesRoute from '@/app/api/admin/tax-rates/route';
import { DEFAULT_TAX_RATES, DEFAULT_ZONES, ensureDefaultShipping } from '@/lib/checkout/defaults';
import {
  BANDS_ASCENDING,
  CA_REGION_CODE,
  CODE_FORMAT,
  DAYS_REVERSED,
  FIXED_ABOVE_ZERO,
  OPEN_BAND_LAST,
  PERCENT_RANGE,
  UNKNOWN_COUNTRY,
  US_REGION_CODE,
  WORLD_ALONE,
} from '@/lib/validations/checkout-admin';
import type { UserDTO } from '@/lib/auth/users';
import { AuditEntry, DiscountCode, DiscountRedemption, ShippingZone, ShopSettings, TaxRate } from '@/models';
import { callRoute, type CallOptions } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  customer = await makeUser({ name: 'Cal Customer' });
});

const standard = {
  label: 'Standard',
  bands: [
    { upToKg: 2, price: 4.5 },
    { upToKg: 10, price: 9.99 },
    { upToKg: null, price: 20 },
  ],
  freeOver: 75,
  minDays: 1,
  maxDays: 2,
  active: true,
};
const zoneBody = { name: 'Home', countries: ['gb'], postcodePrefixes: ['ls1', 'BD 7'], position: 0, methods: [standard] };

async function auditOf(targetId: string) {
  return AuditEntry.find({ 'target.id': targetId }).sort({ _id: 1 }).lean();
}

describe('admin-only access', () => {
  const calls: Array<[string, () => Parameters<typeof callRoute>]> = [
    ['GET zones', () => [zonesRoute.GET, '/api/admin/shipping-zones']],
    ['POST zone', () => [zonesRoute.POST, '/api/admin/shipping-zones', { method: 'POST', body: zoneBody }]],
    [
      'PUT zone',
      () => [zoneRoute.PUT, '/api/admin/shipping-zones/x', { method: 'PUT', body: zoneBody, params: { id: String(new Types.ObjectId()) } }],
    ],
    [
      'DELETE zone',
      () => [zoneRoute.DELETE, '/api/admin/shipping-zones/x', { method: 'DELETE', params: { id: String(new Types.ObjectId()) } }],
    ],
    ['GET taxes', () => [taxesRoute.GET, '/api/admin/tax-rates']],
    ['POST tax', () => [taxesRoute.POST, '/api/admin/tax-rates', { method: 'POST', body: { country: 'FR', rate: 20 } }]],
    ['GET codes', () => [codesRoute.GET, '/api/admin/discount-codes']],
    [
      'POST code',
      () => [codesRoute.POST, '/api/admin/discount-codes', { method: 'POST', body: { code: 'NOPE10', kind: 'free-shipping' } }],
    ],
    [
      'PATCH code',
      () => [codeRoute.PATCH, '/api/admin/discount-codes/X', { method: 'PATCH', body: { paused: true }, params: { code: 'XYZ' } }],
    ],
    ['GET redemptions', () => [redemptionsRoute.GET, '/api/admin/discount-codes/X/redemptions', { params: { code: 'XYZ' } }]],
    ['GET settings', () => [settingsRoute.GET, '/api/admin/settings']],
    ['PUT settings', () => [settingsRoute.PUT, '/api/admin/settings', { method: 'PUT', body: { ordersEmail: 'x@example.com' } }]],
  ];

  it.each(calls)('%s: a visitor gets 401, a customer 403, and nothing is stored', async (_name, call) => {
    const [handler, path, options = {}] = call();
    const before = await Promise.all([ShippingZone.countDocuments(), TaxRate.countDocuments(), DiscountCode.countDocuments()]);
    expect((await callRoute(handler, path, { ...options, as: null })).status).toBe(401);
    const refused = await callRoute(handler, path, { ...options, as: customer });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Admins only' });
    const after = await Promise.all([ShippingZone.countDocuments(), TaxRate.countDocuments(), DiscountCode.countDocuments()]);
    expect(after).toEqual(before);
    expect(await ShopSettings.countDocuments({ ordersEmail: 'x@example.com' })).toBe(0);
  });
});

describe('shipping zones', () => {
  it('creates a zone with methods and bands in dollars and kg, stored in cents and grams, audited', async () => {
    const res = await callRoute(zonesRoute.POST, '/api/admin/shipping-zones', { method: 'POST', body: zoneBody, as: admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Home',
      countries: ['GB'],
      postcodePrefixes: ['LS1', 'BD7'],
      methods: [{ label: 'Standard', bands: standard.bands, freeOver: 75, minDays: 1, maxDays: 2, active: true }],
    });
    const stored = await ShippingZone.findById(res.body._id).lean();
    expect(stored!.methods[0]!.bands).toEqual([
      { upToGrams: 2000, priceCents: 450 },
      { upToGrams: 10000, priceCents: 999 },
      { upToGrams: null, priceCents: 2000 },
    ]);
    expect(stored!.methods[0]!.freeOverCents).toBe(7500);
    const [entry] = await auditOf(res.body._id);
    expect(entry).toMatchObject({ action: 'shipping.create', actorEmail: admin.email, target: { kind: 'shipping-zone', label: 'Home' } });
    expect(entry!.after).toMatchObject({ countries: ['GB'] });
  });

  it('edits a zone keeping the ids of its methods, audits only what changed, then deletes it', async () => {
    const created = await callRoute(zonesRoute.POST, '/api/admin/shipping-zones', { method: 'POST', body: zoneBody, as: admin });
    const id = created.body._id as string;
    const methodId = created.body.methods[0].id as string;
    const express = { ...standard, label: 'Express', freeOver: null, bands: [{ upToKg: null, price: 25 }], minDays: 1, maxDays: 1 };
    const edited = await callRoute(zoneRoute.PUT, `/api/admin/shipping-zones/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { ...zoneBody, name: 'UK', methods: [{ ...standard, id: methodId, minDays: 2, maxDays: 3 }, express] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('UK');
    expect(edited.body.methods.map((method: { id: string; label: string }) => [method.id === methodId, method.label])).toEqual([
      [true, 'Standard'],
      [false, 'Express'],
    ]);
    const update = (await auditOf(id)).find((entry) => entry.action === 'shipping.update')!;
    expect(Object.keys(update.before as object).sort()).toEqual(['methods', 'name']);
    expect(update.after).toMatchObject({ name: 'UK' });

    const gone = await callRoute(zoneRoute.DELETE, `/api/admin/shipping-zones/${id}`, { method: 'DELETE', params: { id }, as: admin });
    expect(gone.body).toEqual({ deletedCount: 1 });
    expect(await ShippingZone.exists({ _id: id })).toBeNull();
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['shipping.create', 'shipping.update', 'shipping.delete']);
    const again = await callRoute(zoneRoute.GET, `/api/admin/shipping-zones/${id}`, { params: { id }, as: admin });
    expect(again.status).toBe(404);
  });

  it("audits what each admin wrote, when another admin's edit lands before the answer", async () => {
    const created = await callRoute(zonesRoute.POST, '/api/admin/shipping-zones', { method: 'POST', body: zoneBody, as: admin });
    const id = created.body._id as string;
    const realUpdate = ShippingZone.updateOne.bind(ShippingZone);
    const spy = jest.spyOn(ShippingZone, 'updateOne').mockImplementationOnce(((...args: Parameters<typeof realUpdate>) =>
      // This admin's write, then the other admin's, before this request reads the zone again.
      realUpdate(...args).then(async (result) => {
        await realUpdate({ _id: new Types.ObjectId(id) }, { $set: { name: 'Written by the other admin' } });
        return result;
      })) as typeof realUpdate);
    try {
      const res = await callRoute(zoneRoute.PUT, `/api/admin/shipping-zones/${id}`, {
        method: 'PUT',
        params: { id },
        as: admin,
        body: { ...zoneBody, name: 'Written by this admin' },
      });
      expect(res.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const update = (await auditOf(id)).find((entry) => entry.action === 'shipping.update')!;
    expect(update).toMatchObject({ before: { name: 'Home' }, after: { name: 'Written by this admin' } });
  });

  it.each([
    [
      'bands not ascending',
      {
        methods: [
          {
            ...standard,
            bands: [
              { upToKg: 5, price: 5 },
              { upToKg: 5, price: 6 },
            ],
          },
        ],
      },
      'methods.0.bands.1.upToKg',
      BANDS_ASCENDING,
    ],
    [
      'an open band before the last',
      {
        methods: [
          {
            ...standard,
            bands: [
              { upToKg: null, price: 5 },
              { upToKg: 5, price: 6 },
            ],
          },
        ],
      },
      'methods.0.bands.0.upToKg',
      OPEN_BAND_LAST,
    ],
    ['no band', { methods: [{ ...standard, bands: [] }] }, 'methods.0.bands', 'Add at least one weight band'],
    [
      'a band under one gram',
      { methods: [{ ...standard, bands: [{ upToKg: 5e-324, price: 5 }] }] },
      'methods.0.bands.0.upToKg',
      'Weight must be at least 0.001 kg (1 g)',
    ],
    [
      'a negative price',
      { methods: [{ ...standard, bands: [{ upToKg: null, price: -1 }] }] },
      'methods.0.bands.0.price',
      'Price cannot be negative',
    ],
    [
      'fractional cents',
      { methods: [{ ...standard, bands: [{ upToKg: null, price: 1.234 }] }] },
      'methods.0.bands.0.price',
      'Price can have at most two decimals',
    ],
    ['min days above max days', { methods: [{ ...standard, minDays: 5, maxDays: 3 }] }, 'methods.0.maxDays', DAYS_REVERSED],
    ['an unknown country', { countries: ['GB', 'XX'] }, 'countries.1', UNKNOWN_COUNTRY],
    ['the UK as UK', { countries: ['UK'] }, 'countries.0', UNKNOWN_COUNTRY],
    ['no country', { countries: [] }, 'countries', 'Name at least one country, or * for the rest of the world'],
    ['* with countries', { countries: ['*', 'FR'] }, 'countries', WORLD_ALONE],
    ['a bad postcode prefix', { postcodePrefixes: ['LS-1'] }, 'postcodePrefixes.0', 'Postcode prefixes are 1 to 10 letters and digits'],
    ['a query operator', { name: { $ne: '' } }, 'name', 'Name is required'],
  ])('refuses %s with 400 and its field, storing nothing', async (_name, change, field, message) => {
    const before = await ShippingZone.countDocuments();
    const res = await callRoute(zonesRoute.POST, '/api/admin/shipping-zones', {
      method: 'POST',
      body: { ...zoneBody, ...change },
      as: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await ShippingZone.countDocuments()).toBe(before);
  });

  it('answers 404 for an unknown or malformed zone id', async () => {
    for (const id of [String(new Types.ObjectId()), 'not-an-id']) {
      const res = await callRoute(zoneRoute.PUT, `/api/admin/shipping-zones/${id}`, {
        method: 'PUT',
        params: { id },
        body: zoneBody,
        as: admin,
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('tax rates', () => {
  it('creates, edits and deletes a rate in percent (stored in thousandths of a percent), each change audited', async () => {
    const res = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', {
      method: 'POST',
      as: admin,
      body: { country: 'us', region: 'ca', rate: 7.25, label: 'Sales tax' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ country: 'US', region: 'CA', rate: 7.25, taxShipping: false, label: 'Sales tax' });
    const id = res.body._id as string;
    expect((await TaxRate.findById(id).lean())!.ratePcm).toBe(7_250);

    const duplicate = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', {
      method: 'POST',
      as: admin,
      body: { country: 'US', region: 'CA', rate: 8 },
    });
    expect(duplicate.status).toBe(409);

    const edited = await callRoute(taxRoute.PUT, `/api/admin/tax-rates/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { country: 'US', region: 'CA', rate: 7.5, taxShipping: true, label: 'Sales tax' },
    });
    expect(edited.body).toMatchObject({ rate: 7.5, taxShipping: true });
    // Editing a rate onto another rate's country and region is refused, and changes neither.
    const other = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', {
      method: 'POST',
      as: admin,
      body: { country: 'US', region: 'NY', rate: 4 },
    });
    const clash = await callRoute(taxRoute.PUT, `/api/admin/tax-rates/${other.body._id}`, {
      method: 'PUT',
      params: { id: other.body._id },
      as: admin,
      body: { country: 'US', region: 'CA', rate: 9 },
    });
    expect(clash.status).toBe(409);
    expect((await TaxRate.findById(other.body._id).lean())!.ratePcm).toBe(4_000);
    const deleted = await callRoute(taxRoute.DELETE, `/api/admin/tax-rates/${id}`, { method: 'DELETE', params: { id }, as: admin });
    expect(deleted.body).toEqual({ deletedCount: 1 });
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['tax.create', 'tax.update', 'tax.delete']);
    expect(entries[1]).toMatchObject({ before: { rate: 7.25, taxShipping: false }, after: { rate: 7.5, taxShipping: true } });
  });

  it.each([
    [{ country: 'FR', rate: -1 }, 'rate', 'Rate must be from 0 to 100%'],
    [{ country: 'FR', rate: 100.5 }, 'rate', 'Rate must be from 0 to 100%'],
    [{ country: 'FR', rate: 20.1255 }, 'rate', 'Rate can have at most three decimals'],
    [{ country: 'US', region: 'XX', rate: 4 }, 'region', US_REGION_CODE],
    [{ country: 'US', region: 'NYC', rate: 8.875 }, 'region', US_REGION_CODE],
    [{ country: 'CA', region: 'Nowhere', rate: 5 }, 'region', CA_REGION_CODE],
    [{ country: 'ZZ', rate: 20 }, 'country', UNKNOWN_COUNTRY],
    [{ country: 'FR', region: 'Île', rate: 20 }, 'region', 'Region is up to 40 letters, digits, spaces or dashes'],
  ])('refuses %j with 400', async (body, field, message) => {
    const before = await TaxRate.countDocuments();
    const res = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', { method: 'POST', as: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await TaxRate.countDocuments()).toBe(before);
  });

  it('refuses with 400, never 500, a label the model finds too long though the schema let it through', async () => {
    // 34 characters by zod's count, 41 UTF-16 units by the model's (what Schemathesis sent once).
    const label =
      'PG\u008ch\u008b\u00d1\u00dd\u00eeJ\u00cd\u00d7\u008eLH\u{44dc8}\u00e7p\u{cf982}\u00e3Hya\u0090\u00fe\u{7c54f}\n\u{1e25f}wN\u{2a10a}\u{171e1}\u{ae997}IJ';
    expect(label.length).toBe(41);
    const before = await TaxRate.countDocuments();
    const res = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', {
      method: 'POST',
      as: admin,
      body: { country: 'AT', rate: 1, label },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.label).toEqual(['Label is at most 40 characters']);
    expect(await TaxRate.countDocuments()).toBe(before);
  });

  it("takes three decimals (New York City's 8.875%) and a state by its name, stored as its code", async () => {
    const res = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', {
      method: 'POST',
      as: admin,
      body: { country: 'US', region: 'new jersey', rate: 6.625, label: 'Sales tax' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ country: 'US', region: 'NJ', rate: 6.625 });
    expect(await TaxRate.findById(res.body._id).lean()).toMatchObject({ region: 'NJ', ratePcm: 6_625 });
    // New York's rate (made above at 4%) becomes New York City's.
    const ny = String((await TaxRate.findOne({ country: 'US', region: 'NY' }).lean())!._id);
    const nyc = await callRoute(taxRoute.PUT, `/api/admin/tax-rates/${ny}`, {
      method: 'PUT',
      params: { id: ny },
      as: admin,
      body: { country: 'US', region: 'ny', rate: 8.875, taxShipping: true, label: 'Sales tax' },
    });
    expect(nyc.body).toMatchObject({ region: 'NY', rate: 8.875 });
    expect(await TaxRate.findById(ny).lean()).toMatchObject({ ratePcm: 8_875 });
  });

  it('shows a rate stored in basis points (before three decimals) as it was, and stores it in thousandths once edited', async () => {
    const { insertedId } = await TaxRate.collection.insertOne({
      country: 'AT',
      region: '',
      rateBps: 2_000,
      taxShipping: true,
      label: 'VAT',
    });
    const id = String(insertedId);
    const listed = await callRoute(taxesRoute.GET, '/api/admin/tax-rates', { as: admin });
    expect(listed.body.find((rate: { _id: string }) => rate._id === id)).toMatchObject({ country: 'AT', rate: 20 });
    const edited = await callRoute(taxRoute.PUT, `/api/admin/tax-rates/${id}`, {
      method: 'PUT',
      params: { id },
      as: admin,
      body: { country: 'AT', rate: 20.125, taxShipping: true, label: 'VAT' },
    });
    expect(edited.body).toMatchObject({ rate: 20.125 });
    const stored = await TaxRate.collection.findOne({ _id: insertedId });
    expect(stored).toMatchObject({ ratePcm: 20_125 });
    expect(stored).not.toHaveProperty('rateBps');
  });

  it('accepts 0% and 100%', async () => {
    for (const [country, rate] of [
      ['HK', 0],
      ['MC', 100],
    ] as const) {
      const res = await callRoute(taxesRoute.POST, '/api/admin/tax-rates', { method: 'POST', as: admin, body: { country, rate } });
      expect(res.status).toBe(201);
    }
  });
});

describe('discount codes', () => {
  it('creates each kind, refuses a code twice (any case), and lists them with uses and status', async () => {
    const percent = await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'brakes15', kind: 'percent', percent: 15, minSubtotal: 50, maxUses: 2, oncePerCustomer: true, categories: ['brakes'] },
    });
    expect(percent.status).toBe(201);
    expect(percent.body).toMatchObject({
      code: 'BRAKES15',
      kind: 'percent',
      percent: 15,
      amount: null,
      minSubtotal: 50,
      status: 'active',
      uses: 0,
    });
    const fixed = await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'TENOFF', kind: 'fixed', amount: 10, startsAt: '2999-01-01T00:00:00Z' },
    });
    expect(fixed.body).toMatchObject({ amount: 10, status: 'scheduled', startsAt: '2999-01-01T00:00:00.000Z' });
    expect((await DiscountCode.findOne({ code: 'TENOFF' }).lean())!.amountCents).toBe(1000);
    const free = await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'SHIPFREE', kind: 'free-shipping' },
    });
    expect(free.status).toBe(201);
    const again = await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'shipfree', kind: 'free-shipping' },
    });
    expect(again.status).toBe(409);
    const list = await callRoute(codesRoute.GET, '/api/admin/discount-codes', { as: admin });
    expect(list.body.map((code: { code: string }) => code.code)).toEqual(expect.arrayContaining(['BRAKES15', 'TENOFF', 'SHIPFREE']));
    const created = await AuditEntry.find({ action: 'discount.create' }).lean();
    expect(created.map((entry) => entry.target?.id).sort()).toEqual(['BRAKES15', 'SHIPFREE', 'TENOFF']);
  });

  it.each([
    [{ code: 'AB', kind: 'free-shipping' }, 'code', CODE_FORMAT],
    [{ code: 'WITH SPACE', kind: 'free-shipping' }, 'code', CODE_FORMAT],
    [{ code: 'PCT0', kind: 'percent', percent: 0 }, 'percent', PERCENT_RANGE],
    [{ code: 'PCT101', kind: 'percent', percent: 101 }, 'percent', PERCENT_RANGE],
    [{ code: 'PCTHALF', kind: 'percent', percent: 12.5 }, 'percent', PERCENT_RANGE],
    [{ code: 'PCTNONE', kind: 'percent' }, 'percent', PERCENT_RANGE],
    [{ code: 'FIXZERO', kind: 'fixed', amount: 0 }, 'amount', FIXED_ABOVE_ZERO],
    [{ code: 'FIXNONE', kind: 'fixed' }, 'amount', FIXED_ABOVE_ZERO],
    [
      { code: 'BACKWARDS', kind: 'free-shipping', startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
      'The end must be after the start',
    ],
    [{ code: 'BADDATE', kind: 'free-shipping', endsAt: 'tomorrow' }, 'endsAt', 'Use an ISO date-time (2026-12-01T00:00:00Z)'],
    [{ code: 'ZEROUSES', kind: 'free-shipping', maxUses: 0 }, 'maxUses', 'Allow at least one use'],
    [{ code: 'NOCAT', kind: 'free-shipping', categories: ['teapots'] }, 'categories.0', 'Choose categories from the list'],
  ])('refuses %j with 400', async (body, field, message) => {
    const before = await DiscountCode.countDocuments();
    const res = await callRoute(codesRoute.POST, '/api/admin/discount-codes', { method: 'POST', as: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await DiscountCode.countDocuments()).toBe(before);
  });

  it('records one pause when another admin paused the code between the read and the write', async () => {
    await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'RACEPAUSE', kind: 'percent', percent: 5 },
    });
    const realUpdate = DiscountCode.updateOne.bind(DiscountCode);
    const spy = jest.spyOn(DiscountCode, 'updateOne').mockImplementationOnce(((...args: Parameters<typeof realUpdate>) =>
      // The other admin's pause lands first.
      realUpdate({ code: 'RACEPAUSE' }, { $set: { pausedAt: new Date() } }).then(() => realUpdate(...args))) as typeof realUpdate);
    try {
      const res = await callRoute(codeRoute.PATCH, '/api/admin/discount-codes/RACEPAUSE', {
        method: 'PATCH',
        params: { code: 'RACEPAUSE' },
        body: { paused: true },
        as: admin,
      });
      expect(res).toMatchObject({ status: 200, body: { status: 'paused' } });
    } finally {
      spy.mockRestore();
    }
    expect((await auditOf('RACEPAUSE')).map((entry) => entry.action)).toEqual(['discount.create']);
  });

  it('pauses and resumes a code, each audited once; repeating a pause changes nothing', async () => {
    await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'PAUSEME', kind: 'percent', percent: 5 },
    });
    const patch = (paused: boolean) =>
      callRoute(codeRoute.PATCH, '/api/admin/discount-codes/pauseme', {
        method: 'PATCH',
        params: { code: 'pauseme' },
        body: { paused },
        as: admin,
      });
    const paused = await patch(true);
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect((await DiscountCode.findOne({ code: 'PAUSEME' }).lean())!.pausedAt).toBeInstanceOf(Date);
    await patch(true);
    const resumed = await patch(false);
    expect(resumed.body).toMatchObject({ status: 'active', pausedAt: null });
    expect((await auditOf('PAUSEME')).map((entry) => entry.action)).toEqual(['discount.create', 'discount.pause', 'discount.resume']);
    const unknown = await callRoute(codeRoute.PATCH, '/api/admin/discount-codes/NOSUCH', {
      method: 'PATCH',
      params: { code: 'NOSUCH' },
      body: { paused: true },
      as: admin,
    });
    expect(unknown.status).toBe(404);
    const bad = await callRoute(codeRoute.PATCH, '/api/admin/discount-codes/PAUSEME', {
      method: 'PATCH',
      params: { code: 'PAUSEME' },
      body: { paused: 'yes' },
      as: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('lists the redemptions newest first, counts only uses (not the once-per-customer marks), and shows used-up', async () => {
    await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'TWICE', kind: 'fixed', amount: 5, maxUses: 2, oncePerCustomer: true },
    });
    const [first, second] = [new Types.ObjectId(), new Types.ObjectId()];
    await DiscountRedemption.create([
      { _id: 'TWICE#1', code: 'TWICE', orderId: first, email: 'a@example.com', amountCents: 500, at: new Date('2026-01-01T10:00:00Z') },
      {
        _id: 'TWICE@a@example.com',
        code: 'TWICE',
        orderId: first,
        email: 'a@example.com',
        amountCents: 0,
        slot: false,
        at: new Date('2026-01-01T10:00:00Z'),
      },
      { _id: 'TWICE#2', code: 'TWICE', orderId: second, email: 'b@example.com', amountCents: 500, at: new Date('2026-01-02T10:00:00Z') },
    ]);
    const res = await callRoute(redemptionsRoute.GET, '/api/admin/discount-codes/TWICE/redemptions?limit=10', {
      params: { code: 'twice' },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.body).toEqual([
      { orderId: String(second), orderNumber: null, email: 'b@example.com', amount: 5, at: '2026-01-02T10:00:00.000Z' },
      { orderId: String(first), orderNumber: null, email: 'a@example.com', amount: 5, at: '2026-01-01T10:00:00.000Z' },
    ]);
    const code = await callRoute(codeRoute.GET, '/api/admin/discount-codes/TWICE', { params: { code: 'TWICE' }, as: admin });
    expect(code.body).toMatchObject({ uses: 2, status: 'used-up' });
  });
});

describe('shop settings', () => {
  it('keeps the orders inbox, lower case, audited; refuses a bad address', async () => {
    const res = await callRoute(settingsRoute.PUT, '/api/admin/settings', {
      method: 'PUT',
      as: admin,
      body: { ordersEmail: 'Orders@Shop.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.ordersEmail).toBe('orders@shop.example');
    expect((await ShopSettings.findById('shop').lean())!.ordersEmail).toBe('orders@shop.example');
    const bad = await callRoute(settingsRoute.PUT, '/api/admin/settings', {
      method: 'PUT',
      as: admin,
      body: { ordersEmail: 'not an email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.ordersEmail).toEqual(['Provide a valid Email']);
    const [entry] = await auditOf('shop');
    expect(entry).toMatchObject({ action: 'settings.update', before: { ordersEmail: '' }, after: { ordersEmail: 'orders@shop.example' } });
    const read = await callRoute(settingsRoute.GET, '/api/admin/settings', { as: admin });
    expect(read.body.ordersEmail).toBe('orders@shop.example');
  });
});

describe('ensureDefaultShipping', () => {
  it('seeds the default zones and rates exactly once under two concurrent calls, then never again', async () => {
    // The settings test above created the document without the mark: the seeding claims it.
    await ShippingZone.deleteMany({});
    await TaxRate.deleteMany({});
    const results = await Promise.all([ensureDefaultShipping(), ensureDefaultShipping()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const zones = await ShippingZone.find().sort({ position: 1 }).lean();
    expect(zones.map((zone) => zone.name)).toEqual(DEFAULT_ZONES.map((zone) => zone.name));
    expect(await TaxRate.countDocuments()).toBe(DEFAULT_TAX_RATES.length);
    expect((await ShopSettings.findById('shop').lean())!.shippingSeededAt).toBeInstanceOf(Date);

    // The shop's promises: free from $75 everywhere; below it $6 in the UK, $15 elsewhere; Express never free.
    const standardOf = (name: string) => zones.find((zone) => zone.name === name)!.methods.find((method) => method.label === 'Standard')!;
    expect(standardOf('United Kingdom')).toMatchObject({
      freeOverCents: 7500,
      minDays: 1,
      maxDays: 2,
      bands: [{ upToGrams: null, priceCents: 600 }],
    });
    expect(standardOf('Europe')).toMatchObject({
      freeOverCents: 7500,
      minDays: 3,
      maxDays: 5,
      bands: [{ upToGrams: null, priceCents: 1500 }],
    });
    expect(standardOf('Rest of the world')).toMatchObject({ freeOverCents: 7500, minDays: 5, maxDays: 10 });
    expect(zones.find((zone) => zone.name === 'Rest of the world')!.countries).toEqual(['*']);
    for (const zone of zones) {
      const express = zone.methods.find((method) => method.label === 'Express')!;
      expect(express.freeOverCents).toBeNull();
      expect(express.maxDays).toBeLessThanOrEqual(standardOf(zone.name).minDays);
    }
    expect(await TaxRate.findOne({ country: 'GB' }).lean()).toMatchObject({ ratePcm: 20_000, taxShipping: true });

    // An owner's deletions stay deleted.
    await ShippingZone.deleteMany({});
    expect(await ensureDefaultShipping()).toBe(false);
    expect(await ShippingZone.countDocuments()).toBe(0);
  });

  it('seeds on a database where the settings document does not exist yet', async () => {
    await ShopSettings.deleteMany({});
    await TaxRate.deleteMany({});
    const results = await Promise.all([ensureDefaultShipping(), ensureDefaultShipping(), ensureDefaultShipping()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ShippingZone.countDocuments()).toBe(DEFAULT_ZONES.length);
    expect(await TaxRate.countDocuments()).toBe(DEFAULT_TAX_RATES.length);
  });

  it("keeps the shop's promises in a quote: $27.95 to Paris pays $15, to Leeds $6, free from $75, Express never free", async () => {
    const quote = async (partId: string, country: string, postalCode: string) => {
      const res = await callRoute(quoteRoute, '/api/checkout/quote', { method: 'POST', body: { partId, country, postalCode } });
      expect(res.status).toBe(200);
      return res.body as { methods: Array<{ label: string; amount: number; estimate: { minDays: number; maxDays: number } }>; tax: number };
    };
    const cheap = await makePart({ price: 27.95, minimumQuantity: 1 });
    const dear = await makePart({ price: 80, minimumQuantity: 1 });
    const paris = await quote(cheap, 'FR', '75001');
    expect(paris.methods.map((m) => [m.label, m.amount, m.estimate.minDays, m.estimate.maxDays])).toEqual([
      ['Standard', 15, 3, 5],
      ['Express', 35, 1, 2],
    ]);
    const leeds = await quote(cheap, 'GB', 'LS1 1AA');
    expect(leeds.methods.find((m) => m.label === 'Standard')!.amount).toBe(6);
    // GB VAT applies to the goods and the delivery: 20% of $27.95 + $6.
    expect(leeds.tax).toBe(6.79);
    const tokyo = await quote(dear, 'JP', '100-0001');
    expect(tokyo.methods.map((m) => [m.label, m.amount])).toEqual([
      ['Standard', 0],
      ['Express', 45],
    ]);
  });
});

describe('codes made here, used at checkout', () => {
  /** A guest's browser: the cart cookie kept between calls. */
  function guest() {
    let cookie: string | null = null;
    const call = async (handler: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) => {
      const res = await callRoute(handler, path, { ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
      const set = res.headers.get('set-cookie');
      if (set?.startsWith(`${CART_COOKIE}=`)) cookie = set.split(';')[0]!;
      return res;
    };
    return {
      add: (partId: string) => call(addLineRoute, '/api/cart/lines', { method: 'POST', body: { partId, quantity: 1 } }),
      quote: (discountCode: string) =>
        call(quoteRoute, '/api/checkout/quote', { method: 'POST', body: { country: 'GB', postalCode: 'LS2 7HX', discountCode } }),
      checkout: (email: string, shippingMethod: string, discountCode: string) =>
        call(checkoutRoute, '/api/checkout', {
          method: 'POST',
          headers: { 'idempotency-key': `admin-test-${email}` },
          body: {
            email,
            address: { name: 'Gina Guest', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS2 7HX', country: 'GB' },
            phone: '+44 113 496 0200',
            shippingMethod,
            discountCode,
          },
        }),
    };
  }

  it('lists a real redemption with its order number, shows the code used up, and a paused code is refused', async () => {
    await ensureDefaultShipping();
    const uk = await ShippingZone.findOne({ name: 'United Kingdom' }).lean();
    const standardId = String(uk!.methods.find((method) => method.label === 'Standard')!._id);
    const part = await makePart({ price: 40, stock: 10, minimumQuantity: 1 });
    await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'ONLYONE', kind: 'fixed', amount: 5, maxUses: 1 },
    });

    const buyer = guest();
    await buyer.add(part);
    const placed = await buyer.checkout('gina@example.com', standardId, 'onlyone');
    expect(placed.status).toBe(201);
    const list = await callRoute(redemptionsRoute.GET, '/api/admin/discount-codes/ONLYONE/redemptions', {
      params: { code: 'ONLYONE' },
      as: admin,
    });
    expect(list.body).toEqual([
      { orderId: placed.body.orderId, orderNumber: placed.body.orderNumber, email: 'gina@example.com', amount: 5, at: expect.any(String) },
    ]);
    const code = await callRoute(codeRoute.GET, '/api/admin/discount-codes/ONLYONE', { params: { code: 'ONLYONE' }, as: admin });
    expect(code.body).toMatchObject({ uses: 1, status: 'used-up' });

    await callRoute(codesRoute.POST, '/api/admin/discount-codes', {
      method: 'POST',
      as: admin,
      body: { code: 'PAUSED5', kind: 'percent', percent: 5 },
    });
    const other = guest();
    await other.add(part);
    expect((await other.quote('PAUSED5')).status).toBe(200);
    await callRoute(codeRoute.PATCH, '/api/admin/discount-codes/PAUSED5', {
      method: 'PATCH',
      params: { code: 'PAUSED5' },
      body: { paused: true },
      as: admin,
    });
    const refused = await other.quote('PAUSED5');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.discountCode).toEqual(['This code is paused']);
  });
});
