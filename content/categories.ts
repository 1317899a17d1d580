// Catalog categories: fixed slugs (used in URLs and on parts) with the copy shown on each category page.

export const CATEGORY_SLUGS = [
  'brakes',
  'filters',
  'ignition',
  'suspension',
  'lighting',
  'electrical',
  'cooling',
  'engine',
  'drivetrain',
  'wipers',
  'exhaust',
  'steering',
  'other',
] as const;

/** Where a part added without a category (the spec's Add Product payload) is listed. */
export const DEFAULT_CATEGORY = 'other';

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export type Category = { slug: CategorySlug; name: string; description: string };

export const CATEGORIES: readonly Category[] = [
  {
    slug: 'brakes',
    name: 'Brakes',
    description:
      'Pads, shoes, rotors and calipers for disc and drum brakes, from quiet ceramic pads for daily driving to severe-duty sets for trucks that tow.',
  },
  {
    slug: 'filters',
    name: 'Filters',
    description:
      'Oil, engine air, cabin and fuel filters that keep dirt out of your engine and your lungs. Check the service interval in your handbook and change them on time.',
  },
  {
    slug: 'ignition',
    name: 'Ignition',
    description:
      'Spark plugs and ignition coils that fire every cylinder cleanly. Fresh parts restore a smooth idle, easy starting and normal fuel economy.',
  },
  {
    slug: 'suspension',
    name: 'Suspension',
    description:
      'Shock absorbers, struts, springs, control arms and links that keep the tyres on the road and the ride comfortable. Replace them in axle pairs for balanced handling.',
  },
  {
    slug: 'lighting',
    name: 'Lighting',
    description:
      'Headlight bulbs, complete headlight and tail light assemblies and fog lamps, so you can see the road and other drivers can see you.',
  },
  {
    slug: 'electrical',
    name: 'Electrical',
    description:
      'Batteries, alternators, starters, sensors and window regulators for the systems that start the engine and keep it charged and running.',
  },
  {
    slug: 'cooling',
    name: 'Cooling',
    description:
      'Radiators, fans, water pumps and pressure caps that hold your engine at its working temperature in summer traffic and on long climbs.',
  },
  {
    slug: 'engine',
    name: 'Engine',
    description:
      'Timing belts and chains, drive belts, gaskets, mounts and service parts for the heart of the car, chosen to match the original specification.',
  },
  {
    slug: 'drivetrain',
    name: 'Drivetrain',
    description:
      'Clutch kits, drive shafts, wheel hubs and universal joints that carry engine power to the wheels without clicks, clunks or vibration.',
  },
  {
    slug: 'wipers',
    name: 'Wipers',
    description:
      'Beam, hybrid, conventional, winter and rear wiper blades plus washer pumps. Fresh blades clear rain in one sweep and should be replaced at least once a year.',
  },
  {
    slug: 'exhaust',
    name: 'Exhaust',
    description:
      'Catalytic converters, mufflers, flex pipes, gaskets and air-fuel ratio sensors that keep your car quiet, clean-running and ready for its emissions test.',
  },
  {
    slug: 'steering',
    name: 'Steering',
    description: 'Tie rods, rack boots, power steering pumps and steering dampers for precise, play-free steering and even tyre wear.',
  },
  {
    slug: 'other',
    name: 'Other parts',
    description: 'Accessories, tools and parts that do not belong to one of the categories above.',
  },
];

/** The category with this slug, if there is one. */
export const findCategory = (slug: string): Category | undefined => CATEGORIES.find((category) => category.slug === slug);
