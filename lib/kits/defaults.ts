import 'server-only';
import { Types } from 'mongoose';
import { insertMissing } from '@/lib/checkout';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import type { KitInput } from '@/lib/validations/kits';
import { JobKit, JobMark } from '@/models';
import { storedKit } from './admin';

const SEED_MARK = 'default-kits-seeded';

/** PCdb PartTerminologyIDs of the seeded lines; parts without one (the demo catalog's) match by category and a word of their name. */
const PART_TYPES = {
  brakePads: 1684,
  brakeRotor: 1896,
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
  ...fields,
});

const brakes = (side: 'front' | 'rear') => [
  line(`${side === 'front' ? 'Front' : 'Rear'} brake pads`, {
    partTypeId: PART_TYPES.brakePads,
    category: 'brakes',
    keyword: 'pad set',
    position: side,
  }),
  line(`${side === 'front' ? 'Front' : 'Rear'} brake rotors`, {
    partTypeId: PART_TYPES.brakeRotor,
    category: 'brakes',
    keyword: 'rotor',
    position: side,
    quantity: 2,
  }),
];

/** Fixed ids: two instances seeding at the same moment write the same documents, never two sets. */
export const DEFAULT_KITS: Array<KitInput & { _id: Types.ObjectId; position: number }> = [
  {
    _id: new Types.ObjectId('5eedc0de00000000000a0001'),
    name: 'Front brake job',
    position: 0,
    lines: [...brakes('front'), line('Front wear sensor', { category: 'brakes', keyword: 'wear sensor', position: 'front' })],
  },
  { _id: new Types.ObjectId('5eedc0de00000000000a0002'), name: 'Rear brake job', position: 1, lines: brakes('rear') },
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

/** Seeds the default jobs once per database: the mark keeps an admin's deletions deleted; fixed ids and the unique
 * name stop duplicates between instances. Answers whether it seeded. */
export async function ensureDefaultKits(): Promise<boolean> {
  await connectDb();
  if (await JobMark.exists({ _id: SEED_MARK })) return false;
  await insertMissing(() =>
    JobKit.insertMany(
      DEFAULT_KITS.map((kit) => ({ _id: kit._id, position: kit.position, ...storedKit(kit) })),
      { ordered: false },
    ),
  );
  try {
    await JobMark.create({ _id: SEED_MARK, upTo: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return true;
}
