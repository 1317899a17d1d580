/**
 * The coverage check of the shop's shipping: `GET /api/admin/shipping-zones/coverage` lists where, and
 * for what weights, no active method ships; saving a zone that leaves such a gap is allowed and
 * answers its warnings. What it reports is what the checkout refuses.
 */
import { POST as quoteRoute } from '@/app/api/checkout/quote/route';
import * as coverageRoute from '@/app/api/admin/shipping-zones/coverage/route';
import * as zoneRoute from '@/app/api/admin/shipping-zones/[id]/route';
import * as zonesRoute from '@/app/api/admin/shipping-zones/route';
import type { UserDTO } from '@/lib/auth/users';
import { COUNTRY_CODES } from '@/lib/validations/countries';
import { ShippingZone } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ admin: true });
  customer = await makeUser();
});

const method = (bands: Array<number | null>, active = true) => ({
  label: active ? 'Standard' : 'Paused',
  bands: bands.map((upToKg, i) => ({ upToKg, price: 5 + i })),
  freeOver: null,
  minDays: 1,
  maxDays: 3,
  active,
});
const zone = (name: string, countries: string[], methods: ReturnType<typeof method>[], position = 0) => ({
  name,
  countries,
  postcodePrefixes: [],
  position,
  methods,
});

const create = (body: ReturnType<typeof zone>) =>
  callRoute(zonesRoute.POST, '/api/admin/shipping-zones', { method: 'POST', body, as: admin });
const update = (id: string, body: ReturnType<typeof zone>) =>
  callRoute(zoneRoute.PUT, `/api/admin/shipping-zones/${id}`, { method: 'PUT', body, params: { id }, as: admin });
const coverage = () => callRoute(coverageRoute.GET, '/api/admin/shipping-zones/coverage', { as: admin });
/** The delivery methods a part's own page offers to Berlin. */
const methodsToBerlin = async (partId: string) =>
  (await callRoute(quoteRoute, '/api/checkout/quote', { method: 'POST', body: { country: 'DE', postalCode: '10115', partId } })).body
    .methods as unknown[];

describe('the coverage check', () => {
  it('is for admins: a visitor gets 401, a customer 403', async () => {
    expect((await callRoute(coverageRoute.GET, '/api/admin/shipping-zones/coverage', { as: null })).status).toBe(401);
    expect((await callRoute(coverageRoute.GET, '/api/admin/shipping-zones/coverage', { as: customer })).status).toBe(403);
  });

  it('with no zone at all, every country is one gap', async () => {
    const res = await coverage();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.gaps).toHaveLength(1);
    expect(res.body.gaps[0]).toMatchObject({ postcodes: null, zone: null, zoneId: null, aboveKg: 0 });
    expect(res.body.gaps[0].countries).toHaveLength(COUNTRY_CODES.length);
  });

  it('a save that leaves a gap is stored, and answers the gap; the check and the checkout agree on it', async () => {
    const light = await makePart({ weightKg: 0.5 });
    const heavy = await makePart({ weightKg: 0.501 });
    const created = await create(zone('Europe', ['DE', 'FR'], [method([0.25, 0.5])]));
    expect(created.status).toBe(201);
    expect(created.body.warnings).toEqual(['France, Germany: no active method above 0.5 kg (zone Europe)']);
    expect(await ShippingZone.countDocuments({ _id: created.body._id })).toBe(1);

    const { gaps } = (await coverage()).body;
    expect(gaps).toContainEqual({
      countries: ['FR', 'DE'],
      postcodes: null,
      zone: 'Europe',
      zoneId: created.body._id,
      aboveKg: 0.5,
      message: 'France, Germany: no active method above 0.5 kg (zone Europe)',
    });
    expect(await methodsToBerlin(light)).toHaveLength(1);
    expect(await methodsToBerlin(heavy)).toEqual([]);

    // An open last band closes it, and the answer says so.
    const closed = await update(created.body._id, zone('Europe', ['DE', 'FR'], [method([0.25, 0.5, null])]));
    expect(closed.status).toBe(200);
    expect(closed.body.warnings).toEqual([]);
    expect(await methodsToBerlin(heavy)).toHaveLength(1);
    expect((await coverage()).body.gaps.map((gap: { zone: string | null }) => gap.zone)).toEqual([null]);
  });

  it('a zone with only an inactive method is a gap for every weight', async () => {
    const [europe] = await ShippingZone.find({ name: 'Europe' }).lean();
    const res = await update(String(europe!._id), zone('Europe', ['DE', 'FR'], [method([null], false)]));
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual(['France, Germany: no active method (zone Europe)']);
    expect(await ShippingZone.countDocuments({ name: 'Europe', 'methods.active': false })).toBe(1);
  });

  it('a country an update takes out of a zone is warned about too', async () => {
    const [europe] = await ShippingZone.find({ name: 'Europe' }).lean();
    const res = await update(String(europe!._id), zone('Europe', ['FR'], [method([null])]));
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual(['Germany: not in any shipping zone']);
  });

  it('a rest-of-the-world zone answers for every country it takes', async () => {
    const res = await create(zone('Rest of the world', ['*'], [method([30])], 5));
    expect(res.status).toBe(201);
    expect(res.body.warnings).toHaveLength(1);
    expect(res.body.warnings[0]).toMatch(/^Afghanistan, .* and \d+ more: no active method above 30 kg \(zone Rest of the world\)$/);
    expect(res.body.warnings[0]).not.toContain('France');
  });
});
