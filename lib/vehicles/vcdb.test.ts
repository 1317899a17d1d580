import { connectDb } from '@/lib/platform/db';
import { engineLabel, generationsOf, listMakes, lookupVcdb, referenceData } from '@/lib/vehicles';
import { Vehicle, VcdbRecord } from '@/models';

/** The VCdb records as the ACES import reads them, the generations built from them, and the minute an instance keeps them. */

const BASES = 12_000;

beforeAll(async () => {
  await connectDb();
  await VcdbRecord.insertMany([
    ...Array.from({ length: BASES }, (_, i) => ({
      _id: `BaseVehicle:${i + 1}`,
      table: 'BaseVehicle',
      vcdbId: i + 1,
      year: 1990 + (i % 30),
      makeId: 1,
      modelId: 1 + Math.floor(i / 30),
      make: 'Auriga',
      model: `Model ${1 + Math.floor(i / 30)}`,
    })),
    { _id: 'SubModel:901', table: 'SubModel', vcdbId: 901, name: 'LE' },
    { _id: 'EngineBase:9801', table: 'EngineBase', vcdbId: 9801, name: '1.8L I4', liter: '1.8', cylinders: '4', blockType: 'L' },
    // Another table's row with the same number: an id is only looked up in its own table.
    { _id: 'Make:902', table: 'Make', vcdbId: 902, name: 'Borealis' },
  ]);
});

describe('lookupVcdb', () => {
  it('answers base vehicles, submodels and engines by id, and leaves out the ids the shop does not keep', async () => {
    const found = await lookupVcdb({ baseVehicleIds: [1, 31, 1, 999_999], subModelIds: [901, 902], engineBaseIds: [9801, 9802] });
    expect(found.baseVehicles).toEqual(
      new Map([
        [1, { year: 1990, make: 'Auriga', model: 'Model 1' }],
        [31, { year: 1990, make: 'Auriga', model: 'Model 2' }],
      ]),
    );
    expect(found.subModels).toEqual(new Map([[901, { name: 'LE' }]]));
    expect(found.engineBases).toEqual(new Map([[9801, { name: '1.8L I4' }]]));
    expect(await lookupVcdb({})).toEqual({ baseVehicles: new Map(), subModels: new Map(), engineBases: new Map() });
  });

  it('looks up two thousand ids by _id, not by reading the whole collection for each batch', async () => {
    const ids = new Set(Array.from({ length: 2000 }, (_, i) => BASES - i));
    const started = performance.now();
    const found = await lookupVcdb({ baseVehicleIds: ids });
    const ms = performance.now() - started;
    expect(found.baseVehicles.size).toBe(2000);
    expect(found.baseVehicles.get(BASES)).toEqual({ year: 1990 + ((BASES - 1) % 30), make: 'Auriga', model: `Model ${BASES / 30}` });
    // FerretDB v1 answers an $in by reading all 12,000 records (about 5 s a batch of 1,000 here); an _id at once.
    expect(ms).toBeLessThan(6000);
  });
});

describe('generations and engine labels', () => {
  it('labels an engine by litres, block type and cylinders', () => {
    expect(engineLabel({ liter: '1.8', cylinders: '4', blockType: 'L' })).toBe('1.8L I4');
    expect(engineLabel({ liter: '2', cylinders: '06', blockType: 'v' })).toBe('2.0L V6');
    expect(engineLabel({ liter: '1.75', cylinders: '4', blockType: 'H' })).toBe('1.75L H4');
  });

  it('makes one generation per run of consecutive years, each engine over the runs of its own years', () => {
    const years = new Map([
      [2014, new Set(['1.8L I4'])],
      [2015, new Set(['1.8L I4', '2.0L I4'])],
      [2016, new Set(['2.0L I4'])],
      [2017, new Set(['1.8L I4'])],
      [2019, new Set<string>()],
    ]);
    expect(generationsOf({ make: 'Auriga', model: 'Nimbus GT', makeId: 1, modelId: 2, years })).toEqual([
      {
        _id: 'vcdb-1-2-2014',
        make: 'Auriga',
        model: 'Nimbus GT',
        yearFrom: 2014,
        yearTo: 2017,
        engines: [
          { name: '1.8L I4', yearFrom: 2014, yearTo: 2015 },
          { name: '1.8L I4', yearFrom: 2017, yearTo: 2017 },
          { name: '2.0L I4', yearFrom: 2015, yearTo: 2016 },
        ],
        makeId: 1,
        modelId: 2,
      },
      {
        _id: 'vcdb-1-2-2019',
        make: 'Auriga',
        model: 'Nimbus GT',
        yearFrom: 2019,
        yearTo: 2019,
        engines: [],
        makeId: 1,
        modelId: 2,
      },
    ]);
  });
});

describe('the reference data an instance keeps', () => {
  it('is read again after a minute, so another instance sees an import within its minute', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      await Vehicle.create({ _id: 'auriga-nimbus-2015', make: 'Auriga', model: 'Nimbus', yearFrom: 2015, yearTo: 2016, engines: [] });
      expect(await listMakes()).toEqual(['Auriga']);
      // Written by another process: this one does not know yet.
      await Vehicle.create({ _id: 'borealis-cirrus-2015', make: 'Borealis', model: 'Cirrus', yearFrom: 2015, yearTo: 2015, engines: [] });
      now.mockReturnValue(1_060_000);
      expect(await listMakes()).toEqual(['Auriga']);
      now.mockReturnValue(1_060_001);
      expect(await listMakes()).toEqual(['Auriga', 'Borealis']);
      expect((await referenceData()).generations).toHaveLength(2);
    } finally {
      now.mockRestore();
    }
  });
});
