import mongoose, { Types } from 'mongoose';
import { CATEGORY_SLUGS, DEFAULT_CATEGORY, type CategorySlug } from '../content/categories';
import { seedParts, type SeedFitment, type SeedPosition } from './seed-data/parts';
import { vehicleModels } from './seed-data/vehicles';
import { normalizePartNumber } from '../lib/catalog/part-numbers';

/**
 * A large, realistic catalog for the speed measurements (`npm run seed:scale`): parts with their
 * opening stock moves, and reviews, written straight through the driver in batches. Deterministic:
 * the same options give the same catalog (a seeded generator, not Math.random).
 */
export type ScaleOptions = {
  parts: number;
  reviews: number;
  /** Documents per insertMany (default 1000). */
  batch?: number;
  /** The newest createdAt; parts and reviews spread over the three years before it. */
  now?: Date;
  /** Called after each batch with the parts and reviews written so far. */
  onProgress?: (progress: { parts: number; reviews: number }) => void;
};

export type ScaleReport = { parts: number; stockMoves: number; reviews: number; ms: number };

type Rng = () => number;

/** mulberry32: a small seeded generator, good enough for test data. */
function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(Math.floor(rng() * 10));
  return out;
}

const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
function alnum(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += ALNUM[Math.floor(rng() * ALNUM.length)];
  return out;
}

type CategoryWords = {
  nouns: readonly string[];
  attributes: readonly string[];
  sizes: readonly string[];
  positions: readonly SeedPosition[];
  price: [number, number];
  /** What the part does, for the description's opening sentence. */
  job: string;
};

/** The generated catalog fills the real categories; 'other' only holds parts an admin added without one. */
type ScaleCategory = Exclude<CategorySlug, typeof DEFAULT_CATEGORY>;
const SCALE_CATEGORIES = CATEGORY_SLUGS.filter((slug): slug is ScaleCategory => slug !== DEFAULT_CATEGORY);

