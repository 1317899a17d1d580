import type { CategorySlug } from '@/content/categories';

/** The synthetic supplier's reference data: invented brands, ids and part types; real makes, models and years. */

export const SEED = 46;

export interface Brand {
  aaiaid: string;
  label: string;
  prefix: string;
}

export const BRANDS: readonly Brand[] = [
  { aaiaid: 'XKMV', label: 'Kestrel Motive', prefix: 'KM' },
  { aaiaid: 'XARL', label: 'Ardent Line', prefix: 'AL' },
];

export const POSITIONS = { 22: 'Front', 30: 'Rear' } as const;
export type PositionId = keyof typeof POSITIONS;

/** A part type at a position: the unit a job line, a part and an App share. */
export interface Line {
  partTypeId: number;
  name: string;
  category: CategorySlug;
  positionId?: PositionId;
  qty: number;
  /** Sized per engine: the App names its EngineBase and a spark plug's Qty is the cylinders. */
  perEngine?: boolean;
  perCylinder?: boolean;
  /** Only on a vehicle with this rear brake. */
  rear?: 'disc' | 'drum';
  /** Parts of this line in the demo's 3,000 (shares, scaled to the total). */
  share: number;
  /** Dollars, low and high; pounds. */
  price: [number, number];
  weightLb: number;
  attributes?: Array<{ name: string; values: string[]; uom?: string }>;
}

const brakeFriction = [{ name: 'Friction Material', values: ['Ceramic', 'Semi-Metallic', 'Organic'] }];
const diameter = (values: string[]) => [{ name: 'Diameter', values, uom: 'MM' }];

