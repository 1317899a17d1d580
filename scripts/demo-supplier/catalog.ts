import {
  BRANDS,
  COMMON_MAKES,
  COMMON_YEARS,
  DEFAULT_PRODUCT_LINES,
  ENGINES,
  LINES,
  MAKES,
  MODEL_YEARS,
  POSITIONS,
  PRODUCT_LINES,
  SEED,
  type Brand,
  type Line,
  type RearBrake,
} from './data';

/** The supplier's vehicles and parts, each a pure function of its index, so that the large files stream. */

/** mulberry32, seeded from SEED and the keys: the same keys give the same numbers in every run. */
export function random(...keys: number[]): () => number {
  let state = SEED >>> 0;
  for (const key of keys) state = Math.imul(state ^ (key >>> 0), 0x9e3779b1) ^ (state >>> 15);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

export interface BaseVehicle {
  id: number;
  year: number;
  makeId: number;
  makeName: string;
  modelId: number;
  modelName: string;
  rear: RearBrake;
  subModels: Array<{ id: number; name: string }>;
  engines: number[];
  common: boolean;
}

const TRIM_NAMES = [...new Set(MAKES.flatMap((make) => make.trims))];
export const SUBMODELS = TRIM_NAMES.map((name, at) => ({ id: 4001 + at, name }));
const subModelOf = (name: string) => SUBMODELS.find((sub) => sub.name === name)!;
export const makeIdOf = (make: number) => 1001 + make;
export const cylindersOf = (engineBaseId: number) => ENGINES.find(([id]) => id === engineBaseId)![2];

/** A base vehicle of make `make` (index in MAKES) and model `model` (0..2 real; later ones named "<model> <n>" at scale). */
function baseVehicle(id: number, make: number, model: number, year: number, common: boolean): BaseVehicle {
  const spec = MAKES[make]!;
  const modelSpec = spec.models[model % 3]!;
  return {
    id,
    year,
    makeId: makeIdOf(make),
    makeName: spec.name,
    modelId: model < 3 ? 2001 + make * 3 + model : 100_000 + make * 1000 + model,
    modelName: model < 3 ? modelSpec.name : `${modelSpec.name} ${Math.floor(model / 3) + 1}`,
    rear: modelSpec.rear ?? 'disc',
    subModels: spec.trims.map(subModelOf),
    engines: modelSpec.engines,
    common,
  };
}

/** The demo's 200 base vehicles, by make, model and year; the first model of the first ten makes in 2014-2016 are the common 30. */
export function demoVehicles(): BaseVehicle[] {
  const vehicles: BaseVehicle[] = [];
  MAKES.forEach((_, make) =>
    MODEL_YEARS.forEach(([from, to], model) => {
      for (let year = from; year <= to; year++) {
        const common = make < COMMON_MAKES && model === 0 && COMMON_YEARS.includes(year);
        vehicles.push(baseVehicle(5001 + vehicles.length, make, model, year, common));
      }
    }),
  );
  return vehicles;
}

/** Base vehicle `index` of the large supplier: makes in turn, 36 model years (1990-2025), then the next model. */
export function scaleVehicle(index: number): BaseVehicle {
  const rest = Math.floor(index / MAKES.length);
  return baseVehicle(100_001 + index, index % MAKES.length, Math.floor(rest / 36), 1990 + (rest % 36), false);
}

export interface Part {
  index: number;
  partNumber: string;
  brand: Brand;
  line: Line;
  productLine: string;
  /** Dollars, as PIES sends them. */
  price: number;
  weightLb: number;
  attributes: Array<{ name: string; value: string; uom?: string }>;
  oe?: string;
  kit?: Array<{ part: Part; quantity: number }>;
}

/** How many of `total` parts each line gets, by its share (largest remainders). */
export function lineCounts(total: number): number[] {
  const shares = LINES.reduce((sum, line) => sum + line.share, 0);
  const exact = LINES.map((line) => (total * line.share) / shares);
  const counts = exact.map(Math.floor);
  const order = exact.map((value, at) => ({ at, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.at - b.at);
  for (let left = total - counts.reduce((a, b) => a + b, 0), k = 0; left > 0; left--, k++) counts[order[k]!.at]!++;
  return counts;
}

/** The line of part `index` when lines take consecutive runs of indexes. */
export function lineIndexOf(index: number, counts: number[]): number {
  let end = 0;
  for (let at = 0; at < counts.length; at++) if (index < (end += counts[at]!)) return at;
  throw new RangeError(`part ${index} is past the last line`);
}

export function partAt(index: number, counts: number[]): Part {
  const line = LINES[lineIndexOf(index, counts)]!;
  const next = random(1, index);
  const brand = BRANDS[index % BRANDS.length]!;
  const [low, high] = line.price;
  const oe = next() < 0.4 ? `${10000 + Math.floor(next() * 90000)}-${10000 + Math.floor(next() * 90000)}` : undefined;
  return {
    index,
    partNumber: `${brand.prefix}-${100_000 + index}`,
    brand,
    line,
    productLine: pick(next, PRODUCT_LINES[line.category] ?? DEFAULT_PRODUCT_LINES),
    price: Math.floor(low + next() * (high - low)) + 0.99,
    weightLb: Math.round(line.weightLb * (0.8 + next() * 0.4) * 100) / 100,
    attributes: (line.attributes ?? []).map(({ name, values, uom }) => ({ name, value: pick(next, values), uom })),
    oe,
  };
}

export const positionName = (line: Line) => (line.positionId ? POSITIONS[line.positionId] : undefined);

/** A part's short description: "Ceramic Front Disc Brake Pad Set". */
export const partTitle = (part: Part) => [part.productLine, positionName(part.line), part.line.name].filter(Boolean).join(' ');