const WORDS: Record<ScaleCategory, CategoryWords> = {
  brakes: {
    nouns: ['Brake Pad Set', 'Brake Rotor', 'Brake Caliper', 'Drum Brake Shoe Set', 'Brake Hose', 'Brake Hardware Kit', 'Brake Drum'],
    attributes: ['Ceramic', 'Semi-Metallic', 'Severe-Duty', 'Low-Dust', 'Performance', 'Vented', 'Slotted', 'Coated', 'Remanufactured'],
    sizes: ['256 mm', '272 mm', '280 mm', '296 mm', '300 mm', '320 mm', '345 mm', ''],
    positions: ['front', 'rear', 'front-left', 'front-right', 'rear-left', 'rear-right'],
    price: [18, 260],
    job: 'brings the car to a stop smoothly and predictably',
  },
  filters: {
    nouns: ['Engine Oil Filter', 'Engine Air Filter', 'Cabin Air Filter', 'Fuel Filter', 'Transmission Filter Kit', 'Oil Filter Cartridge'],
    attributes: ['Spin-On', 'High-Capacity', 'Activated Carbon', 'Synthetic Media', 'Extended-Life', 'Heavy-Duty', 'Pleated', 'Washable'],
    sizes: ['M20 x 1.5', '3/4-16 UNF', '10,000 mi', '15,000 mi', ''],
    positions: [],
    price: [6, 65],
    job: 'keeps dirt and particles out of the fluid or air it cleans',
  },
  ignition: {
    nouns: [
      'Spark Plug',
      'Ignition Coil',
      'Coil-On-Plug Boot',
      'Spark Plug Wire Set',
      'Crankshaft Position Sensor',
      'Camshaft Position Sensor',
    ],
    attributes: ['Iridium', 'Double Platinum', 'Copper Core', 'Pencil', 'Slim', 'OE-Style', 'High-Output', 'Long-Life'],
    sizes: ['14 mm', '12 mm', '0.8 mm gap', '1.1 mm gap', 'Set of 4', 'Set of 6', ''],
    positions: [],
    price: [5, 140],
    job: 'delivers a clean, reliable spark at the right moment',
  },
  suspension: {
    nouns: ['Shock Absorber', 'Strut Assembly', 'Control Arm', 'Stabilizer Bar Link', 'Coil Spring Pair', 'Ball Joint', 'Strut Mount'],
    attributes: ['Monotube', 'Twin-Tube', 'Gas-Charged', 'Complete', 'Heavy-Duty', 'Comfort', 'Sport', 'Forged'],
    sizes: ['', '', 'Lowered 30 mm', 'Standard Height', 'With Bushings'],
    positions: ['front', 'rear', 'front-left', 'front-right', 'rear-left', 'rear-right', 'upper', 'lower'],
    price: [22, 420],
    job: 'keeps the tyres on the road and the body steady over bumps',
  },
  lighting: {
    nouns: [
      'Headlight Bulb Pair',
      'Headlight Assembly',
      'Tail Light Assembly',
      'Fog Light Pair',
      'Turn Signal Bulb Set',
      'License Plate Light',
    ],
    attributes: ['LED', 'Halogen', 'Xenon-White', 'Long-Life', 'High-Visibility', 'Smoked', 'OE-Style', 'Projector'],
    sizes: ['H7', 'H11', 'H13', '9005', '9006', '7443', ''],
    positions: ['left', 'right', 'front', 'rear'],
    price: [9, 380],
    job: 'lets the driver see and be seen at night and in bad weather',
  },
  electrical: {
    nouns: ['Alternator', 'Starter Motor', 'Battery', 'Window Regulator', 'Wheel Speed Sensor', 'Oxygen Sensor', 'Blower Motor Resistor'],
    attributes: ['Remanufactured', 'New', 'AGM', 'Flooded', 'Heavy-Duty', 'OE-Style', 'Direct-Fit', 'High-Output'],
    sizes: ['120 A', '150 A', '1.4 kW', '2.0 kW', '70 Ah', 'Group 35', 'Group 48', ''],
    positions: ['front-left', 'front-right', 'rear-left', 'rear-right', 'upper', 'lower'],
    price: [19, 360],
    job: 'keeps the car’s electrical system charged and working',
  },
  cooling: {
    nouns: ['Radiator', 'Water Pump', 'Thermostat Housing', 'Radiator Cap', 'Cooling Fan Assembly', 'Coolant Hose Kit', 'Expansion Tank'],
    attributes: ['Aluminium Core', 'Electric', 'Mechanical', 'High-Flow', 'OE-Style', 'Two-Row', 'Silicone', 'Direct-Fit'],
    sizes: ['108 kPa', '88 °C', '92 °C', '26 mm', '32 mm', ''],
    positions: ['upper', 'lower'],
    price: [12, 420],
    job: 'keeps the engine at its working temperature in traffic and on long climbs',
  },
  engine: {
    nouns: [
      'Timing Belt Kit',
      'Timing Chain Kit',
      'Valve Cover Gasket Set',
      'Engine Mount',
      'Serpentine Belt',
      'Oil Drain Plug',
      'Head Gasket Set',
    ],
    attributes: ['Complete', 'Multi-Layer Steel', 'Hydraulic', 'Reinforced', 'OE-Style', 'With Water Pump', 'Heavy-Duty', 'Low-Noise'],
    sizes: ['6PK1230', '6PK1870', 'M14 x 1.5', '', ''],
    positions: ['front', 'rear', 'left', 'right', 'upper', 'lower'],
    price: [6, 480],
    job: 'keeps the engine sealed, timed and running quietly',
  },
  drivetrain: {
    nouns: ['CV Axle Shaft', 'Clutch Kit', 'Wheel Hub Bearing', 'Universal Joint', 'Driveshaft Centre Support', 'CV Boot Kit'],
    attributes: ['Complete', 'Heavy-Duty', 'Greased-For-Life', 'OE-Style', 'Precision', 'Sealed', 'Reinforced'],
    sizes: ['240 mm', '228 mm', '4WD', '2WD', 'ABS', ''],
    positions: ['front', 'rear', 'front-left', 'front-right', 'rear-left', 'rear-right'],
    price: [15, 520],
    job: 'carries the engine’s torque to the wheels without vibration',
  },
  wipers: {
    nouns: ['Wiper Blade', 'Wiper Blade Pair', 'Rear Wiper Blade', 'Washer Pump', 'Wiper Arm'],
    attributes: ['Beam', 'Hybrid', 'Conventional Frame', 'Winter', 'All-Season', 'Silicone', 'Graphite-Coated'],
    sizes: ['12 in', '14 in', '16 in', '18 in', '20 in', '22 in', '24 in', '26 in'],
    positions: ['front', 'rear', 'left', 'right'],
    price: [7, 70],
    job: 'clears rain, snow and road spray from the glass without streaks',
  },
  exhaust: {
    nouns: ['Rear Muffler', 'Catalytic Converter', 'Flex Pipe', 'Exhaust Manifold Gasket Set', 'Exhaust Hanger Kit', 'Resonator'],
    attributes: ['Stainless Steel', 'Aluminised', 'Direct-Fit', 'Universal', 'Quiet', 'OE-Style', 'Reinforced'],
    sizes: ['2.0 in', '2.25 in', '2.5 in', '3.0 in', ''],
    positions: ['front', 'rear', 'left', 'right'],
    price: [9, 640],
    job: 'carries exhaust gas away quietly and cleanly',
  },
  steering: {
    nouns: ['Inner Tie Rod', 'Outer Tie Rod End', 'Steering Rack Boot Kit', 'Power Steering Pump', 'Steering Stabilizer', 'Idler Arm'],
    attributes: ['Greasable', 'Sealed', 'Heavy-Duty', 'Remanufactured', 'OE-Style', 'Precision', 'Forged'],
    sizes: ['M14 x 1.5', 'M16 x 1.5', '', ''],
    positions: ['left', 'right', 'front'],
    price: [11, 330],
    job: 'keeps the steering precise and free of play',
  },
};

