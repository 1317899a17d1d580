import 'server-only';
import { assertCustomer, type Actor } from '@/lib/auth';
import { GARAGE_SIZE } from '@/lib/vehicles/types';
import { connectDb } from '@/lib/platform/db';
import { ConflictError, NotFoundError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { findVehicle } from '@/lib/vehicles/vehicle-list';
import type { VehicleChoice } from '@/lib/catalog';
import type { Garage } from '@/lib/vehicles/types';
import { GaragePointer, GarageVehicle } from '@/models';

/** My Garage: up to 10 saved vehicles, one active; the limit rests on unique `_id`s. */
export const GARAGE_FULL = `Your garage holds up to ${GARAGE_SIZE} vehicles: remove one to add another`;
const NOT_A_VEHICLE = 'That vehicle is not in our vehicle list';

export type { Garage, GarageEntry } from '@/lib/vehicles/types';

const slotId = (userId: string, slot: number) => `${userId}:${slot}`;
const pointerId = (userId: string) => `${userId}:active`;

export async function getGarage(actor: Actor): Promise<Garage> {
  assertCustomer(actor, 'Admins have no garage');
  await connectDb();
  const [vehicles, pointer] = await Promise.all([
    GarageVehicle.find({ userId: actor._id }).sort({ at: 1 }).lean(),
    GaragePointer.findById(pointerId(actor._id)).lean(),
  ]);
  const entries = vehicles.map((v) => ({ id: v._id, year: v.year, make: v.make, model: v.model, engine: v.engine ?? null }));
  const activeId =
    pointer && entries.some((v) => v.id === slotId(actor._id, pointer.slot))
      ? slotId(actor._id, pointer.slot)
      : (entries.at(-1)?.id ?? null);
  return { vehicles: entries, activeId };
}

/** Saves a vehicle (in the first free slot) and makes it the active one; the same vehicle twice is one entry. */
export async function addToGarage(actor: Actor, choice: VehicleChoice): Promise<Garage> {
  assertCustomer(actor, 'Admins have no garage');
  const vehicle = await findVehicle(choice);
  if (!vehicle) throw new ValidationError(NOT_A_VEHICLE);
  const garage = await getGarage(actor);
  const existing = garage.vehicles.find(
    (v) => v.year === vehicle.year && v.make === vehicle.make && v.model === vehicle.model && (v.engine ?? null) === vehicle.engine,
  );
  if (existing) return setActiveVehicle(actor, existing.id);
  const taken = new Set(garage.vehicles.map((v) => v.id));
  const key = JSON.stringify([actor._id, vehicle.year, vehicle.make, vehicle.model, vehicle.engine ?? null]);
  for (let slot = 0; slot < GARAGE_SIZE; slot++) {
    if (taken.has(slotId(actor._id, slot))) continue;
    try {
      await GarageVehicle.create({ _id: slotId(actor._id, slot), userId: actor._id, ...vehicle, engine: vehicle.engine ?? undefined, key });
      return setActiveVehicle(actor, slotId(actor._id, slot));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The same vehicle, saved at the same moment by another request: that entry is the one.
      const same = await GarageVehicle.findOne({ key }, { _id: 1 }).lean();
      if (same) return setActiveVehicle(actor, same._id);
      // Else the slot was taken by another vehicle: try the next one.
    }
  }
  throw new ConflictError(GARAGE_FULL);
}

function slotOf(actor: Actor, id: string): number {
  const match = /^(.+):(\d)$/.exec(id);
  if (!match || match[1] !== actor._id) throw new NotFoundError('Vehicle not found');
  return Number(match[2]);
}

export async function setActiveVehicle(actor: Actor, id: string): Promise<Garage> {
  assertCustomer(actor, 'Admins have no garage');
  const slot = slotOf(actor, id);
  await connectDb();
  if (!(await GarageVehicle.exists({ _id: id }))) throw new NotFoundError('Vehicle not found');
  const pointer = { _id: pointerId(actor._id) };
  await GaragePointer.updateOne(pointer, { $set: { userId: actor._id, slot } }, { upsert: true }).catch(async (error: unknown) => {
    // Two requests created the pointer at once: the other insert won, so this one updates it.
    if (!isDuplicateKey(error)) throw error;
    await GaragePointer.updateOne(pointer, { $set: { userId: actor._id, slot } });
  });
  return getGarage(actor);
}

export async function removeFromGarage(actor: Actor, id: string): Promise<Garage> {
  assertCustomer(actor, 'Admins have no garage');
  slotOf(actor, id);
  await connectDb();
  const result = await GarageVehicle.deleteOne({ _id: id });
  if (result.deletedCount === 0) throw new NotFoundError('Vehicle not found');
  return getGarage(actor);
}