export const LINES: readonly Line[] = [
  {
    partTypeId: 1684,
    name: 'Disc Brake Pad Set',
    category: 'brakes',
    positionId: 22,
    qty: 1,
    share: 6,
    price: [24, 89],
    weightLb: 3.2,
    attributes: brakeFriction,
  },
  {
    partTypeId: 1684,
    name: 'Disc Brake Pad Set',
    category: 'brakes',
    positionId: 30,
    qty: 1,
    share: 5,
    price: [22, 79],
    weightLb: 2.6,
    rear: 'disc',
    attributes: brakeFriction,
  },
  {
    partTypeId: 1896,
    name: 'Disc Brake Rotor',
    category: 'brakes',
    positionId: 22,
    qty: 2,
    share: 6,
    price: [38, 149],
    weightLb: 19,
    attributes: diameter(['280', '296', '310', '328']),
  },
  {
    partTypeId: 1896,
    name: 'Disc Brake Rotor',
    category: 'brakes',
    positionId: 30,
    qty: 2,
    share: 5,
    price: [34, 129],
    weightLb: 15,
    rear: 'disc',
    attributes: diameter(['270', '280', '300']),
  },
  {
    partTypeId: 1103,
    name: 'Disc Brake Pad Wear Sensor',
    category: 'brakes',
    positionId: 22,
    qty: 1,
    share: 3,
    price: [9, 29],
    weightLb: 0.2,
  },
  {
    partTypeId: 1104,
    name: 'Drum Brake Shoe Set',
    category: 'brakes',
    positionId: 30,
    qty: 1,
    share: 1,
    price: [26, 69],
    weightLb: 4.1,
    rear: 'drum',
    attributes: brakeFriction,
  },
  {
    partTypeId: 1105,
    name: 'Brake Drum',
    category: 'brakes',
    positionId: 30,
    qty: 2,
    share: 1,
    price: [39, 99],
    weightLb: 14,
    rear: 'drum',
    attributes: diameter(['200', '228', '254']),
  },
  { partTypeId: 1106, name: 'Brake Hydraulic Hose', category: 'brakes', positionId: 22, qty: 2, share: 2, price: [12, 34], weightLb: 0.4 },
  {
    partTypeId: 5340,
    name: 'Engine Oil Filter',
    category: 'filters',
    qty: 1,
    share: 5,
    price: [6, 19],
    weightLb: 0.8,
    attributes: [{ name: 'Thread Size', values: ['3/4-16', 'M20 x 1.5', 'M22 x 1.5'] }],
  },
  { partTypeId: 6192, name: 'Engine Air Filter', category: 'filters', qty: 1, share: 5, price: [12, 39], weightLb: 0.9 },
  {
    partTypeId: 6832,
    name: 'Cabin Air Filter',
    category: 'filters',
    qty: 1,
    share: 5,
    price: [11, 35],
    weightLb: 0.5,
    attributes: [{ name: 'Filter Media', values: ['Particulate', 'Activated Carbon'] }],
  },
  { partTypeId: 1204, name: 'Fuel Filter', category: 'filters', qty: 1, share: 2, price: [14, 49], weightLb: 0.7 },
  {
    partTypeId: 7212,
    name: 'Spark Plug',
    category: 'ignition',
    qty: 4,
    perEngine: true,
    perCylinder: true,
    share: 5,
    price: [4, 19],
    weightLb: 0.1,
    attributes: [{ name: 'Electrode Material', values: ['Iridium', 'Platinum', 'Copper'] }],
  },
  {
    partTypeId: 1302,
    name: 'Ignition Coil',
    category: 'ignition',
    qty: 4,
    perEngine: true,
    perCylinder: true,
    share: 3,
    price: [29, 89],
    weightLb: 0.9,
  },
  {
    partTypeId: 1401,
    name: 'Suspension Strut Assembly',
    category: 'suspension',
    positionId: 22,
    qty: 2,
    share: 3,
    price: [89, 229],
    weightLb: 16,
  },
  { partTypeId: 1402, name: 'Shock Absorber', category: 'suspension', positionId: 30, qty: 2, share: 3, price: [39, 119], weightLb: 6 },
  {
    partTypeId: 1403,
    name: 'Suspension Stabilizer Bar Link',
    category: 'suspension',
    positionId: 22,
    qty: 2,
    share: 2,
    price: [15, 45],
    weightLb: 1.1,
  },
  {
    partTypeId: 1501,
    name: 'Headlight Bulb',
    category: 'lighting',
    positionId: 22,
    qty: 2,
    share: 3,
    price: [9, 59],
    weightLb: 0.2,
    attributes: [{ name: 'Bulb Size', values: ['H11', 'H7', '9005', '9006', 'D4S'] }],
  },
  { partTypeId: 1502, name: 'Tail Light Assembly', category: 'lighting', positionId: 30, qty: 1, share: 2, price: [79, 249], weightLb: 5 },
  { partTypeId: 1503, name: 'Fog Light Bulb', category: 'lighting', positionId: 22, qty: 2, share: 1, price: [8, 29], weightLb: 0.1 },
  {
    partTypeId: 1601,
    name: 'Vehicle Battery',
    category: 'electrical',
    qty: 1,
    share: 4,
    price: [119, 259],
    weightLb: 41,
    attributes: [
      { name: 'Cold Cranking Amps', values: ['550', '640', '730', '850'] },
      { name: 'Group Size', values: ['35', '24F', '48', '65', '94R'] },
    ],
  },
  { partTypeId: 1602, name: 'Alternator', category: 'electrical', qty: 1, perEngine: true, share: 2, price: [149, 389], weightLb: 14 },
  { partTypeId: 1603, name: 'Starter Motor', category: 'electrical', qty: 1, perEngine: true, share: 2, price: [129, 329], weightLb: 10 },
  { partTypeId: 1701, name: 'Radiator', category: 'cooling', qty: 1, share: 2, price: [119, 349], weightLb: 18 },
  { partTypeId: 1702, name: 'Engine Water Pump', category: 'cooling', qty: 1, perEngine: true, share: 2, price: [49, 169], weightLb: 4 },
  {
    partTypeId: 1703,
    name: 'Engine Coolant Thermostat',
    category: 'cooling',
    qty: 1,
    perEngine: true,
    share: 2,
    price: [12, 45],
    weightLb: 0.5,
  },
  { partTypeId: 1801, name: 'Serpentine Belt', category: 'engine', qty: 1, perEngine: true, share: 2, price: [19, 59], weightLb: 0.6 },
  {
    partTypeId: 1802,
    name: 'Engine Timing Belt Kit',
    category: 'engine',
    qty: 1,
    perEngine: true,
    share: 2,
    price: [89, 279],
    weightLb: 5,
  },
  {
    partTypeId: 1803,
    name: 'Engine Valve Cover Gasket Set',
    category: 'engine',
    qty: 1,
    perEngine: true,
    share: 2,
    price: [19, 79],
    weightLb: 0.8,
  },
  { partTypeId: 1901, name: 'CV Axle Assembly', category: 'drivetrain', positionId: 22, qty: 2, share: 2, price: [79, 219], weightLb: 15 },
  {
    partTypeId: 1902,
    name: 'Wheel Bearing and Hub Assembly',
    category: 'drivetrain',
    positionId: 22,
    qty: 2,
    share: 2,
    price: [59, 189],
    weightLb: 8,
  },
  {
    partTypeId: 1903,
    name: 'Transmission Clutch Kit',
    category: 'drivetrain',
    qty: 1,
    perEngine: true,
    share: 1,
    price: [149, 449],
    weightLb: 22,
  },
  {
    partTypeId: 8852,
    name: 'Windshield Wiper Blade',
    category: 'wipers',
    positionId: 22,
    qty: 2,
    share: 5,
    price: [9, 34],
    weightLb: 0.6,
    attributes: [{ name: 'Blade Length', values: ['16', '18', '20', '22', '24', '26'], uom: 'IN' }],
  },
  { partTypeId: 2002, name: 'Windshield Washer Pump', category: 'wipers', qty: 1, share: 1, price: [14, 39], weightLb: 0.4 },
  {
    partTypeId: 2101,
    name: 'Catalytic Converter',
    category: 'exhaust',
    qty: 1,
    perEngine: true,
    share: 2,
    price: [189, 649],
    weightLb: 17,
  },
  { partTypeId: 2102, name: 'Exhaust Muffler', category: 'exhaust', qty: 1, share: 2, price: [69, 229], weightLb: 16 },
  { partTypeId: 2103, name: 'Oxygen Sensor', category: 'exhaust', qty: 1, perEngine: true, share: 2, price: [29, 119], weightLb: 0.4 },
  {
    partTypeId: 2201,
    name: 'Steering Tie Rod End',
    category: 'steering',
    positionId: 22,
    qty: 2,
    share: 2,
    price: [19, 59],
    weightLb: 1.2,
  },
  { partTypeId: 2202, name: 'Power Steering Pump', category: 'steering', qty: 1, share: 1, price: [89, 259], weightLb: 8 },
  { partTypeId: 2203, name: 'Rack and Pinion Assembly', category: 'steering', qty: 1, share: 1, price: [189, 549], weightLb: 30 },
];