const POSITION_LABEL: Record<SeedPosition, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left',
  right: 'Right',
  'front-left': 'Front Left',
  'front-right': 'Front Right',
  'rear-left': 'Rear Left',
  'rear-right': 'Rear Right',
  upper: 'Upper',
  lower: 'Lower',
};

const ALL_BRANDS = [...new Set(seedParts.map((part) => part.brand))];
/** Each brand's part-number prefix, as its demo parts spell it ('SL' for 'SL-BP-4465'). */
const BRAND_PREFIX = new Map(
  seedParts.map((part) => [part.brand, /^[A-Z]+/.exec(part.partNumber)?.[0] ?? part.brand.slice(0, 2).toUpperCase()]),
);

/** Each category's brands and artwork, from the demo catalog (a category it lacks borrows from all of it). */
const BRANDS_OF = new Map<CategorySlug, string[]>();
const IMAGES_OF = new Map<CategorySlug, string[]>();
for (const category of SCALE_CATEGORIES) {
  const demo = seedParts.filter((part) => part.category === category);
  BRANDS_OF.set(category, demo.length ? [...new Set(demo.map((part) => part.brand))] : ALL_BRANDS);
  IMAGES_OF.set(
    category,
    (demo.length ? demo : seedParts).map((part) => part.img),
  );
}

/** OEM numbers in each maker's usual shape (invented numbers). */
const OEM_SHAPES: Record<string, (rng: Rng) => string> = {
  Toyota: (rng) => `${digits(rng, 5)}-${digits(rng, 5)}`,
  Honda: (rng) => `${digits(rng, 5)}-${alnum(rng, 3)}-A${digits(rng, 2)}`,
  Ford: (rng) => `${alnum(rng, 4)}-${digits(rng, 4)}-${alnum(rng, 1)}`,
  Chevrolet: (rng) => digits(rng, 8),
  Nissan: (rng) => `${digits(rng, 5)}-${alnum(rng, 5)}`,
  Hyundai: (rng) => `${digits(rng, 5)}-${alnum(rng, 5)}`,
  Kia: (rng) => `${digits(rng, 5)}-${alnum(rng, 5)}`,
  Volkswagen: (rng) => `${digits(rng, 3)} ${digits(rng, 3)} ${digits(rng, 3)} ${alnum(rng, 1)}`,
  BMW: (rng) => digits(rng, 11),
  Mazda: (rng) => `${alnum(rng, 4)}-${digits(rng, 2)}-${alnum(rng, 3)}`,
  Subaru: (rng) => `${digits(rng, 5)}${alnum(rng, 2)}${digits(rng, 3)}`,
  Jeep: (rng) => `68${digits(rng, 6)}AA`,
};

