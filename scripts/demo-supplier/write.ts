import { createWriteStream, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { lineCounts, partAt, partTitle, random, scaleVehicle, SUBMODELS, type BaseVehicle } from './catalog';
import { BRANDS, ENGINES, JOBS, KIT_LINE, LINES, MAKES, POSITIONS, SEED } from './data';
import { demoPlan, targetsFor, type App } from './plan';
import { acesApp, acesHead, acesTail, FileOut, piesHead, piesItem, piesTail, type AppLine } from './xml';

/** The files of the demo supplier (committed in db/demo-supplier) and of the large one the bench imports. */

// Zip entries keep local time: a date made of local parts writes the same bytes in every time zone.
const ZIP_DATE = new Date(2026, 0, 15);

/** A VCdb table as the pipe-delimited text VCdb delivers: a header naming the columns, then one row a line. */
type Table = { name: string; columns: string[]; rows: Iterable<Array<string | number>> };

function* vehicleTables(vehicles: Iterable<BaseVehicle>): Generator<Table> {
  yield { name: 'Make', columns: ['MakeID', 'MakeName'], rows: MAKES.map((make, at) => [1001 + at, make.name]) };
  yield { name: 'SubModel', columns: ['SubModelID', 'SubModelName'], rows: SUBMODELS.map((sub) => [sub.id, sub.name]) };
  yield {
    name: 'EngineBase',
    columns: ['EngineBaseID', 'Liter', 'Cylinders', 'BlockType'],
    rows: ENGINES.map(([id, liter, cylinders, block]) => [id, liter, cylinders, block]),
  };
  yield { name: 'EngineConfig', columns: ['EngineConfigID', 'EngineBaseID'], rows: ENGINES.map(([id]) => [id + 4000, id]) };
  const models = new Map<number, string>();
  const bases: Array<Array<string | number>> = [];
  const cars: Array<Array<string | number>> = [];
  const engines: Array<Array<string | number>> = [];
  for (const vehicle of vehicles) {
    models.set(vehicle.modelId, vehicle.modelName);
    bases.push([vehicle.id, vehicle.year, vehicle.makeId, vehicle.modelId]);
    vehicle.subModels.forEach((sub, at) => {
      const vehicleId = vehicle.id * 10 + at;
      cars.push([vehicleId, vehicle.id, sub.id, 1]);
      for (const engine of vehicle.engines) engines.push([vehicleId, engine + 4000]);
    });
  }
  yield { name: 'Model', columns: ['ModelID', 'ModelName', 'VehicleTypeID'], rows: [...models].map(([id, name]) => [id, name, 5]) };
  yield { name: 'BaseVehicle', columns: ['BaseVehicleID', 'YearID', 'MakeID', 'ModelID'], rows: bases };
  yield { name: 'Vehicle', columns: ['VehicleID', 'BaseVehicleID', 'SubmodelID', 'RegionID'], rows: cars };
  yield { name: 'VehicleToEngineConfig', columns: ['VehicleID', 'EngineConfigID'], rows: engines };
}

const tableText = (table: Table) => [table.columns, ...table.rows].map((row) => `${row.join('|')}\r\n`).join('');

/** The VCdb extract as a zip of its tables, deflated as it is written. */
async function writeVcdbZip(file: string, vehicles: Iterable<BaseVehicle>): Promise<void> {
  const out = createWriteStream(file);
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else out.write(chunk);
    if (final) out.end();
  });
  for (const table of vehicleTables(vehicles)) {
    const entry = new ZipDeflate(`${table.name}.txt`, { level: 9 });
    entry.mtime = ZIP_DATE;
    zip.add(entry);
    entry.push(new TextEncoder().encode(tableText(table)), true);
  }
  zip.end();
  await once(out, 'finish');
}

async function writePies(file: string, parts: Iterable<ReturnType<typeof partAt>>): Promise<number> {
  const out = new FileOut(file);
  await out.write(piesHead());
  let items = 0;
  for (const part of parts) {
    await out.write(piesItem(part));
    items++;
  }
  await out.write(piesTail(items));
  await out.close();
  return items;
}

async function writeAces(file: string, head: string, apps: Iterable<AppLine>, pretty = false): Promise<number> {
  const out = new FileOut(file);
  await out.write(head);
  let count = 0;
  for (const app of apps) {
    await out.write(acesApp(app, pretty));
    count++;
  }
  await out.write(acesTail(count));
  await out.close();
  return count;
}

const appLine = (app: App, id: number, action: 'A' | 'D' = 'A'): AppLine => ({ ...app, id, action, baseVehicleId: app.vehicle.id });

/** A net change to the first brand's file: one App added, one deleted, one on a base vehicle no VCdb has (to be rejected). */
function netChange(apps: App[], vehicles: BaseVehicle[]): AppLine[] {
  const last = apps.length;
  const added = apps.find((app) => app.part.line.partTypeId === 5340)!;
  const vehicle = vehicles.find(
    (candidate) => !apps.some((app) => app.part === added.part && app.vehicle === candidate) && !candidate.common,
  )!;
  return [
    appLine({ ...added, vehicle }, last + 1),
    appLine(apps[last - 1]!, last, 'D'),
    { ...appLine({ ...added, vehicle }, last + 2), baseVehicleId: 999_999 },
  ];
}