/** A front brake kit: pads and a pair of rotors in one box, sold as one part (PIES Kits); the demo has one per common model. */
export const KIT_LINE: Line = {
  partTypeId: 1107,
  name: 'Disc Brake Kit',
  category: 'brakes',
  positionId: 22,
  qty: 1,
  share: 0,
  price: [0, 0],
  weightLb: 0,
};

/** The lines of the jobs the demo promises on each of its 30 common vehicles; an inner list is "one of these". */
export const JOBS: ReadonlyArray<{ name: string; lines: Array<Array<[number, PositionId?]>> }> = [
  { name: 'Front brake job', lines: [[[1684, 22]], [[1896, 22]], [[1103, 22]]] },
  {
    name: 'Rear brake job',
    lines: [
      [
        [1684, 30],
        [1104, 30],
      ],
      [
        [1896, 30],
        [1105, 30],
      ],
    ],
  },
  { name: 'Filters', lines: [[[5340]], [[6192]], [[6832]]] },
  { name: 'Wiper blades', lines: [[[8852, 22]]] },
  { name: 'Spark plugs', lines: [[[7212]]] },
  { name: 'Battery', lines: [[[1601]]] },
];

export const PRODUCT_LINES: Partial<Record<CategorySlug, string[]>> = {
  brakes: ['Ceramic', 'Semi-Metallic', 'Severe Duty', 'Premium'],
  filters: ['Standard', 'Extended Life', 'Premium'],
};
export const DEFAULT_PRODUCT_LINES = ['Standard', 'Premium', 'OE Replacement'];

/** EngineBase rows: id, litres, cylinders, block. */
export const ENGINES: ReadonlyArray<[number, string, number, string]> = [
  [3001, '1.8', 4, 'L'],
  [3002, '2.0', 4, 'L'],
  [3003, '2.5', 4, 'L'],
  [3004, '1.5', 4, 'L'],
  [3005, '2.4', 4, 'L'],
  [3006, '3.5', 6, 'V'],
  [3007, '3.6', 6, 'V'],
  [3008, '5.0', 8, 'V'],
  [3009, '5.3', 8, 'V'],
  [3010, '5.7', 8, 'V'],
  [3011, '1.4', 4, 'L'],
  [3012, '3.0', 6, 'L'],
  [3013, '2.0', 4, 'H'],
  [3014, '2.5', 4, 'H'],
  [3015, '3.3', 6, 'V'],
  [3016, '6.4', 8, 'V'],
  [3017, '2.5', 6, 'V'],
  [3018, '1.6', 4, 'L'],
];