const FITMENT_NOTES = [
  'Sedan only',
  'Hatchback only',
  'Except Sport trim',
  'With 16 in wheels',
  'With towing package',
  'AWD models',
  'FWD models',
  'With factory xenon lights',
];

function fitmentRows(rng: Rng): SeedFitment[] {
  const rows: SeedFitment[] = [];
  const count = between(rng, 1, 4);
  for (let i = 0; i < count; i++) {
    const vehicle = pick(rng, vehicleModels);
    // Most rows cover the whole generation, as real catalogues do; the rest a part of it.
    const yearFrom = rng() < 0.6 ? vehicle.yearFrom : between(rng, vehicle.yearFrom, vehicle.yearTo);
    const yearTo = rng() < 0.6 ? vehicle.yearTo : between(rng, yearFrom, vehicle.yearTo);
    const row: SeedFitment = { make: vehicle.make, model: vehicle.model, yearFrom, yearTo };
    const engine = rng() < 0.4 ? pick(rng, vehicle.engines) : undefined;
    // Only an engine offered over the whole row's years, so the row stays consistent with the reference data.
    if (engine && engine.yearFrom <= yearFrom && engine.yearTo >= yearTo) row.engine = engine.name;
    if (rng() < 0.15) row.notes = pick(rng, FITMENT_NOTES);
    rows.push(row);
  }
  return rows;
}

const MATERIALS = [
  'high-carbon steel',
  'cast iron',
  'forged aluminium',
  'glass-filled nylon',
  'stainless steel',
  'EPDM rubber',
  'powder-coated steel',
];
const WARRANTY = ['one year', 'two years', 'three years', 'a limited lifetime'];

type DescriptionFields = { name: string; noun: string; brand: string; make: string; model: string; material: string; warranty: string };

const SENTENCES: ReadonlyArray<(f: DescriptionFields) => string> = [
  (f) => `It is made from ${f.material} and checked against the original part's dimensions before it leaves the factory.`,
  (f) => `Every ${f.noun} from ${f.brand} is tested on a rig that simulates years of daily driving before the design is released.`,
  () => `It bolts on in place of the original with no drilling, cutting or adapters, using the factory mounting points.`,
  (f) => `Check the fitment table for your ${f.make} ${f.model} before ordering, because engine and trim options change the part.`,
  () => `The packaging protects it from knocks in transit and carries the part number and a date code for traceability.`,
  () => `Fitting takes about an hour with common hand tools; a torque wrench is recommended for the final tightening.`,
  () => `Corrosion-resistant finishes protect the exposed surfaces from road salt, water and brake dust through the winter.`,
  (f) => `It is covered by ${f.warranty} of warranty against defects in materials and workmanship when fitted as instructed.`,
  () => `Replace worn parts in pairs on the same axle where that applies, so both sides behave the same way.`,
  () => `Installation notes with tightening torques and a short checklist are printed on the inside of the box.`,
  (f) => `Workshops choose it because it arrives complete and matches the ${f.make} service intervals.`,
  () => `Tolerances are held within a few hundredths of a millimetre, so there is no vibration or noise after fitting.`,
  () => `All rubber parts are made from compounds that stay flexible from well below freezing to engine-bay heat.`,
  (f) => `Our support team can confirm the fit from your VIN if the ${f.model} has an unusual factory option.`,
  () => `Dispose of the old part at a recycling point; many of its metals are recovered and reused.`,
  () => `It meets or exceeds the original equipment specification for strength, fit and service life.`,
];

function description(rng: Rng, fields: DescriptionFields, job: string): string {
  const target = between(rng, 60, 120);
  const sentences = [`The ${fields.name} ${job}.`];
  let words = sentences[0]!.split(' ').length;
  for (const sentence of shuffled(rng, SENTENCES)) {
    if (words >= target) break;
    const text = sentence(fields);
    const count = text.split(' ').length;
    if (words + count > 120) continue;
    sentences.push(text);
    words += count;
  }
  return sentences.join(' ');
}

