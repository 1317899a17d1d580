import { replaceFitment } from '@/lib/catalog/fitment-store';
import { GET as getPartRoute } from '@/app/api/parts/[id]/route';
import { callRoute } from '@/tests/helpers/api';
import { makePart } from '@/tests/helpers/factories';

/** A part's fitment rows carry what its fit questions read (lib/catalog toPartDTO): the submodel and the qualifiers' texts;
 * a row without them answers null and an empty list. */

describe('GET /api/parts/{id} fitment rows', () => {
  it('carry the submodel and the qualifier texts where a row has them, null and none where it has none', async () => {
    const part = await makePart();
    const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019 };
    await replaceFitment(part, [{ ...corolla, subModel: 'LE', qualifiers: [{ text: 'With 288 mm front rotors', qdbId: 7 }] }, corolla]);
    const res = await callRoute(getPartRoute, `/api/parts/${part}`, { params: { id: part } });
    expect(res.status).toBe(200);
    expect(res.body.fitment).toEqual([
      { ...corolla, engine: null, notes: null, subModel: 'LE', position: null, quantity: null, qualifiers: ['With 288 mm front rotors'] },
      { ...corolla, engine: null, notes: null, subModel: null, position: null, quantity: null, qualifiers: [] },
    ]);
  });
});