/** A model's rear brakes: discs, drums, or split by submodel (the first trim drums, the second discs). */
export type RearBrake = 'disc' | 'drum' | 'split';

export interface ModelSpec {
  name: string;
  engines: number[];
  rear?: RearBrake;
}

/** Twenty makes, each with two trims and three models; the first model of the first ten makes are the common ones. */
export const MAKES: ReadonlyArray<{ name: string; trims: [string, string]; models: [ModelSpec, ModelSpec, ModelSpec] }> = [
  {
    name: 'Toyota',
    trims: ['LE', 'S'],
    models: [
      { name: 'Corolla', engines: [3001], rear: 'split' },
      { name: 'Camry', engines: [3003, 3006] },
      { name: 'RAV4', engines: [3003] },
    ],
  },
  {
    name: 'Honda',
    trims: ['LX', 'EX'],
    models: [
      { name: 'Civic', engines: [3001, 3002] },
      { name: 'Accord', engines: [3005, 3006] },
      { name: 'CR-V', engines: [3005] },
    ],
  },
  {
    name: 'Ford',
    trims: ['XL', 'XLT'],
    models: [
      { name: 'F-150', engines: [3006, 3008] },
      { name: 'Escape', engines: [3004, 3002] },
      { name: 'Explorer', engines: [3006] },
    ],
  },
  {
    name: 'Chevrolet',
    trims: ['LS', 'LT'],
    models: [
      { name: 'Silverado 1500', engines: [3009] },
      { name: 'Malibu', engines: [3004] },
      { name: 'Equinox', engines: [3005] },
    ],
  },
  {
    name: 'Nissan',
    trims: ['S', 'SV'],
    models: [
      { name: 'Altima', engines: [3003, 3006] },
      { name: 'Rogue', engines: [3003] },
      { name: 'Sentra', engines: [3001], rear: 'drum' },
    ],
  },
  {
    name: 'Hyundai',
    trims: ['SE', 'Limited'],
    models: [
      { name: 'Elantra', engines: [3001, 3002], rear: 'split' },
      { name: 'Sonata', engines: [3005] },
      { name: 'Tucson', engines: [3002] },
    ],
  },
  {
    name: 'Subaru',
    trims: ['Premium', 'Limited'],
    models: [
      { name: 'Outback', engines: [3014] },
      { name: 'Forester', engines: [3014] },
      { name: 'Impreza', engines: [3013] },
    ],
  },
  {
    name: 'Volkswagen',
    trims: ['S', 'SE'],
    models: [
      { name: 'Jetta', engines: [3011, 3001], rear: 'drum' },
      { name: 'Golf', engines: [3001] },
      { name: 'Passat', engines: [3001, 3007] },
    ],
  },
  {
    name: 'Mazda',
    trims: ['Sport', 'Touring'],
    models: [
      { name: 'Mazda3', engines: [3002, 3003] },
      { name: 'CX-5', engines: [3003] },
      { name: 'Mazda6', engines: [3003] },
    ],
  },
  {
    name: 'Jeep',
    trims: ['Laredo', 'Limited'],
    models: [
      { name: 'Grand Cherokee', engines: [3007, 3010] },
      { name: 'Wrangler', engines: [3007] },
      { name: 'Cherokee', engines: [3005] },
    ],
  },
  {
    name: 'Kia',
    trims: ['LX', 'EX'],
    models: [
      { name: 'Optima', engines: [3005] },
      { name: 'Sorento', engines: [3005, 3015] },
      { name: 'Soul', engines: [3018], rear: 'drum' },
    ],
  },
  {
    name: 'Dodge',
    trims: ['SE', 'SXT'],
    models: [
      { name: 'Charger', engines: [3007, 3010] },
      { name: 'Grand Caravan', engines: [3007] },
      { name: 'Durango', engines: [3007] },
    ],
  },
  {
    name: 'Ram',
    trims: ['Tradesman', 'Big Horn'],
    models: [
      { name: '1500', engines: [3007, 3010] },
      { name: '2500', engines: [3016] },
      { name: 'ProMaster 1500', engines: [3007] },
    ],
  },
  {
    name: 'GMC',
    trims: ['SLE', 'SLT'],
    models: [
      { name: 'Sierra 1500', engines: [3009] },
      { name: 'Terrain', engines: [3005] },
      { name: 'Acadia', engines: [3007] },
    ],
  },
  {
    name: 'BMW',
    trims: ['Base', 'xDrive'],
    models: [
      { name: '328i', engines: [3002] },
      { name: 'X3', engines: [3002] },
      { name: 'X5', engines: [3012] },
    ],
  },
  {
    name: 'Mercedes-Benz',
    trims: ['Base', '4MATIC'],
    models: [
      { name: 'C300', engines: [3002] },
      { name: 'E350', engines: [3006] },
      { name: 'GLC300', engines: [3002] },
    ],
  },
  {
    name: 'Audi',
    trims: ['Premium', 'Premium Plus'],
    models: [
      { name: 'A4', engines: [3002] },
      { name: 'Q5', engines: [3002] },
      { name: 'A6', engines: [3002, 3012] },
    ],
  },
  {
    name: 'Lexus',
    trims: ['Base', 'F Sport'],
    models: [
      { name: 'RX350', engines: [3006] },
      { name: 'ES350', engines: [3006] },
      { name: 'IS250', engines: [3017] },
    ],
  },
  {
    name: 'Volvo',
    trims: ['T5', 'T6'],
    models: [
      { name: 'XC90', engines: [3002] },
      { name: 'S60', engines: [3002] },
      { name: 'XC60', engines: [3002] },
    ],
  },
  {
    name: 'Buick',
    trims: ['Base', 'Premium'],
    models: [
      { name: 'Enclave', engines: [3007] },
      { name: 'Encore', engines: [3011] },
      { name: 'LaCrosse', engines: [3007] },
    ],
  },
];

