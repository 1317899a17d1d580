import { readFitment, replaceFitment } from '@/lib/catalog/fitment-store';
import { GET as getPartRoute, PUT as updatePartRoute } from '@/app/api/parts/[id]/route';
import type { UserDTO } from '@/lib/auth/users';
import { Vehicle } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { makePart, makeUser } from '@/tests/helpers/factories';

/** Fitment rows as ACES has them (issue 46): the product form and GET /api/parts/{id} carry position, quantity and qualifiers. */

let admin: UserDTO;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
  await Vehicle.create({ _id: 'toyota-corolla-2014', make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engines: [] });
});

const updatePart = (id: string, body: unknown) =>
  callRoute(updatePartRoute, `/api/parts/${id}`, { method: 'PUT', params: { id }, as: admin, body });
const getPart = (id: string) => callRoute(getPartRoute, `/api/parts/${id}`, { params: { id } });
const HAND_ROW = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };

it('stores a row with position, quantity and qualifiers from the form, beside a row without them', async () => {
  const id = await makePart();
  const row = { ...HAND_ROW, position: ' Front ', quantity: 2, qualifiers: ['With 288 mm Front Rotors'] };
  expect((await updatePart(id, { fitment: [row, HAND_ROW] })).status).toBe(200);

  const stored = await readFitment(id);
  expect(stored.rows[0]).toMatchObject({ position: 'Front', quantity: 2, qualifiers: [{ text: 'With 288 mm Front Rotors' }] });
  expect(stored.rows[1]).not.toHaveProperty('qualifiers');
  const res = await getPart(id);
  expect(res.body.fitment).toEqual([
    { ...HAND_ROW, engine: null, notes: null, subModel: null, position: 'Front', quantity: 2, qualifiers: ['With 288 mm Front Rotors'] },
    { ...HAND_ROW, engine: null, notes: null, subModel: null, position: null, quantity: null, qualifiers: [] },
  ]);
});

it('answers an imported row with its position, quantity and Qdb qualifiers as text', async () => {
  const id = await makePart();
  const source = { importId: 'import-1', appId: '7', brandAAIAID: 'BQXT' };
  const qualifiers = [{ text: 'With 288 mm Front Rotors', qdbId: 9001 }, { text: 'DriveType 6' }];
  await replaceFitment(id, [{ ...HAND_ROW, position: 'Rear', quantity: 4, qualifiers, source }]);
  expect((await getPart(id)).body.fitment).toEqual([
    {
      ...HAND_ROW,
      engine: null,
      notes: null,
      subModel: null,
      position: 'Rear',
      quantity: 4,
      qualifiers: ['With 288 mm Front Rotors', 'DriveType 6'],
    },
  ]);
});

it.each([
  ['quantity', { quantity: 0 }, 'Quantity must be at least 1'],
  ['quantity', { quantity: 1.5 }, 'Quantity must be a whole number'],
  ['quantity', { quantity: 1001 }, 'Quantity is at most 1000'],
  ['qualifiers.0', { qualifiers: ['  '] }, 'A qualifier is empty'],
  ['qualifiers', { qualifiers: 'With AC' }, 'Qualifiers must be a list'],
  ['position', { position: 'x'.repeat(61) }, 'Position is too long'],
])('refuses a row whose %s is wrong, changing nothing', async (field, fields, message) => {
  const id = await makePart();
  const res = await updatePart(id, { fitment: [{ ...HAND_ROW, ...fields }] });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors[`fitment.0.${field}`]).toEqual([message]);
  expect((await readFitment(id)).rows).toEqual([]);
});

it("keeps an imported row's VCdb ids, Qdb ids and source when the form sends it back unchanged; an edited row becomes the admin's", async () => {
  const id = await makePart();
  const source = { importId: 'import-1', appId: '7', brandAAIAID: 'BQXT' };
  const hidden = { baseVehicleId: 900001, subModelId: 901, positionId: 22, partTypeId: 1684, source };
  const row = { ...HAND_ROW, position: 'Front', quantity: 2 };
  const imported = (appId: string) => ({
    ...row,
    ...hidden,
    source: { ...source, appId },
    qualifiers: [{ text: 'With 288 mm Front Rotors', qdbId: 9001 }],
  });
  await replaceFitment(id, [imported('7'), imported('8')]);

  const asSent = { ...row, qualifiers: ['With 288 mm Front Rotors'] };
  const res = await updatePart(id, { price: 25.5, fitment: [asSent, { ...asSent, quantity: 4 }] });
  expect(res.status).toBe(200);
  const [kept, edited] = (await readFitment(id)).rows;
  expect(kept).toEqual(imported('7'));
  expect(edited).toEqual({ ...row, quantity: 4, qualifiers: [{ text: 'With 288 mm Front Rotors' }] });
});
