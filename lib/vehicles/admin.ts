import 'server-only';
import { assertAdmin, type Actor } from '@/lib/auth';
import { changedFields, recordAudit } from '@/lib/audit';
import { ConflictError, NotFoundError, isDuplicateKey } from '@/lib/core/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageQuery } from '@/lib/core/pagination';
import { connectDb } from '@/lib/platform/db';
import type { VehicleGenerationEdit, VehicleGenerationInput } from '@/lib/validations/vehicles';
import { generationId, type GenerationDoc } from '@/lib/vehicles/vcdb-generations';
import type { VehicleGenerationDTO } from '@/lib/vehicles/types';
import { forgetReferenceData } from '@/lib/vehicles/vehicle-list';
import { Vehicle } from '@/models';
import type { VehicleDoc } from '@/models/vehicle';

/** The admin's side of the vehicle list (issue 46): generations added and edited by hand, audited. */

type Admin = Pick<Actor, '_id' | 'email' | 'isAdmin'>;

const toDTO = (doc: GenerationDoc): VehicleGenerationDTO => ({
  id: doc._id,
  make: doc.make,
  model: doc.model,
  yearFrom: doc.yearFrom,
  yearTo: doc.yearTo,
  engines: doc.engines.map(({ name, yearFrom, yearTo }) => ({ name, yearFrom, yearTo })),
  fromVcdb: doc.makeId !== undefined && doc.makeId !== null,
});
const audited = ({ make, model, yearFrom, yearTo, engines }: VehicleGenerationDTO) => ({ make, model, yearFrom, yearTo, engines });
const target = (generation: VehicleGenerationDTO) => ({
  kind: 'vehicle' as const,
  id: generation.id,
  label: `${generation.make} ${generation.model} ${generation.yearFrom}-${generation.yearTo}`,
});
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');

/** The generations, by make, model and first year; `make` keeps one make's (any case). */
export async function listVehicleGenerations(actor: Admin, query: PageQuery & { make?: string }): Promise<Page<VehicleGenerationDTO>> {
  assertAdmin(actor);
  await connectDb();
  const filter = query.make ? { make: exactly(query.make) } : {};
  const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = query.page ?? 1;
  const [docs, total] = await Promise.all([
    Vehicle.find(filter)
      .sort({ make: 1, model: 1, yearFrom: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<GenerationDoc[]>(),
    Vehicle.countDocuments(filter),
  ]);
  return { items: docs.map(toDTO), total, page, limit };
}

/** The input with the make and model spelled as the list already has them, refused when its years overlap another generation's. */
async function checked(input: VehicleGenerationInput, id?: string): Promise<VehicleGenerationInput> {
  const siblings = await Vehicle.find({ make: exactly(input.make) }).lean<GenerationDoc[]>();
  const make = siblings[0]?.make ?? input.make;
  const ofModel = siblings.filter((doc) => doc.model.toLowerCase() === input.model.toLowerCase() && doc._id !== id);
  const overlap = ofModel.find((doc) => doc.yearFrom <= input.yearTo && doc.yearTo >= input.yearFrom);
  if (overlap)
    throw new ConflictError(
      `The ${overlap.make} ${overlap.model} of ${overlap.yearFrom}-${overlap.yearTo} overlaps these years: edit that one`,
    );
  return { ...input, make, model: ofModel[0]?.model ?? input.model };
}

/** One generation, for the edit form; null when it is gone. */
export async function getVehicleGeneration(actor: Admin, id: string): Promise<VehicleGenerationDTO | null> {
  assertAdmin(actor);
  await connectDb();
  const doc = await Vehicle.findById(id).lean<GenerationDoc>();
  return doc ? toDTO(doc) : null;
}

export async function addVehicleGeneration(actor: Admin, input: VehicleGenerationInput): Promise<VehicleGenerationDTO> {
  assertAdmin(actor);
  await connectDb();
  const fields = await checked(input);
  const doc = { _id: generationId(fields.make, fields.model, fields.yearFrom), ...fields };
  try {
    await Vehicle.create(doc);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(`The ${fields.make} ${fields.model} of ${fields.yearFrom} is already in the list`);
    throw error;
  }
  forgetReferenceData();
  const added = toDTO(doc);
  await recordAudit(actor, { action: 'vehicle.create', target: target(added), after: audited(added) });
  return added;
}

export async function editVehicleGeneration(actor: Admin, { id, ...input }: VehicleGenerationEdit): Promise<VehicleGenerationDTO> {
  assertAdmin(actor);
  await connectDb();
  const stored = await Vehicle.findById(id).lean<GenerationDoc>();
  if (!stored) throw new NotFoundError('Vehicle not found');
  const fields = await checked(input, id);
  const result = await Vehicle.updateOne({ _id: id }, { $set: fields as Partial<VehicleDoc> }, { runValidators: true });
  if (!result.matchedCount) throw new NotFoundError('Vehicle not found');
  forgetReferenceData();
  const before = toDTO(stored);
  const after = toDTO({ ...stored, ...fields });
  const changes = changedFields(audited(before), audited(after));
  if (Object.keys(changes.before).length) await recordAudit(actor, { action: 'vehicle.update', target: target(after), ...changes });
  return after;
}
