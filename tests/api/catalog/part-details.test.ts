/** A part's PIES details through `GET /api/parts/{id}`, and the kit's links to the parts the shop sells, against the real database. */
import { Types } from 'mongoose';
import { GET as getPartRoute } from '@/app/api/parts/[id]/route';
import { kitComponentPartIds } from '@/lib/catalog';
import { connectDb } from '@/lib/platform/db';
import { Part } from '@/models';
import { callRoute } from '@/tests/helpers/api';

const base = { description: 'A part as a supplier sends it.', price: 20, img: '/images/parts/placeholder.svg' };

async function part(fields: Record<string, unknown>): Promise<string> {
  const { _id } = await Part.create({ _id: new Types.ObjectId(), ...base, ...fields });
  return String(_id);
}

beforeAll(() => connectDb());

it('answers the interchange, attributes and kit components with every field it had', async () => {
  const id = await part({
    name: 'Ceramic Front Pads',
    brand: 'Synthetic Friction',
    partNumber: 'PM-BP1001',
    partNumberKey: 'PMBP1001',
    interchange: [
      { number: '04465-99001', key: '0446599001', kind: 'oe' },
      { brand: 'Brembo', number: 'P83024', key: 'P83024', kind: 'aftermarket' },
    ],
    attributes: [{ name: 'Pad Thickness', value: '17.5', uom: 'MM' }],
    kitComponents: [{ partNumber: 'PM-SH1001', brand: 'Synthetic Friction', quantity: 2 }],
  });
  const res = await callRoute(getPartRoute, `/api/parts/${id}`, { params: { id } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    _id: id,
    name: 'Ceramic Front Pads',
    partNumber: 'PM-BP1001',
    availableQuantity: 0,
    fitment: [],
    interchange: [
      { brand: null, number: '04465-99001', kind: 'oe' },
      { brand: 'Brembo', number: 'P83024', kind: 'aftermarket' },
    ],
    attributes: [{ name: 'Pad Thickness', value: '17.5', uom: 'MM' }],
    kitComponents: [{ partNumber: 'PM-SH1001', brand: 'Synthetic Friction', quantity: 2, description: null }],
  });
  // The match key is the shop's own, not part of the answer.
  expect(res.body.interchange[0]).not.toHaveProperty('key');
});

it("finds a kit component's part by its normalised number and brand, leaving out other brands and archived parts", async () => {
  const shim = await part({ name: 'Shim set', brand: 'Synthetic Friction', partNumber: 'PM SH 2001', partNumberKey: 'PMSH2001' });
  await part({ name: 'Grease', brand: 'Other Brand', partNumber: 'GR-2001', partNumberKey: 'GR2001' });
  await part({ name: 'Clip', partNumber: 'CL-2001', partNumberKey: 'CL2001', archivedAt: new Date() });
  const ids = await kitComponentPartIds([
    { partNumber: 'pm-sh2001', brand: 'synthetic friction', quantity: 2, description: null },
    { partNumber: 'GR-2001', brand: 'Synthetic Friction', quantity: 1, description: null },
    { partNumber: 'CL-2001', brand: null, quantity: 4, description: null },
    { partNumber: 'NONE-1', brand: null, quantity: 1, description: null },
  ]);
  expect(ids).toEqual([shim, null, null, null]);
});