const FIRST_NAMES = [
  'Marcus',
  'Priya',
  'Elena',
  'Tomasz',
  'Aisha',
  'Henrik',
  'Sofia',
  'Jordan',
  'Liam',
  'Mei',
  'Carlos',
  'Fatima',
  'Noah',
  'Ingrid',
];
const LAST_NAMES = [
  'Delaney',
  'Raman',
  'Vargas',
  'Nowicki',
  'Okafor',
  'Lund',
  'Marchetti',
  'Blake',
  'Walsh',
  'Chen',
  'Moreno',
  'Haddad',
  'Berg',
];
const REVIEWER_IMAGES = [
  '/images/reviewers/aisha-okafor.svg',
  '/images/reviewers/elena-vargas.svg',
  '/images/reviewers/henrik-lund.svg',
  '/images/reviewers/jordan-blake.svg',
  '/images/reviewers/marcus-delaney.svg',
  '/images/reviewers/priya-raman.svg',
  '/images/reviewers/sofia-marchetti.svg',
  '/images/reviewers/tomasz-nowicki.svg',
];
const REVIEW_SENTENCES: ReadonlyArray<(noun: string) => string> = [
  (noun) => `Ordered the ${noun.toLowerCase()} on a Monday and it arrived two days later, well packed.`,
  (noun) => `The ${noun.toLowerCase()} fitted first time and matched the original exactly.`,
  () => 'Good price compared with the local parts store, and the fitment checker was right.',
  () => 'Instructions were clear and the torque figures were printed on the box.',
  () => 'Tracking did not update for a day, otherwise no complaints at all.',
  () => 'Support answered my fitment question within an hour and gave me the right part number.',
  () => 'Quality feels as good as the dealer part at about half the price.',
  () => 'Second time ordering here and it will not be the last.',
];

function reviewText(rng: Rng): string {
  const noun = pick(rng, WORDS[pick(rng, SCALE_CATEGORIES)].nouns);
  const count = between(rng, 2, 4);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(rng() * REVIEW_SENTENCES.length));
  return [...picked].map((index) => REVIEW_SENTENCES[index]!(noun)).join(' ');
}

const THREE_YEARS_MS = 3 * 365 * 24 * 60 * 60 * 1000;

type PartRow = Record<string, unknown> & { _id: Types.ObjectId; availableQuantity: number; createdAt: Date; fitment: SeedFitment[] };

function makePart(rng: Rng, serial: number, now: number): PartRow {
  const category = pick(rng, SCALE_CATEGORIES);
  const words = WORDS[category];
  const brand = pick(rng, BRANDS_OF.get(category) ?? ALL_BRANDS);
  const noun = pick(rng, words.nouns);
  const position = words.positions.length && rng() < 0.6 ? pick(rng, words.positions) : undefined;
  const size = pick(rng, words.sizes);
  const name = [pick(rng, words.attributes), position ? POSITION_LABEL[position] : '', noun, size].filter(Boolean).join(' ').slice(0, 120);
  const fitment = rng() < 0.05 ? [] : fitmentRows(rng);
  const firstVehicle = fitment[0] ?? { make: 'Toyota', model: 'Corolla' };
  const oemMakes = fitment.length ? fitment.map((row) => row.make) : ['Toyota'];
  const oemNumbers = [
    ...new Set(Array.from({ length: between(rng, 1, 3) }, () => (OEM_SHAPES[pick(rng, oemMakes)] ?? OEM_SHAPES.Toyota!)(rng))),
  ];
  const [low, high] = words.price;
  const price = Math.round((low + rng() * (high - low)) * 100) / 100;
  // A few parts are sold out, most have a working stock.
  const stock = rng() < 0.05 ? 0 : between(rng, 1, 500);
  const createdAt = new Date(now - Math.floor(rng() * THREE_YEARS_MS));
  const updatedAt = new Date(Math.min(now, createdAt.getTime() + Math.floor(rng() * 30 * 24 * 60 * 60 * 1000)));
  const fields: DescriptionFields = {
    name,
    noun: noun.toLowerCase(),
    brand,
    make: firstVehicle.make,
    model: firstVehicle.model,
    material: pick(rng, MATERIALS),
    warranty: pick(rng, WARRANTY),
  };
  return {
    _id: new Types.ObjectId(),
    name,
    description: description(rng, fields, words.job),
    price,
    img: pick(rng, IMAGES_OF.get(category) ?? ['/images/parts/spin-on-engine-oil-filter.svg']),
    category,
    brand,
    partNumber: `${BRAND_PREFIX.get(brand) ?? 'PM'}-S${serial}`,
    partNumberKey: normalizePartNumber(`${BRAND_PREFIX.get(brand) ?? 'PM'}-S${serial}`),
    oemNumbers,
    ...(position ? { position } : {}),
    fitment,
    availableQuantity: stock,
    stockSeq: 1,
    minimumQuantity: rng() < 0.8 ? 1 : pick(rng, [2, 4]),
    createdAt,
    updatedAt,
    __v: 0,
  };
}