/** Model years of each make's first, second and third model: 5 + 3 + 2 a make, 200 base vehicles in all. */
export const MODEL_YEARS: ReadonlyArray<[number, number]> = [
  [2013, 2017],
  [2015, 2017],
  [2016, 2017],
];
export const COMMON_YEARS = [2014, 2015, 2016];
export const COMMON_MAKES = 10;

/** The Qdb-like qualifier of the rotor size that decides the 2015 Corolla's front brakes. */
export const ROTOR_QUAL_ID = 20301;
export const ROTOR_SIZES = ['288', '320'] as const;
export const rotorQualText = (size: string) => `With ${size} mm front rotors`;

/** The shop's own picture of each kind of part (public/images/parts), by part type and position; lines without one send none. */
export const LINE_IMAGES: Record<string, string> = {
  '1684@22': 'ceramic-front-brake-pad-set',
  '1684@30': 'rear-disc-brake-pad-set',
  '1896@22': 'vented-front-brake-rotor-300-mm',
  '1896@30': 'solid-rear-brake-rotor-272-mm',
  '1104@30': 'rear-drum-brake-shoe-set',
  '5340@': 'spin-on-engine-oil-filter',
  '6192@': 'panel-engine-air-filter',
  '6832@': 'activated-carbon-cabin-air-filter',
  '1204@': 'diesel-fuel-filter-element',
  '7212@': 'iridium-tip-spark-plug',
  '1302@': 'pencil-ignition-coil',
  '1401@22': 'complete-front-strut-assembly-left',
  '1402@30': 'twin-tube-gas-shock-absorber',
  '1403@22': 'front-stabilizer-bar-link',
  '1501@22': 'h11-led-headlight-bulb-pair',
  '1502@30': 'led-tail-light-assembly-right',
  '1503@22': 'led-fog-light-pair',
  '1601@': '12v-flooded-battery-group-35',
  '1602@': 'remanufactured-120a-alternator',
  '1603@': 'remanufactured-starter-motor',
  '1701@': 'aluminium-core-radiator',
  '1702@': 'electric-coolant-pump',
  '1703@': 'water-pump-and-thermostat-housing-module',
  '1801@': 'multi-rib-serpentine-belt-6pk1230',
  '1802@': 'timing-belt-kit-with-water-pump',
  '1803@': 'valve-cover-gasket-set',
  '1901@22': 'cv-axle-shaft-assembly-front-left',
  '1902@22': 'front-wheel-hub-bearing-assembly-4wd',
  '1903@': '240-mm-clutch-kit',
  '8852@22': 'conventional-frame-wiper-blade-22-in',
  '2002@': 'windshield-washer-pump',
  '2101@': 'direct-fit-catalytic-converter',
  '2102@': 'stainless-steel-rear-muffler',
  '2103@': 'upstream-air-fuel-ratio-sensor',
  '2201@22': 'outer-tie-rod-end',
  '2202@': 'remanufactured-power-steering-pump',
};
export const lineKey = (line: Line) => `${line.partTypeId}@${line.positionId ?? ''}`;
