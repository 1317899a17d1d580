import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORY_SLUGS } from '@/content/categories';
import { IMAGE_URL_PATTERN } from '@/lib/validations/common';
import { readAces, readPies, readVcdbZip, type AcesApp, type AcesEvent, type PiesEvent, type PiesItem } from '@/lib/imports';
import { collect } from '@/tests/helpers/imports';
import { DEMO_FILES, writeDemo } from './demo-supplier/write';

const DEMO_DIR = path.join(process.cwd(), 'db/demo-supplier');
const FILES = [DEMO_FILES.pies, ...DEMO_FILES.aces, DEMO_FILES.netChange, DEMO_FILES.vcdb, DEMO_FILES.tables];
const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The 30 vehicles the demo promises every job on: the most common model of ten makes, 2014 to 2016. */
const COMMON_MODELS = [
  ['Toyota', 'Corolla'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Chevrolet', 'Silverado 1500'],
  ['Nissan', 'Altima'],
  ['Hyundai', 'Elantra'],
  ['Subaru', 'Outback'],
  ['Volkswagen', 'Jetta'],
  ['Mazda', 'Mazda3'],
  ['Jeep', 'Grand Cherokee'],
];
const COMMON_YEARS = [2014, 2015, 2016];

/** Each job line: the part types (and positions) any one of which does. */
const JOB_LINES: Record<string, Array<[number, number?]>> = {
  'front pads': [[1684, 22]],
  'front rotors': [[1896, 22]],
  'front wear sensor': [[1103, 22]],
  'rear pads or shoes': [
    [1684, 30],
    [1104, 30],
  ],
  'rear rotors or drums': [
    [1896, 30],
    [1105, 30],
  ],
  'oil filter': [[5340]],
  'air filter': [[6192]],
  'cabin filter': [[6832]],
  'wiper blades': [[8852, 22]],
  'spark plugs': [[7212]],
  battery: [[1601]],
};
const ROTOR_QUALS = ['With 288 mm front rotors', 'With 320 mm front rotors'];

const readDemo = (name: string) => createReadStream(path.join(DEMO_DIR, name));
const appsOf = (events: AcesEvent[]) => events.filter((event): event is AcesApp => event.kind === 'app');

type Vcdb = {
  baseVehicles: Map<number, { year: number; make: string; model: string }>;
  /** Each base vehicle's vehicles: submodel and engines. */
  vehicles: Map<number, Array<{ subModelId: number; subModel: string; engines: number[] }>>;
  rows: Record<string, number>;
  rejected: number;
};

async function readVcdb(): Promise<Vcdb> {
  const names: Record<string, Map<number, string>> = { Make: new Map(), Model: new Map(), SubModel: new Map() };
  const rows: Record<string, number> = {};
  const bases: Array<{ id: number; year: number; makeId: number; modelId: number }> = [];
  const cars = new Map<number, { base: number; sub: number; engines: number[] }>();
  const configs = new Map<number, number>();
  const links: Array<[number, number]> = [];
  let rejected = 0;
  for await (const event of readVcdbZip(path.join(DEMO_DIR, DEMO_FILES.vcdb))) {
    if (event.kind === 'rejected') rejected++;
    if (event.kind !== 'row') continue;
    rows[event.table] = (rows[event.table] ?? 0) + 1;
    if (event.table === 'Make') names.Make!.set(event.row.makeId, event.row.makeName);
    if (event.table === 'Model') names.Model!.set(event.row.modelId, event.row.modelName);
    if (event.table === 'SubModel') names.SubModel!.set(event.row.subModelId, event.row.subModelName);
    if (event.table === 'BaseVehicle') bases.push({ id: event.row.baseVehicleId, year: event.row.yearId, ...event.row });
    if (event.table === 'Vehicle') cars.set(event.row.vehicleId, { base: event.row.baseVehicleId, sub: event.row.subModelId, engines: [] });
    if (event.table === 'EngineConfig') configs.set(event.row.engineConfigId, event.row.engineBaseId);
    if (event.table === 'VehicleToEngineConfig') links.push([event.row.vehicleId, event.row.engineConfigId]);
  }
  for (const [car, config] of links) cars.get(car)!.engines.push(configs.get(config)!);
  const vehicles = new Map<number, Array<{ subModelId: number; subModel: string; engines: number[] }>>();
  for (const car of cars.values())
    vehicles.set(car.base, [
      ...(vehicles.get(car.base) ?? []),
      { subModelId: car.sub, subModel: names.SubModel!.get(car.sub)!, engines: car.engines },
    ]);
  const baseVehicles = new Map(
    bases.map((base) => [base.id, { year: base.year, make: names.Make!.get(base.makeId)!, model: names.Model!.get(base.modelId)! }]),
  );
  return { baseVehicles, vehicles, rows, rejected };
}

describe('the demo supplier', () => {
  let items: PiesItem[];
  let piesEvents: PiesEvent[];
  let full: AcesEvent[][];
  let vcdb: Vcdb;

  beforeAll(async () => {
    piesEvents = await collect(readPies(readDemo(DEMO_FILES.pies)));
    items = piesEvents.filter((event): event is PiesItem => event.kind === 'item');
    full = await Promise.all(DEMO_FILES.aces.map((name) => collect(readAces(readDemo(name)))));
    vcdb = await readVcdb();
  });

  it('is written byte for byte the same on every run, and the committed files are that output', async () => {
    const dirs = [mkdtempSync(path.join(tmpdir(), 'demo-a-')), mkdtempSync(path.join(tmpdir(), 'demo-b-'))];
    try {
      for (const dir of dirs) await writeDemo(dir);
      for (const name of FILES) {
        const committed = hashOf(path.join(DEMO_DIR, name));
        expect([name, hashOf(path.join(dirs[0]!, name))]).toEqual([name, committed]);
        expect([name, hashOf(path.join(dirs[1]!, name))]).toEqual([name, committed]);
      }
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads cleanly: 3,000 parts and 10 kits over the 12 categories, 200 base vehicles over 20 makes, 40,000 Apps', () => {
    const tables = JSON.parse(readFileSync(path.join(DEMO_DIR, DEMO_FILES.tables), 'utf8')) as {
      brands: Record<string, string>;
      categories: Record<string, string>;
    };
    expect(piesEvents.filter((event) => event.kind === 'rejected')).toEqual([]);
    expect(items).toHaveLength(3010);
    // Pictures are the shop's own files, addressed as its image rule takes them.
    const images = items.flatMap((item) => item.assets.map((asset) => asset.uri));
    expect(images.length).toBeGreaterThan(2500);
    expect(images.filter((uri) => !IMAGE_URL_PATTERN.test(uri) || !existsSync(path.join(process.cwd(), 'public', uri)))).toEqual([]);
    expect(new Set(items.map((item) => `${item.brandAAIAID} ${item.partNumber}`)).size).toBe(3010);
    expect(new Set(items.map((item) => tables.brands[item.brandAAIAID]))).toEqual(new Set(['Kestrel Motive', 'Ardent Line']));
    const categories = new Set(items.map((item) => tables.categories[String(item.partTerminologyId)]));
    expect([...categories].sort()).toEqual(CATEGORY_SLUGS.filter((slug) => slug !== 'other').sort());
    expect(items.every((item) => item.prices.some((price) => price.type === 'RET' && price.currency === 'USD' && price.amount > 0))).toBe(
      true,
    );

    expect(vcdb.rejected).toBe(0);
    expect(vcdb.rows).toMatchObject({ Make: 20, BaseVehicle: 200, Vehicle: 400 });
    expect(new Set([...vcdb.baseVehicles.values()].map((base) => base.make)).size).toBe(20);

    for (const events of full) {
      expect(events.filter((event) => event.kind === 'rejected')).toEqual([]);
      expect(events[0]).toMatchObject({ kind: 'header', version: '4.2', full: true });
      expect(events.at(-1)).toMatchObject({ kind: 'footer', recordCount: appsOf(events).length });
    }
    expect(full.map(appsOf).flat()).toHaveLength(40_000);
  });

  it('sends only Apps that name a known base vehicle, submodel and engine, and a part of the file of their part type', () => {
    const parts = new Map(items.map((item) => [`${item.brandAAIAID} ${item.partNumber}`, item]));
    const wrong = full
      .map(appsOf)
      .flat()
      .filter((app) => {
        const vehicles = vcdb.vehicles.get('baseVehicleId' in app.vehicle ? app.vehicle.baseVehicleId : 0) ?? [];
        return (
          !vehicles.length ||
          (app.subModelId && !vehicles.some((car) => car.subModelId === app.subModelId)) ||
          (app.engineBaseId && !vehicles.some((car) => car.engines.includes(app.engineBaseId!))) ||
          parts.get(`${app.brandAAIAID} ${app.part}`)?.partTerminologyId !== app.partTypeId
        );
      });
    expect(wrong).toEqual([]);
  });

  it('never has two Apps of one vehicle, part type and position that disagree on which attributes they name', () => {
    const kinds = new Map<string, Set<string>>();
    for (const app of full.map(appsOf).flat()) {
      const group = `${JSON.stringify(app.vehicle)} ${app.partTypeId} ${app.positionId ?? '-'}`;
      const named = `${app.subModelId ? 'SubModel' : ''} ${app.engineBaseId ? 'EngineBase' : ''}`;
      kinds.set(group, (kinds.get(group) ?? new Set()).add(named));
    }
    expect([...kinds].filter(([, named]) => named.size > 1)).toEqual([]);
  });

  it('offers a few parts of a part type and position on a vehicle, never dozens', () => {
    const choices = new Map<string, Set<string>>();
    for (const app of full.map(appsOf).flat()) {
      const group = `${JSON.stringify(app.vehicle)} ${app.partTypeId} ${app.positionId ?? '-'}`;
      choices.set(group, (choices.get(group) ?? new Set()).add(app.part));
    }
    expect(Math.max(...[...choices.values()].map((parts) => parts.size))).toBeLessThanOrEqual(12);
  });

  it('has kits of parts in the file, each fitting only vehicles that all its parts fit on every submodel', () => {
    const kits = items.filter((item) => item.kitComponents.length);
    expect(kits).toHaveLength(10);
    const numbers = new Set(items.map((item) => item.partNumber));
    expect(kits.flatMap((kit) => kit.kitComponents.filter((component) => !numbers.has(component.partNumber)))).toEqual([]);
    const apps = full.map(appsOf).flat();
    const fits = (part: string) =>
      new Set(apps.filter((app) => app.part === part && !app.subModelId).map((app) => JSON.stringify(app.vehicle)));
    const kitApps = apps.filter((app) => kits.some((kit) => kit.partNumber === app.part));
    expect(kitApps.length).toBeGreaterThanOrEqual(10);
    const unfit = kitApps.filter((app) =>
      kits
        .find((kit) => kit.partNumber === app.part)!
        .kitComponents.some((component) => !fits(component.partNumber).has(JSON.stringify(app.vehicle))),
    );
    expect(unfit).toEqual([]);
  });

  it('has every job line on each of the 30 common vehicles, whatever its submodel, engine and rotor size', () => {
    const common = [...vcdb.baseVehicles].filter(([, base]) =>
      COMMON_MODELS.some(([make, model]) => base.make === make && base.model === model && COMMON_YEARS.includes(base.year)),
    );
    expect(common).toHaveLength(30);
    const apps = full.map(appsOf).flat();
    const missing: string[] = [];
    for (const [id, base] of common) {
      const own = apps.filter((app) => 'baseVehicleId' in app.vehicle && app.vehicle.baseVehicleId === id);
      const quals = new Set(own.flatMap((app) => app.quals.map((qual) => qual.text)));
      for (const car of vcdb.vehicles.get(id)!)
        for (const engine of car.engines)
          for (const [job, alternatives] of Object.entries(JOB_LINES)) {
            const fitting = own.filter(
              (app) =>
                alternatives.some(([type, position]) => app.partTypeId === type && app.positionId === position) &&
                (!app.subModelId || app.subModelId === car.subModelId) &&
                (!app.engineBaseId || app.engineBaseId === engine),
            );
            const answered = (text: string) => fitting.some((app) => app.quals.some((qual) => qual.text === text));
            const covered = fitting.some((app) => !app.quals.length) || (fitting.length > 0 && [...quals].every(answered));
            if (!covered) missing.push(`${base.year} ${base.make} ${base.model} ${car.subModel} engine ${engine}: ${job}`);
          }
    }
    expect(missing).toEqual([]);
  });

  it('asks the 2015 Corolla (LE and S) its front rotor size, with a part whose rows differ only by it', () => {
    const [id] = [...vcdb.baseVehicles].find(([, base]) => base.year === 2015 && base.model === 'Corolla')!;
    expect(vcdb.vehicles.get(id)!.map((car) => car.subModel)).toEqual(['LE', 'S']);
    const apps = full
      .map(appsOf)
      .flat()
      .filter((app) => 'baseVehicleId' in app.vehicle && app.vehicle.baseVehicleId === id);
    const frontPads = apps.filter((app) => app.partTypeId === 1684 && app.positionId === 22);
    expect(frontPads.map((app) => app.quals.map((qual) => qual.text)).sort()).toEqual(ROTOR_QUALS.map((text) => [text]));
    const rowsByPart = Map.groupBy(apps, (app) => app.part);
    const differingByQual = [...rowsByPart.values()].filter(
      (rows) => rows.length === 2 && new Set(rows.map((row) => row.quals[0]?.text)).size === 2 && rows.every((row) => !row.subModelId),
    );
    expect(differingByQual.map((rows) => rows[0]!.partTypeId)).toEqual([1103]);
  });

  it('has a net-change file with exactly one App on a base vehicle the VCdb does not have', async () => {
    const events = await collect(readAces(readDemo(DEMO_FILES.netChange)));
    expect(events[0]).toMatchObject({ kind: 'header', full: false, submissionType: 'UPDATE' });
    const apps = appsOf(events);
    const unknown = apps.filter((app) => 'baseVehicleId' in app.vehicle && !vcdb.baseVehicles.has(app.vehicle.baseVehicleId));
    expect(unknown.map((app) => app.vehicle)).toEqual([{ baseVehicleId: 999_999 }]);
    expect(apps.map((app) => app.action).sort()).toEqual(['A', 'A', 'D']);
    const fullIds = new Set(appsOf(full[0]!).map((app) => app.id));
    expect(apps.filter((app) => app.action === 'D').every((app) => fullIds.has(app.id))).toBe(true);
    expect(apps.filter((app) => app.action === 'A').some((app) => fullIds.has(app.id))).toBe(false);
  });
});
