import { cylindersOf, demoVehicles, lineCounts, partAt, random, type BaseVehicle, type Part } from './catalog';
import { BRANDS, JOBS, KIT_LINE, lineKey, LINES, ROTOR_SIZES, type Line } from './data';

/** The demo supplier's 3,000 parts and 40,000 Apps, with the 30 common vehicles' jobs covered. */

export const DEMO_PARTS = 3000;
export const DEMO_APPS = 40_000;
/** Apps left for the kits, at most one a common vehicle, made once the parts' runs show which years their parts fit. */
const KIT_ROOM = 30;

export interface App {
  vehicle: BaseVehicle;
  part: Part;
  subModelId?: number;
  engineBaseId?: number;
  qty: number;
  /** The rotor size qualifier (2015 Corolla's front brakes). */
  rotor?: string;
}

/** Where a part of `line` fits on `vehicle`: none, one row, a row per engine, or a row for the submodel with that rear brake. */
export function targetsFor(vehicle: BaseVehicle, line: Line): Array<Pick<App, 'subModelId' | 'engineBaseId' | 'qty'>> {
  if (line.rear && vehicle.rear === 'split') {
    const sub = vehicle.subModels[line.rear === 'drum' ? 0 : 1]!;
    return [{ subModelId: sub.id, qty: line.qty }];
  }
  if (line.rear && vehicle.rear !== line.rear) return [];
  if (line.perEngine)
    return vehicle.engines.map((engineBaseId) => ({ engineBaseId, qty: line.perCylinder ? cylindersOf(engineBaseId) : line.qty }));
  return [{ qty: line.qty }];
}

const isCorolla2015 = (vehicle: BaseVehicle) => vehicle.makeName === 'Toyota' && vehicle.modelName === 'Corolla' && vehicle.year === 2015;
/** The 2015 Corolla's front brake lines, decided by the rotor size and so left out of the random fill. */
const QUALIFIED = new Set(['1684@22', '1896@22', '1103@22']);

/** At most this many Apps of one part type and position on one vehicle from the fill, as a catalog offers a few choices, not dozens. */
const CHOICES = 12;

class AppSet {
  readonly apps: App[] = [];
  private readonly keys = new Set<string>();
  private readonly perLine = new Map<string, number>();

  add(app: App): boolean {
    const key = [app.part.index, app.vehicle.id, app.subModelId, app.engineBaseId, app.rotor].join('|');
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.apps.push(app);
    const line = `${app.vehicle.id} ${lineKey(app.part.line)}`;
    this.perLine.set(line, (this.perLine.get(line) ?? 0) + 1);
    return true;
  }

  full(vehicle: BaseVehicle, line: Line): boolean {
    return (this.perLine.get(`${vehicle.id} ${lineKey(line)}`) ?? 0) >= CHOICES;
  }
}

export interface DemoPlan {
  vehicles: BaseVehicle[];
  parts: Part[];
  apps: App[];
  /** The parts whose rows carry the rotor-size qualifier. */
  qualified: { pads: Part[]; rotors: Part[]; sensor: Part };
}

/** The 2015 Corolla's front brakes: pads and rotors per rotor size, one wear sensor with a row for each size. */
function qualifiedParts(parts: Part[]): DemoPlan['qualified'] {
  const first = (key: string, count: number) =>
    parts.filter((part) => lineKey(part.line) === key && part.brand === BRANDS[0]).slice(0, count);
  const pads = first('1684@22', 2);
  const rotors = first('1896@22', 2);
  ROTOR_SIZES.forEach((size, at) => {
    Object.assign(pads[at]!, { productLine: 'Ceramic', oe: `04465-0${size === '288' ? '2220' : '2230'}` });
    pads[at]!.attributes = [
      { name: 'Friction Material', value: 'Ceramic' },
      { name: 'Rotor Diameter', value: size, uom: 'MM' },
    ];
    rotors[at]!.attributes = [{ name: 'Diameter', value: size, uom: 'MM' }];
  });
  return { pads, rotors, sensor: first('1103@22', 1)[0]! };
}

function addQualifiedApps(set: AppSet, vehicle: BaseVehicle, qualified: DemoPlan['qualified']) {
  ROTOR_SIZES.forEach((rotor, at) => {
    for (const part of [qualified.pads[at]!, qualified.rotors[at]!, qualified.sensor])
      set.add({ vehicle, part, rotor, qty: part.line.qty });
  });
}

/** Two parts (one per brand) of every job line on every common vehicle. */
function addJobCoverage(set: AppSet, vehicles: BaseVehicle[], byLine: Map<Line, Part[]>, qualified: DemoPlan['qualified']) {
  for (const vehicle of vehicles.filter((candidate) => candidate.common)) {
    if (isCorolla2015(vehicle)) addQualifiedApps(set, vehicle, qualified);
    for (const [partTypeId, positionId] of JOBS.flatMap((job) => job.lines.flat())) {
      const line = LINES.find((candidate) => candidate.partTypeId === partTypeId && candidate.positionId === positionId)!;
      if (isCorolla2015(vehicle) && QUALIFIED.has(lineKey(line))) continue;
      const next = random(2, vehicle.id, partTypeId, positionId ?? 0);
      for (const brand of BRANDS) {
        const choices = byLine.get(line)!.filter((part) => part.brand === brand);
        const part = choices[Math.floor(next() * choices.length)]!;
        for (const target of targetsFor(vehicle, line)) set.add({ vehicle, part, ...target });
      }
    }
  }
}

