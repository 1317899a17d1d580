import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { Types } from 'mongoose';
import { insertMissing } from '@/lib/checkout';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import type { KitInput } from '@/lib/validations/kits';
import { JobKit, JobMark } from '@/models';
import { storedKit } from './admin';

const SEED_MARK = 'default-kits-seeded';
/** Set once a database seeded before alternatives has had its default Rear brake job given them (or kept the admin's). */
const REAR_ALTERNATIVES_MARK = 'default-kits-rear-alternatives';

/** PCdb PartTerminologyIDs of the seeded lines; parts without one (the demo catalog's) match by category and a word of their name. */
const PART_TYPES = {
  brakePads: 1684,
  brakeRotor: 1896,
  brakeShoes: 1104,
  brakeDrum: 1105,
  oilFilter: 5340,
  airFilter: 6192,
  cabinFilter: 6832,
  sparkPlug: 7212,
  wiperBlade: 8852,
} as const;

const line = (label: string, fields: Partial<KitInput['lines'][number]>) => ({
  label,
  partTypeId: null,
  category: null,
  keyword: null,
  position: null,
  quantity: 1,
  perCylinder: false,
  alternatives: [],
  ...fields,
});

const pads = (side: 'front' | 'rear') =>
  ({ partTypeId: PART_TYPES.brakePads, category: 'brakes', keyword: 'pad set', position: side }) as const;
const rotors = (side: 'front' | 'rear') =>
  ({ partTypeId: PART_TYPES.brakeRotor, category: 'brakes', keyword: 'rotor', position: side }) as const;

const FRONT_BRAKES = [line('Front brake pads', pads('front')), line('Front brake rotors', { ...rotors('front'), quantity: 2 })];

/** Rear discs where the car has them, else drums: shoes and drums are the alternatives. */
const REAR_BRAKES = [
  line('Rear pads or shoes', {
    ...pads('rear'),
    alternatives: [{ partTypeId: PART_TYPES.brakeShoes, category: 'brakes', keyword: 'shoe', position: 'rear' }],
  }),
  line('Rear rotors or drums', {
    ...rotors('rear'),
    quantity: 2,
    alternatives: [{ partTypeId: PART_TYPES.brakeDrum, category: 'brakes', keyword: 'drum', position: 'rear' }],
  }),
];

/** The Rear brake job as seeded before alternatives: a database still holding it exactly gets REAR_BRAKES. */
const OLD_REAR_BRAKES = [line('Rear brake pads', pads('rear')), line('Rear brake rotors', { ...rotors('rear'), quantity: 2 })];

const REAR_KIT_ID = new Types.ObjectId('5eedc0de00000000000a0002');

/** Fixed ids: two instances seeding at the same moment write the same documents, never two sets. */
export const DEFAULT_KITS: Array<KitInput & { _id: Types.ObjectId; position: number }> = [
  {
    _id: new Types.ObjectId('5eedc0de00000000000a0001'),
    name: 'Front brake job',
    position: 0,
    lines: [...FRONT_BRAKES, line('Front wear sensor', { category: 'brakes', keyword: 'wear sensor', position: 'front' })],
  },
  { _id: REAR_KIT_ID, name: 'Rear brake job', position: 1, lines: REAR_BRAKES },
  {
    _id: new Types.ObjectId('5eedc0de00000000000a0003'),
    name: 'Service job',
    position: 2,
    lines: [
      line('Oil filter', { partTypeId: PART_TYPES.oilFilter, category: 'filters', keyword: 'oil filter' }),
      line('Air filter', { partTypeId: PART_TYPES.airFilter, category: 'filters', keyword: 'engine air filter' }),
      line('Cabin filter', { partTypeId: PART_TYPES.cabinFilter, category: 'filters', keyword: 'cabin' }),
      line('Spark plugs', {
        partTypeId: PART_TYPES.sparkPlug,
        category: 'ignition',
        keyword: 'spark plug',
        quantity: 4,
        perCylinder: true,
      }),
      line('Wiper blades', { partTypeId: PART_TYPES.wiperBlade, category: 'wipers', keyword: 'wiper blade' }),
    ],
  },
];

/** Gives a database seeded before alternatives the new Rear brake job, once, and only where the job is still exactly as
 * seeded: an admin's edit or deletion stands. Instances racing write the same lines. */
async function upgradeRearBrakes(): Promise<void> {
  if (await JobMark.exists({ _id: REAR_ALTERNATIVES_MARK })) return;
  const kit = await JobKit.findById(REAR_KIT_ID).lean();
  const old = storedKit({ name: 'Rear brake job', lines: OLD_REAR_BRAKES });
  if (kit && isDeepStrictEqual(storedKit(kit as KitInput).lines, old.lines))
    await JobKit.updateOne(
      { _id: REAR_KIT_ID, updatedAt: kit.updatedAt },
      { $set: { lines: storedKit({ ...old, lines: REAR_BRAKES }).lines } },
    );
  await markOnce(REAR_ALTERNATIVES_MARK);
}

async function markOnce(mark: string): Promise<void> {
  try {
    await JobMark.create({ _id: mark, upTo: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Seeds the default jobs once per database: the mark keeps an admin's deletions deleted; fixed ids and the unique
 * name stop duplicates between instances. Answers whether it seeded. */
export async function ensureDefaultKits(): Promise<boolean> {
  await connectDb();
  if (await JobMark.exists({ _id: SEED_MARK })) {
    await upgradeRearBrakes();
    return false;
  }
  await insertMissing(() =>
    JobKit.insertMany(
      DEFAULT_KITS.map((kit) => ({ _id: kit._id, position: kit.position, ...storedKit(kit) })),
      { ordered: false },
    ),
  );
  await markOnce(SEED_MARK);
  await markOnce(REAR_ALTERNATIVES_MARK);
  return true;
}