function makeReview(rng: Rng, index: number, now: number): Record<string, unknown> {
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const createdAt = new Date(now - Math.floor(rng() * THREE_YEARS_MS));
  const ratings = [5, 5, 5, 4, 4, 4, 3, 2, 1] as const;
  return {
    name: `${first} ${last}`,
    image: pick(rng, REVIEWER_IMAGES),
    // Two or more sentences: always past the model's 50-character minimum.
    review: reviewText(rng),
    rating: pick(rng, ratings),
    authorEmail: `${first}.${last}.${index}@example.com`.toLowerCase(),
    createdAt,
    updatedAt: createdAt,
    __v: 0,
  };
}

function database(): mongoose.mongo.Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('seedScale needs a connected mongoose (connectDb first)');
  return db;
}

/** Writes `parts` parts (each with its opening StockMove) and `reviews` reviews; answers what it wrote. */
export async function seedScale({ parts, reviews, batch = 1000, now = new Date(), onProgress }: ScaleOptions): Promise<ScaleReport> {
  const started = performance.now();
  const db = database();
  const partsCollection = db.collection('parts');
  const movesCollection = db.collection<{ _id: string }>('stockmoves');
  const fitmentCollection = db.collection<{ _id: Types.ObjectId }>('partfitments');
  const reviewsCollection = db.collection('reviews');
  // Part numbers continue after whatever is already stored, so a forced second run stays unique.
  const serialBase = 100000 + (await partsCollection.countDocuments());
  const rng = createRng(0x5eed + serialBase);
  const nowMs = now.getTime();

  let writtenParts = 0;
  let writtenMoves = 0;
  for (let start = 0; start < parts; start += batch) {
    const rows = Array.from({ length: Math.min(batch, parts - start) }, (_, i) => makePart(rng, serialBase + start + i, nowMs));
    const moves = rows.map((part) => ({
      // The ledger's key for move 1 of the part (lib/stock/ledger.ts).
      _id: `${String(part._id)}:1`,
      partId: part._id,
      seq: 1,
      delta: part.availableQuantity,
      reason: 'seed',
      after: part.availableQuantity,
      at: part.createdAt,
      __v: 0,
    }));
    // The ledger first, as recordOpeningStock does: no part is ever visible without its opening move.
    writtenMoves += (await movesCollection.insertMany(moves, { ordered: false })).insertedCount;
    // Each part's rows in a document of their own, keyed by the part's id (models/part-fitment.ts).
    const fitments = rows.flatMap(({ _id, fitment }) => (fitment.length ? [{ _id, rows: fitment, rev: 1 }] : []));
    if (fitments.length) await fitmentCollection.insertMany(fitments, { ordered: false });
    writtenParts += (
      await partsCollection.insertMany(
        rows.map((part) => Object.fromEntries(Object.entries(part).filter(([field]) => field !== 'fitment'))),
        { ordered: false },
      )
    ).insertedCount;
    onProgress?.({ parts: writtenParts, reviews: 0 });
  }

  let writtenReviews = 0;
  for (let start = 0; start < reviews; start += batch) {
    const rows = Array.from({ length: Math.min(batch, reviews - start) }, (_, i) => makeReview(rng, start + i, nowMs));
    writtenReviews += (await reviewsCollection.insertMany(rows, { ordered: false })).insertedCount;
    onProgress?.({ parts: writtenParts, reviews: writtenReviews });
  }
  return { parts: writtenParts, stockMoves: writtenMoves, reviews: writtenReviews, ms: Math.round(performance.now() - started) };
}
