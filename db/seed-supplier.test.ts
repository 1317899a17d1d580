/** The demo supplier's tables (db/demo-supplier/tables.json) as its seed stores them, and what they make of its Apps. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GET as getPartRoute } from '@/app/api/parts/[id]/route';
import { DEMO_SUPPLIER_DIR, ensureMappings } from '@/db/seed-supplier';
import { acesHandler, loadMappingTables } from '@/lib/imports';
import { connectDb } from '@/lib/platform/db';
import { DEFAULT_KITS, fitAt, type CandidatePart } from '@/lib/kits';
import { ImportMappings } from '@/models';
import { acesFile, app, rowsOf, runOf, seedVcdb, supplierPart } from '@/tests/helpers/aces-import';
import { callRoute } from '@/tests/helpers/api';

const tables = JSON.parse(readFileSync(path.join(DEMO_SUPPLIER_DIR, 'tables.json'), 'utf8')) as Parameters<typeof ensureMappings>[0];
const COROLLA_2015 = { year: 2015, make: 'Toyota', model: 'Corolla', engine: null };

beforeAll(() => connectDb());
beforeEach(() => ImportMappings.deleteMany({}));

describe("the demo supplier's tables", () => {
  it('map its position ids to their names: 22 is Front, 30 is Rear', async () => {
    await ensureMappings(tables);
    const read = await loadMappingTables();
    expect(read.positions).toEqual(
      new Map([
        [22, 'Front'],
        [30, 'Rear'],
      ]),
    );
    expect(read.brands.get('XKMV')).toBe('Kestrel Motive');
  });

  it('leave a table the shop keeps already as it is', async () => {
    await ImportMappings.create({ _id: 'pies', priceType: 'LST', positions: [{ positionId: 22, name: 'Front Axle' }] });
    await ensureMappings(tables);
    const read = await loadMappingTables();
    expect(read.positions).toEqual(new Map([[22, 'Front Axle']]));
    expect(read.priceType).toBe('LST');
  });

  it("name its id-only Apps Front on the part's page, and the Front brake job's lines take its parts", async () => {
    await seedVcdb();
    await ensureMappings(tables);
    const partId = await supplierPart('KM-100100', 'XKMV');
    // As the supplier's files send it: PartType 1684 at <Position id="22"/>, no name.
    const file = acesFile([app({ id: 1, part: 'KM-100100', position: 22 })], { brand: 'XKMV' });
    await acesHandler.apply(runOf(file).run);
    const rows = await rowsOf('KM-100100');
    expect(rows.map((row) => [row.position, row.positionId])).toEqual([['Front', 22]]);
    const shown = await callRoute(getPartRoute, `/api/parts/${partId}`, { params: { id: partId } });
    expect((shown.body as { fitment: Array<{ position: string }> }).fitment.map((row) => row.position)).toEqual(['Front']);

    const part: CandidatePart = {
      ...{ _id: partId, name: 'Kestrel Front Disc Brake Pad Set', category: 'brakes', partTypeId: 1684 },
      ...{ price: 40, availableQuantity: 10, minimumQuantity: 1, fitment: rows },
    };
    const [frontJob, rearJob] = DEFAULT_KITS;
    expect(fitAt(frontJob!.lines[0]!, part, COROLLA_2015)).toBe('fits');
    expect(fitAt(rearJob!.lines[0]!, part, COROLLA_2015)).toBeNull();
  });
});
