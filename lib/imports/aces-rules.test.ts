import { acesHandler } from '@/lib/imports/aces-handler';
import { acesFile, app, appIdsOf, runOf, seedVcdb, supplierPart } from '@/tests/helpers/aces-import';

/** The validation rules of issue 46, one by one: each refused App named with the reason, the others still counted. */

beforeAll(async () => {
  await seedVcdb();
  await supplierPart('PM-BP1001', 'BQXT');
  await supplierPart('PM-RT2001', 'BQXT');
  await supplierPart('PM-OTHER1', 'BQXZ');
});

async function validated(apps: string[]) {
  const test = runOf(acesFile(apps));
  await acesHandler.validate(test.run);
  return { counts: test.run.counts, rejections: test.rejections };
}

const years = (from: number, to: number, makeId = 9001, modelId = 9101) =>
  `<Years from="${from}" to="${to}"/><Make id="${makeId}"/><Model id="${modelId}"/>`;
const qual = (uom: string) => `<Qual id="9001"><param value="288" uom="${uom}"/><text>With 288 ${uom} rotors</text></Qual>`;

describe('the vehicle', () => {
  it.each([
    ['BaseVehicle', { vehicle: '<BaseVehicle id="123456"/>' }, 'unknown BaseVehicle 123456'],
    ['SubModel', { extra: '<SubModel id="999"/>' }, 'unknown SubModel 999'],
    ['EngineBase', { extra: '<EngineBase id="9899"/>' }, 'unknown EngineBase 9899'],
    ['Make', { vehicle: years(2015, 2015, 9999, 9101) }, 'unknown Make 9999 or Model 9101'],
  ])('refuses an unknown %s id', async (_, fields, reason) => {
    const { counts, rejections } = await validated([app({ id: 1, ...fields }), app({ id: 2, position: 30 })]);
    expect(rejections).toEqual([{ record: 'App 1', reason }]);
    expect(counts).toMatchObject({ read: 2, add: 1, rejected: 1 });
  });

  it('refuses a year outside the base vehicle, and takes every year it has', async () => {
    const { counts, rejections } = await validated([
      app({ id: 1, vehicle: years(2013, 2016) }),
      app({ id: 2, vehicle: years(2014, 2016) }),
    ]);
    expect(rejections).toEqual([
      { record: 'App 1', reason: 'year 2013 is outside the base vehicle: the Toyota Corolla has no BaseVehicle in 2013' },
    ]);
    expect(counts).toMatchObject({ add: 1, rejected: 1 });
  });
});

describe('the part', () => {
  it("refuses a part in neither the brand's catalog nor the shop, or another brand's part of that number", async () => {
    const { counts, rejections } = await validated([app({ id: 1, part: 'PM-NOPE' }), app({ id: 2, part: 'pm otHER1' }), app({ id: 3 })]);
    expect(rejections).toEqual([
      { record: 'App 1', reason: "Part PM-NOPE of brand BQXT is in neither the brand's catalog nor the shop" },
      { record: 'App 2', reason: "Part pm otHER1 of brand BQXT is in neither the brand's catalog nor the shop" },
    ]);
    expect(counts).toMatchObject({ add: 1, rejected: 2 });
  });

  it('finds the part by its normalised number', async () => {
    const { counts } = await validated([app({ id: 1, part: 'pm bp.1001' })]);
    expect(counts).toMatchObject({ add: 1, rejected: 0 });
  });
});

describe('duplicates and disagreements', () => {
  it('refuses the second App with the same id', async () => {
    const { counts, rejections } = await validated([app({ id: 7 }), app({ id: 7, position: 30 })]);
    expect(rejections).toEqual([{ record: 'App 7', reason: 'a duplicate App: App 7 is sent twice (first on line 4)' }]);
    expect(counts).toMatchObject({ add: 1, rejected: 1 });
  });

  it('refuses the second App for the same part, vehicle, position and qualifiers', async () => {
    const { counts, rejections } = await validated([
      app({ id: 1, extra: qual('mm') }),
      app({ id: 2, extra: qual('mm') }),
      app({ id: 3, position: 30 }),
    ]);
    expect(rejections).toEqual([
      { record: 'App 2', reason: 'a duplicate App: the same part, vehicle, position and qualifiers as the App on line 4' },
    ]);
    expect(counts).toMatchObject({ add: 2, rejected: 1 });
  });

  it('refuses both Apps when they disagree on the quantity for one vehicle, part type and position', async () => {
    const { counts, rejections } = await validated([app({ id: 1, qty: 1 }), app({ id: 2, position: 30 }), app({ id: 3, qty: 2 })]);
    const disagree = 'Apps for the same vehicle, part type and position disagree';
    expect(rejections).toEqual([
      { record: 'App 1', reason: `${disagree}: Qty 1 here, Qty 2 in App 3 (line 6)` },
      { record: 'App 3', reason: `${disagree}: Qty 2 here, Qty 1 in the App on line 4` },
    ]);
    expect(counts).toMatchObject({ add: 1, rejected: 2 });
  });
});

describe('quantities and units', () => {
  it('refuses a Qty over 50 or of 0, and takes 50', async () => {
    const { counts, rejections } = await validated([
      app({ id: 1, qty: 51 }),
      app({ id: 2, qty: 0, position: 30 }),
      app({ id: 3, qty: 50, position: 1 }),
    ]);
    expect(rejections).toEqual([
      { record: 'App 1', reason: 'Qty 51 is an outlier: more than 50 per vehicle' },
      { record: 'App 2', reason: 'Qty must be a whole number above 0, not "0"' },
    ]);
    expect(counts).toMatchObject({ add: 1, rejected: 2 });
  });

  it('refuses an unknown unit, and knows units whatever their case', async () => {
    const { counts, rejections } = await validated([app({ id: 1, extra: qual('furlong') }), app({ id: 2, extra: qual('MM') })]);
    expect(rejections).toEqual([{ record: 'App 1', reason: 'unknown unit "furlong" in Qual 9001' }]);
    expect(counts).toMatchObject({ add: 1, rejected: 1 });
  });
});

it('applies only the Apps validation accepts', async () => {
  const test = runOf(
    acesFile([app({ id: 1, qty: 51 }), app({ id: 2, part: 'PM-RT2001' }), app({ id: 2, part: 'PM-RT2001', position: 30 })]),
  );
  await acesHandler.apply(test.run);
  expect(test.run.counts).toMatchObject({ add: 1, rejected: 2 });
  expect(await appIdsOf('PM-BP1001')).toEqual([]);
  expect(await appIdsOf('PM-RT2001')).toEqual(['2']);
});
