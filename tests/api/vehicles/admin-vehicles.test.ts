/** The admin's vehicle list (issue 46): generations added and edited through /api/admin/vehicles, audited, for admins only. */
import * as vehiclesRoute from '@/app/api/admin/vehicles/route';
import type { UserDTO } from '@/lib/auth/users';
import { ENGINE_OUTSIDE_YEARS, ENGINE_REPEATED, VEHICLE_YEARS_REVERSED } from '@/lib/validations/vehicles';
import { listYearsAndEngines } from '@/lib/vehicles';
import { AuditEntry, Vehicle } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ name: 'Ada Admin', admin: true });
  customer = await makeUser({ name: 'Cal Customer' });
});

const PATH = '/api/admin/vehicles';
const nimbus = {
  make: 'Auriga',
  model: 'Nimbus',
  yearFrom: 2014,
  yearTo: 2018,
  engines: [{ name: '1.8L L4', yearFrom: 2014, yearTo: 2018 }],
};
const post = (body: unknown, as: UserDTO | null = admin) => callRoute(vehiclesRoute.POST, PATH, { method: 'POST', as, body });
const patch = (body: unknown, as: UserDTO | null = admin) => callRoute(vehiclesRoute.PATCH, PATH, { method: 'PATCH', as, body });
const lastYear = new Date().getUTCFullYear() + 2;

describe('/api/admin/vehicles', () => {
  it('answers 401 to a visitor and 403 to a customer, and changes nothing', async () => {
    for (const [as, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect((await callRoute(vehiclesRoute.GET, PATH, { as })).status).toBe(status);
      expect((await post(nimbus, as)).status).toBe(status);
      expect((await patch({ id: 'auriga-nimbus-2014', ...nimbus }, as)).status).toBe(status);
    }
    expect(await Vehicle.countDocuments()).toBe(0);
  });

  it('adds a generation the selector offers at once, and audits it', async () => {
    const added = await post(nimbus);
    expect(added).toMatchObject({ status: 201, body: { id: 'auriga-nimbus-2014', ...nimbus, fromVcdb: false } });
    expect((await listYearsAndEngines('auriga', 'nimbus'))[0]).toEqual({ year: 2018, engines: ['1.8L L4'] });
    const entry = await AuditEntry.findOne({ action: 'vehicle.create' }).lean();
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      target: { kind: 'vehicle', id: 'auriga-nimbus-2014', label: 'Auriga Nimbus 2014-2018' },
      after: { make: 'Auriga', model: 'Nimbus', yearFrom: 2014, yearTo: 2018 },
    });
    const list = await callRoute(vehiclesRoute.GET, `${PATH}?make=AURIGA`, { as: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([added.body]);
    expect(list.headers.get('X-Total-Count')).toBe('1');
  });

  it('keeps the spelling the list has, and refuses years that overlap a generation of the same model (409)', async () => {
    const later = await post({ make: 'AURIGA', model: 'nimbus', yearFrom: 2019, yearTo: 2020, engines: [] });
    expect(later).toMatchObject({ status: 201, body: { id: 'auriga-nimbus-2019', make: 'Auriga', model: 'Nimbus' } });
    const overlapping = await post({ ...nimbus, yearFrom: 2018, yearTo: 2018, engines: [] });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toBe('The Auriga Nimbus of 2014-2018 overlaps these years: edit that one');
    expect(await Vehicle.countDocuments({ make: 'Auriga' })).toBe(2);
  });

  it('edits a generation: its years and engines, with the change in the audit log', async () => {
    // This process keeps the list it read: the edit must make it read again.
    expect(await listYearsAndEngines('Auriga', 'Nimbus')).toHaveLength(7);
    const edited = await patch({
      id: 'auriga-nimbus-2014',
      ...nimbus,
      yearTo: 2017,
      engines: [{ name: '2.0L L4', yearFrom: 2016, yearTo: 2017 }],
    });
    expect(edited).toMatchObject({ status: 200, body: { id: 'auriga-nimbus-2014', yearTo: 2017 } });
    expect(await listYearsAndEngines('Auriga', 'Nimbus')).toEqual([
      { year: 2020, engines: [] },
      { year: 2019, engines: [] },
      { year: 2017, engines: ['2.0L L4'] },
      { year: 2016, engines: ['2.0L L4'] },
      { year: 2015, engines: [] },
      { year: 2014, engines: [] },
    ]);
    const entry = await AuditEntry.findOne({ action: 'vehicle.update' }).lean();
    expect(entry).toMatchObject({ before: { yearTo: 2018 }, after: { yearTo: 2017 } });
    expect(Object.keys(entry!.before!)).toEqual(['yearTo', 'engines']);
    expect((await patch({ id: 'auriga-nimbus-2031', ...nimbus })).status).toBe(404);
    // Into the years of its sibling: refused, nothing written.
    expect((await patch({ id: 'auriga-nimbus-2014', ...nimbus, yearTo: 2019, engines: [] })).status).toBe(409);
    expect(await Vehicle.findById('auriga-nimbus-2014').lean()).toMatchObject({ yearTo: 2017 });
  });

  it.each([
    ['make', { ...nimbus, make: ' ' }, 'Make is Required'],
    ['model', { ...nimbus, model: 'x'.repeat(41) }, 'Model is too long'],
    ['yearFrom', { ...nimbus, yearFrom: 1895 }, `From year must be a year from 1896 to ${lastYear}`],
    ['yearTo', { ...nimbus, yearTo: lastYear + 1, engines: [] }, `To year must be a year from 1896 to ${lastYear}`],
    ['yearTo', { ...nimbus, yearFrom: 2018, yearTo: 2017, engines: [] }, VEHICLE_YEARS_REVERSED],
    ['engines.0.yearFrom', { ...nimbus, engines: [{ name: '1.8L L4', yearFrom: 2013, yearTo: 2015 }] }, ENGINE_OUTSIDE_YEARS],
    ['engines.0.yearFrom', { ...nimbus, engines: [{ name: '1.8L L4', yearFrom: 2015, yearTo: 2019 }] }, ENGINE_OUTSIDE_YEARS],
    ['engines.1.name', { ...nimbus, engines: [...nimbus.engines, { name: '1.8l l4', yearFrom: 2014, yearTo: 2015 }] }, ENGINE_REPEATED],
    ['make', { ...nimbus, make: { $ne: '' } }, 'Make is Required'],
  ])('refuses a bad %s with a field error and writes nothing', async (field, body, message) => {
    const before = await Vehicle.countDocuments();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await Vehicle.countDocuments()).toBe(before);
  });

  it('accepts the first and last years of the vehicle list', async () => {
    const res = await post({ make: 'Benz', model: 'Motorwagen', yearFrom: 1896, yearTo: lastYear, engines: [] });
    expect(res.status).toBe(201);
  });
});