/** The first brand's part of the line `key` that fits the most of `vehicles` for every submodel (none with a rotor size). */
function widestFit(set: AppSet, vehicles: BaseVehicle[], key: string): { part: Part; fits: Set<BaseVehicle> } | null {
  const fits = new Map<Part, Set<BaseVehicle>>();
  for (const app of set.apps)
    if (vehicles.includes(app.vehicle) && app.part.brand === BRANDS[0] && lineKey(app.part.line) === key && !app.rotor && !app.subModelId)
      fits.set(app.part, (fits.get(app.part) ?? new Set()).add(app.vehicle));
  const [best] = [...fits].sort(([a, one], [b, other]) => other.size - one.size || a.index - b.index);
  return best ? { part: best[0], fits: best[1] } : null;
}

/** A kit of front pads and two front rotors for one common model, fitting the years both parts fit. */
function addKit(set: AppSet, index: number, vehicles: BaseVehicle[]): Part | null {
  const pads = widestFit(set, vehicles, '1684@22');
  const rotors = widestFit(set, vehicles, '1896@22');
  if (!pads || !rotors) return null;
  const kit: Part = {
    ...pads.part,
    index,
    partNumber: `${BRANDS[0]!.prefix}-${100_000 + index}`,
    line: KIT_LINE,
    price: Math.floor((pads.part.price + 2 * rotors.part.price) * 0.9) + 0.99,
    weightLb: Math.round((pads.part.weightLb + 2 * rotors.part.weightLb) * 100) / 100,
    attributes: [],
    oe: undefined,
    kit: [
      { part: pads.part, quantity: 1 },
      { part: rotors.part, quantity: 2 },
    ],
  };
  for (const vehicle of vehicles) if (pads.fits.has(vehicle) && rotors.fits.has(vehicle)) set.add({ vehicle, part: kit, qty: 1 });
  return kit;
}

/** A kit for each common model, appended to `parts`. */
function addKits(set: AppSet, parts: Part[], vehicles: BaseVehicle[]): Part[] {
  const kits: Part[] = [];
  for (const model of Map.groupBy(
    vehicles.filter((vehicle) => vehicle.common),
    (vehicle) => vehicle.modelId,
  ).values()) {
    const kit = addKit(set, parts.length, model);
    if (!kit) continue;
    parts.push(kit);
    kits.push(kit);
  }
  return kits;
}

/** Each part in turn fits the next vehicle of its run (neighbouring years and models of a make) until there are `total` Apps. */
function fillApps(set: AppSet, vehicles: BaseVehicle[], parts: Part[], total: number) {
  const cursors = new Map(parts.map((part) => [part, Math.floor(random(3, part.index)() * vehicles.length)]));
  while (set.apps.length < total) {
    const before = set.apps.length;
    for (const part of parts) {
      for (let tries = 0; tries < vehicles.length && set.apps.length < total; tries++) {
        const vehicle = vehicles[(cursors.get(part)! + tries) % vehicles.length]!;
        if ((isCorolla2015(vehicle) && QUALIFIED.has(lineKey(part.line))) || set.full(vehicle, part.line)) continue;
        const targets = targetsFor(vehicle, part.line).slice(0, total - set.apps.length);
        if (targets.map((target) => set.add({ vehicle, part, ...target })).some(Boolean)) {
          cursors.set(part, cursors.get(part)! + tries + 1);
          break;
        }
      }
      if (set.apps.length >= total) return;
    }
    if (set.apps.length === before) throw new Error(`the parts fit no more vehicles: ${set.apps.length} Apps of ${total}`);
  }
}

export function demoPlan(): DemoPlan {
  const vehicles = demoVehicles();
  const counts = lineCounts(DEMO_PARTS);
  const parts = Array.from({ length: DEMO_PARTS }, (_, index) => partAt(index, counts));
  const byLine = new Map(LINES.map((line) => [line, parts.filter((part) => part.line === line)]));
  const qualified = qualifiedParts(parts);
  const set = new AppSet();
  addJobCoverage(set, vehicles, byLine, qualified);
  // The rotor-size parts fit the 2015 Corolla alone, as their Toyota OE numbers say; a kit fits where its parts do.
  const reserved = new Set([...qualified.pads, ...qualified.rotors, qualified.sensor]);
  const fillable = parts.filter((part) => !reserved.has(part));
  fillApps(set, vehicles, fillable, DEMO_APPS - KIT_ROOM);
  addKits(set, parts, vehicles);
  fillApps(set, vehicles, fillable, DEMO_APPS);
  // A supplier's file in vehicle order, as ACES files usually come.
  const apps = set.apps.sort(
    (a, b) =>
      a.vehicle.id - b.vehicle.id ||
      a.part.line.partTypeId - b.part.line.partTypeId ||
      (a.part.line.positionId ?? 0) - (b.part.line.positionId ?? 0) ||
      a.part.index - b.part.index ||
      (a.subModelId ?? 0) - (b.subModelId ?? 0) ||
      (a.engineBaseId ?? 0) - (b.engineBaseId ?? 0) ||
      (a.rotor ?? '').localeCompare(b.rotor ?? ''),
  );
  return { vehicles, parts, apps, qualified };
}
