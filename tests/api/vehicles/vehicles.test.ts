import { DELETE as removeVehicleRoute } from '@/app/api/garage/[id]/route';
import { PUT as activeVehicleRoute } from '@/app/api/garage/active/route';
import { GET as garageRoute, POST as addVehicleRoute } from '@/app/api/garage/route';
import { GET as vehiclesRoute } from '@/app/api/vehicles/route';
import { GET as vinRoute } from '@/app/api/vin/[vin]/route';
import { seedDemo } from '@/db/seed';
import type { UserDTO } from '@/lib/auth/users';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  // The demo's vehicle reference data (41 vehicles).
  await seedDemo({ SEED_ADMIN_PASSWORD: 'admin-pass-1', SEED_CUSTOMER_PASSWORD: 'customer-pass-1' }, { supplier: false });
  admin = await makeUser({ admin: true });
  customer = await makeUser();
}, 60_000);

describe('GET /api/vehicles and /api/vin/{vin}', () => {
  it('lists makes, then models with years, then years with engines', async () => {
    const makes = (await callRoute(vehiclesRoute, '/api/vehicles')).body.makes;
    expect(makes).toEqual(expect.arrayContaining(['Toyota', 'Honda', 'Ford', 'Volkswagen']));
    const models = (await callRoute(vehiclesRoute, '/api/vehicles?make=Toyota')).body.models;
    expect(models.find((m: { model: string }) => m.model === 'Corolla').years).toContain(2016);
    const years = (await callRoute(vehiclesRoute, '/api/vehicles?make=Toyota&model=Corolla')).body.years;
    expect(years.find((y: { year: number }) => y.year === 2016).engines).toContain('1.8L I4');
    // Which vehicles the shop has parts for: the 3 Series of 2012 to 2016 (one part), not of 2018.
    const all = (await callRoute(vehiclesRoute, '/api/vehicles')).body;
    expect(all.makesWithParts).toEqual(expect.arrayContaining(['Toyota', 'Honda', 'BMW']));
    expect(all.makes).toEqual(expect.arrayContaining(all.makesWithParts));
    const bmw = (await callRoute(vehiclesRoute, '/api/vehicles?make=BMW')).body.models;
    const series3 = bmw.find((m: { model: string }) => m.model === '3 Series');
    expect(series3.yearsWithParts).toEqual([2016, 2015, 2014, 2013, 2012]);
    expect(series3.years).toContain(2018);
    const bad = await callRoute(vehiclesRoute, '/api/vehicles?model=Corolla');
    expect(bad).toMatchObject({ status: 400, body: { error: 'Give the make of the model' } });
  });

  it('decodes a VIN offline, and explains a wrong one', async () => {
    const ok = await callRoute(vinRoute, '/api/vin/1HGCM82633A004352', { params: { vin: '1HGCM82633A004352' } });
    expect(ok.body).toMatchObject({ ok: true, make: 'Honda', modelYear: 2003 });
    const wrong = await callRoute(vinRoute, '/api/vin/1HGCM82633A004353', { params: { vin: '1HGCM82633A004353' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/check digit/);
    // A European VIN has no North American check digit: decoded, not refused.
    const european = await callRoute(vinRoute, '/api/vin/WVWZZZ1KZAW123456', { params: { vin: 'WVWZZZ1KZAW123456' } });
    expect(european).toMatchObject({ status: 200, body: { ok: true, make: 'Volkswagen', modelYear: 2010 } });
    const short = await callRoute(vinRoute, '/api/vin/1HGCM8263', { params: { vin: '1HGCM8263' } });
    expect(short.body.error).toBe('A VIN has 17 characters; this one has 9.');
  });
});

describe('My Garage', () => {
  const garage = (as: UserDTO | null) => callRoute(garageRoute, '/api/garage', { as });
  const add = (as: UserDTO | null, body: unknown) => callRoute(addVehicleRoute, '/api/garage', { method: 'POST', as, body });

  it('keeps up to 10 vehicles with one active, for the customer only', async () => {
    const owner = await makeUser();
    expect((await garage(null)).status).toBe(401);
    expect((await garage(admin)).status).toBe(403);
    const first = await add(owner, { year: 2016, make: 'toyota', model: 'corolla', engine: '1.8L I4' });
    expect(first.status).toBe(201);
    expect(first.body.vehicles[0]).toMatchObject({ year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' });
    const second = await add(owner, { year: 2018, make: 'Honda', model: 'Civic' });
    expect(second.body.vehicles).toHaveLength(2);
    expect(second.body.activeId).toBe(second.body.vehicles[1].id);
    const switched = await callRoute(activeVehicleRoute, '/api/garage/active', {
      method: 'PUT',
      as: owner,
      body: { id: first.body.vehicles[0].id },
    });
    expect(switched.body.activeId).toBe(first.body.vehicles[0].id);
    // Another customer cannot touch it.
    expect(
      (await callRoute(activeVehicleRoute, '/api/garage/active', { method: 'PUT', as: customer, body: { id: first.body.vehicles[0].id } }))
        .status,
    ).toBe(404);
    const id = first.body.vehicles[0].id as string;
    expect((await callRoute(removeVehicleRoute, `/api/garage/${id}`, { method: 'DELETE', params: { id }, as: customer })).status).toBe(404);
    expect(
      (await callRoute(removeVehicleRoute, `/api/garage/${id}`, { method: 'DELETE', params: { id }, as: owner })).body.vehicles,
    ).toHaveLength(1);
  });

  it('makes a vehicle already in the garage active when chosen again, without a second entry', async () => {
    const owner = await makeUser();
    const corolla = await add(owner, { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' });
    const civic = await add(owner, { year: 2018, make: 'Honda', model: 'Civic' });
    const corollaId = corolla.body.vehicles[0].id as string;
    expect(civic.body.activeId).not.toBe(corollaId);
    // Chosen again, spelled as the vehicle list's picker may send it.
    const again = await add(owner, { year: 2016, make: 'toyota', model: 'corolla', engine: '1.8L I4' });
    expect(again.status).toBeLessThan(300);
    expect(again.body.activeId).toBe(corollaId);
    expect(again.body.vehicles).toHaveLength(2);
    const stored = await garage(owner);
    expect(stored.body.activeId).toBe(corollaId);
    expect(stored.body.vehicles.map((v: { make: string }) => v.make).sort()).toEqual(['Honda', 'Toyota']);
  });

  it('keeps one entry of a vehicle added several times at once', async () => {
    const owner = await makeUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(owner, { year: 2019, make: 'Toyota', model: 'Camry' })));
    expect(answers.every((res) => res.status < 300)).toBe(true);
    const stored = await garage(owner);
    expect(stored.body.vehicles).toEqual([expect.objectContaining({ year: 2019, make: 'Toyota', model: 'Camry' })]);
    expect(stored.body.activeId).toBe(stored.body.vehicles[0].id);
  });

  it('takes a vehicle chosen with "Any engine" (engine null, as the vehicle cookie keeps it) and stores no engine', async () => {
    const owner = await makeUser();
    const res = await add(owner, { year: 2016, make: 'Toyota', model: 'Corolla', engine: null });
    expect(res.status).toBe(201);
    expect(res.body.vehicles).toEqual([expect.objectContaining({ year: 2016, make: 'Toyota', model: 'Corolla', engine: null })]);
    expect((await garage(owner)).body.vehicles).toHaveLength(1);
    // A wrong type is still refused with a message, and stores nothing.
    const bad = await add(owner, { year: 2016, make: 'Toyota', model: 'Camry', engine: 42 });
    expect(bad.status).toBe(400);
    expect((await garage(owner)).body.vehicles).toHaveLength(1);
  });

  it('refuses an 11th vehicle, even when they arrive at once, and vehicles outside the list', async () => {
    const owner = await makeUser();
    const years = Array.from({ length: 12 }, (_, i) => 2012 + i);
    const answers = await Promise.all(years.map((year) => add(owner, { year, make: 'Toyota', model: 'Camry' })));
    expect(answers.filter((res) => res.status === 201).length).toBe(10);
    for (const res of answers.filter((res) => res.status !== 201))
      expect(res.body.error).toBe('Your garage holds up to 10 vehicles: remove one to add another');
    expect((await garage(owner)).body.vehicles).toHaveLength(10);
    const unknown = await add(await makeUser(), { year: 2016, make: 'Toyota', model: 'Hovercraft' });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'That vehicle is not in our vehicle list' } });
  });
});