export const DEMO_FILES = {
  pies: 'pies-7.2.xml',
  aces: BRANDS.map((brand) => `aces-4.2-${brand.label.toLowerCase().replaceAll(' ', '-')}.xml`),
  netChange: 'aces-4.2-net-change.xml',
  vcdb: 'vcdb.zip',
  tables: 'tables.json',
};

/** The reference tables the shop keeps for this supplier: brands, part types to categories, positions, the jobs. */
function tablesJson(): string {
  const partTypes = new Map([...LINES, KIT_LINE].map((line) => [line.partTypeId, line]));
  const tables = {
    seed: SEED,
    brands: Object.fromEntries(BRANDS.map((brand) => [brand.aaiaid, brand.label])),
    categories: Object.fromEntries([...partTypes].map(([id, line]) => [id, line.category])),
    partTypes: Object.fromEntries([...partTypes].map(([id, line]) => [id, line.name])),
    positions: POSITIONS,
    priceType: 'RET',
    jobs: JOBS.map((job) => ({
      name: job.name,
      lines: job.lines.map((choices) => choices.map(([partTypeId, positionId]) => ({ partTypeId, positionId }))),
    })),
  };
  return `${JSON.stringify(tables, null, 2)}\n`;
}

export async function writeDemo(dir: string): Promise<{ parts: number; apps: number[]; vehicles: number }> {
  const plan = demoPlan();
  await writeVcdbZip(path.join(dir, DEMO_FILES.vcdb), plan.vehicles);
  const parts = await writePies(path.join(dir, DEMO_FILES.pies), plan.parts);
  const apps: number[] = [];
  for (const [at, brand] of BRANDS.entries()) {
    const own = plan.apps.filter((app) => app.part.brand === brand);
    const head = acesHead(brand.aaiaid, 'FULL', `${brand.label} fitment, full`);
    apps.push(
      await writeAces(
        path.join(dir, DEMO_FILES.aces[at]!),
        head,
        own.map((app, n) => appLine(app, n + 1)),
      ),
    );
    if (at === 0) {
      const change = netChange(own, plan.vehicles);
      await writeAces(path.join(dir, DEMO_FILES.netChange), acesHead(brand.aaiaid, 'UPDATE', `${brand.label} fitment, net change`), change);
    }
  }
  writeFileSync(path.join(dir, DEMO_FILES.tables), tablesJson());
  return { parts, apps, vehicles: plan.vehicles.length };
}

export const SCALE = { parts: 200_000, baseVehicles: 20_000, apps: [200_000, 2_000_000] } as const;
export const scaleAcesFile = (apps: number) => `aces-4.2-${apps}-apps.xml`;

function* range<T>(count: number, at: (index: number) => T): Generator<T> {
  for (let index = 0; index < count; index++) yield at(index);
}

/** App `index` of the large supplier: part index mod the parts, on the next vehicle of that part's run at each pass. */
function* scaleApps(count: number, parts: number, vehicles: number): Generator<AppLine> {
  const counts = lineCounts(parts);
  // The file is the first brand's: its parts are the even indexes.
  const own = Math.floor(parts / BRANDS.length);
  for (let index = 0; index < count; index++) {
    const part = partAt((index % own) * BRANDS.length, counts);
    const start = Math.floor(random(3, part.index)() * vehicles);
    const vehicle = scaleVehicle((start + Math.floor(index / own)) % vehicles);
    // Every App names an engine, as most suppliers' files do: an App of the same vehicle and part type never disagrees on it.
    const target = { engineBaseId: vehicle.engines[0], ...(targetsFor(vehicle, part.line)[0] ?? { qty: part.line.qty }) };
    const title = partTitle(part);
    const note = `${title}, ${vehicle.year} ${vehicle.makeName}`;
    yield {
      ...target,
      part,
      id: index + 1,
      action: 'A',
      baseVehicleId: vehicle.id,
      note,
      mfrLabel: title,
      assetName: `${part.partNumber}_FIG`,
    };
  }
}

/** The bench's supplier: 200,000 parts, 20,000 base vehicles, and ACES files of 200,000 and 2,000,000 Apps (about 70 and 700 MB). */
export async function writeScale(dir: string, log: (line: string) => void): Promise<void> {
  const { parts, baseVehicles } = SCALE;
  await writeVcdbZip(path.join(dir, DEMO_FILES.vcdb), range(baseVehicles, scaleVehicle));
  const counts = lineCounts(parts);
  await writePies(
    path.join(dir, DEMO_FILES.pies),
    range(parts, (index) => partAt(index, counts)),
  );
  log(`[demo-supplier] wrote ${DEMO_FILES.vcdb} and ${DEMO_FILES.pies}`);
  for (const apps of SCALE.apps) {
    const head = acesHead(BRANDS[0]!.aaiaid, 'FULL', `${BRANDS[0]!.label} fitment, ${apps} Apps`);
    await writeAces(path.join(dir, scaleAcesFile(apps)), head, scaleApps(apps, parts, baseVehicles), true);
    log(`[demo-supplier] wrote ${scaleAcesFile(apps)}`);
  }
}
