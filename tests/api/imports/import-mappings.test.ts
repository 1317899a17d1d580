/** The imports' admin tables (PIES brands, part types and price type; ACES positions) through `/api/admin/import-mappings`, against the real database. */
import * as mappingsRoute from '@/app/api/admin/import-mappings/route';
import type { UserDTO } from '@/lib/auth/users';
import { loadMappingTables } from '@/lib/imports';
import {
  AAIA_ID_FORMAT,
  DUPLICATE_BRAND_ID,
  DUPLICATE_PART_TYPE,
  DUPLICATE_POSITION,
  POSITION_ID_FORMAT,
  POSITION_NAME_REQUIRED,
  POSITION_NAME_TOO_LONG,
  PRICE_TYPE_FORMAT,
} from '@/lib/validations/import-mappings';
import { AuditEntry, ImportMappings } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

const PATH = '/api/admin/import-mappings';
let admin: UserDTO;
let customer: UserDTO;

const tables = {
  priceType: 'lst',
  brands: [{ aaiaId: 'bqxt', brand: ' Synthetic Friction ' }],
  categories: [{ partTypeId: 1684, category: 'brakes' }],
  positions: [
    { positionId: 22, name: ' Front ' },
    { positionId: 30, name: 'Rear' },
  ],
};

const put = (body: unknown, as: UserDTO | null = admin) => callRoute(mappingsRoute.PUT, PATH, { method: 'PUT', body, as });

/** A PUT of the tables with `change` is a 400 that gives `field` the one message `message`, and stores and audits nothing. */
async function expectRefused(change: object, field: string, message: unknown) {
  const audited = await AuditEntry.countDocuments({ action: 'import-mappings.update' });
  const res = await put({ ...tables, ...change });
  expect(res.status).toBe(400);
  expect((res.body as { fieldErrors: Record<string, string[]> }).fieldErrors[field]).toEqual([message]);
  expect(await ImportMappings.countDocuments()).toBe(0);
  expect(await AuditEntry.countDocuments({ action: 'import-mappings.update' })).toBe(audited);
}

beforeAll(async () => {
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  customer = await makeUser({ name: 'Cal Customer' });
});
beforeEach(() => ImportMappings.deleteMany({}));

describe('who may', () => {
  it.each([
    ['GET', () => callRoute(mappingsRoute.GET, PATH, { as: null }), () => callRoute(mappingsRoute.GET, PATH, { as: customer })],
    ['PUT', () => put(tables, null), () => put(tables, customer)],
  ])('%s: a visitor gets 401, a customer 403, and nothing is stored', async (_method, asVisitor, asCustomer) => {
    expect((await asVisitor()).status).toBe(401);
    const refused = await asCustomer();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Admins only' });
    expect(await ImportMappings.countDocuments()).toBe(0);
  });
});

describe('the tables', () => {
  it('answers the default price type and empty tables before any save', async () => {
    const res = await callRoute(mappingsRoute.GET, PATH, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ priceType: 'RET', brands: [], categories: [], positions: [] });
    expect(res.headers.get('Cache-Control')).toContain('no-store');
  });

  it('stores them upper-cased and trimmed, answers them, audits the change once', async () => {
    const res = await put(tables);
    expect(res.status).toBe(200);
    const stored = {
      priceType: 'LST',
      brands: [{ aaiaId: 'BQXT', brand: 'Synthetic Friction' }],
      categories: tables.categories,
      positions: [
        { positionId: 22, name: 'Front' },
        { positionId: 30, name: 'Rear' },
      ],
    };
    expect(res.body).toEqual(stored);
    expect((await callRoute(mappingsRoute.GET, PATH, { as: admin })).body).toEqual(stored);
    const read = await loadMappingTables();
    expect(read.brands.get('BQXT')).toBe('Synthetic Friction');
    expect(read.categories.get(1684)).toBe('brakes');
    expect(read.positions.get(22)).toBe('Front');
    const entries = await AuditEntry.find({ action: 'import-mappings.update' }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject(stored);
    expect(entries[0]!.before).toMatchObject({ priceType: 'RET', brands: [], positions: [] });
    expect(entries[0]!.actorEmail).toBe(admin.email);
    // The same tables again change nothing, so nothing is audited.
    expect((await put(tables)).status).toBe(200);
    expect(await AuditEntry.countDocuments({ action: 'import-mappings.update' })).toBe(1);
  });

  it('keeps a position name of exactly 60 characters, trimmed', async () => {
    const name = `Front ${'x'.repeat(54)}`;
    const res = await put({ ...tables, positions: [{ positionId: 22, name: ` ${name} ` }] });
    expect(res.status).toBe(200);
    expect((await loadMappingTables()).positions).toEqual(new Map([[22, name]]));
  });

  it.each([
    ['a brand id of 3 characters', { brands: [{ aaiaId: 'BQX', brand: 'X' }] }, 'brands.0.aaiaId', AAIA_ID_FORMAT],
    ['an unknown category', { categories: [{ partTypeId: 7, category: 'tyres' }] }, 'categories.0.category', 'Choose a category'],
    ['a part type of 0', { categories: [{ partTypeId: 0, category: 'brakes' }] }, 'categories.0.partTypeId', expect.any(String)],
    ['a price type of 5 letters', { priceType: 'RETAL' }, 'priceType', PRICE_TYPE_FORMAT],
    ['a position id of 0', { positions: [{ positionId: 0, name: 'Front' }] }, 'positions.0.positionId', POSITION_ID_FORMAT],
    ['a position id of 2.5', { positions: [{ positionId: 2.5, name: 'Front' }] }, 'positions.0.positionId', POSITION_ID_FORMAT],
    ['a position id as text', { positions: [{ positionId: '22', name: 'Front' }] }, 'positions.0.positionId', POSITION_ID_FORMAT],
    ['a position without a name', { positions: [{ positionId: 22 }] }, 'positions.0.name', POSITION_NAME_REQUIRED],
    ['a position named only spaces', { positions: [{ positionId: 22, name: '   ' }] }, 'positions.0.name', POSITION_NAME_REQUIRED],
    [
      'a position name of 61 characters',
      { positions: [{ positionId: 22, name: 'F'.repeat(61) }] },
      'positions.0.name',
      POSITION_NAME_TOO_LONG,
    ],
    ['no positions list', { positions: undefined }, 'positions', 'Positions must be a list'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_name, change, field, message) => {
    await expectRefused(change, field, message);
  });

  it.each([
    ['brands', 'aaiaId', { aaiaId: 'BQXT', brand: 'A' }, { aaiaId: 'bqxt', brand: 'B' }, DUPLICATE_BRAND_ID],
    ['categories', 'partTypeId', { partTypeId: 7, category: 'brakes' }, { partTypeId: 7, category: 'other' }, DUPLICATE_PART_TYPE],
    ['positions', 'positionId', { positionId: 22, name: 'Front' }, { positionId: 22, name: 'Rear' }, DUPLICATE_POSITION],
  ])('refuses two %s rows with one %s (ids compared upper case), storing nothing', async (table, field, first, second, message) => {
    await expectRefused({ [table]: [first, second] }, `${table}.1.${field}`, message);
  });
});
