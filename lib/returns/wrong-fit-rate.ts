import 'server-only';
import { Types } from 'mongoose';
import { assertAdmin, type Actor } from '@/lib/auth';
import { unitsDelivered, vehicleWords } from '@/lib/orders';
import { connectDb } from '@/lib/platform/db';
import { Part, Return } from '@/models';
import type { WrongFitRateDTO, WrongFitRatesDTO } from './types';

/**
 * The wrong-fit rate (issue 47 item 5): units returned as "does not fit" (rejected returns aside) over units delivered, per
 * part, brand and vehicle. Computed on demand for an admin, one cursor over the returns and one over the delivered orders.
 */

/** The lines shown per table: the worst rates first. */
const SHOWN = 50;

type Tally = Map<string, { label: string; returned: number; delivered: number }>;

const add = (tally: Tally, key: string, label: string, returned: number, delivered: number) => {
  const entry = tally.get(key) ?? { label, returned: 0, delivered: 0 };
  entry.returned += returned;
  entry.delivered += delivered;
  tally.set(key, entry);
};

/** Returned over delivered; null when nothing was delivered (a rate of nothing is no rate). */
export const wrongFitRate = (returned: number, delivered: number): number | null => (delivered > 0 ? returned / delivered : null);

function rows(tally: Tally): WrongFitRateDTO[] {
  return [...tally]
    .filter(([, entry]) => entry.returned > 0)
    .map(([key, { label, returned, delivered }]) => ({ key, label, returned, delivered, rate: wrongFitRate(returned, delivered) }))
    .sort((a, b) => (b.rate ?? Infinity) - (a.rate ?? Infinity) || b.returned - a.returned || a.label.localeCompare(b.label))
    .slice(0, SHOWN);
}

type UnfitReturn = { vehicle?: string; vin?: string; lines: Array<{ partId: Types.ObjectId; partName: string; quantity: number }> };

/** Every part's name and brand, in one pass (the delivered parts can be most of the catalog). */
async function partNames(): Promise<Map<string, { name: string; brand?: string }>> {
  const names = new Map<string, { name: string; brand?: string }>();
  const cursor = Part.collection.find<{ _id: Types.ObjectId; name: string; brand?: string }>(
    {},
    { projection: { name: 1, brand: 1 }, batchSize: 1000 },
  );
  for await (const part of cursor) names.set(String(part._id), part);
  return names;
}

export async function wrongFitRates(actor: Actor): Promise<WrongFitRatesDTO> {
  assertAdmin(actor);
  await connectDb();
  const delivered = await unitsDelivered();
  const returned = {
    byPart: new Map<string, { name: string; units: number }>(),
    byVehicle: new Map<string, { label: string; units: number }>(),
  };
  const cursor = Return.collection.find<UnfitReturn>(
    { reason: 'does-not-fit', state: { $ne: 'rejected' } },
    { projection: { vehicle: 1, vin: 1, lines: 1 }, batchSize: 1000 },
  );
  for await (const ret of cursor) {
    const label = ret.vehicle?.trim() || (ret.vin ? `VIN ${ret.vin}` : 'Not named');
    for (const line of ret.lines) {
      const part = returned.byPart.get(String(line.partId)) ?? { name: line.partName, units: 0 };
      returned.byPart.set(String(line.partId), { name: part.name, units: part.units + line.quantity });
      const vehicle = returned.byVehicle.get(vehicleWords(label)) ?? { label, units: 0 };
      returned.byVehicle.set(vehicleWords(label), { label: vehicle.label, units: vehicle.units + line.quantity });
    }
  }
  const ids = [...new Set([...returned.byPart.keys(), ...delivered.byPart.keys()])];
  const byId = await partNames();
  const partTally: Tally = new Map();
  const brandTally: Tally = new Map();
  for (const id of ids) {
    const units = returned.byPart.get(id)?.units ?? 0;
    const sent = delivered.byPart.get(id) ?? 0;
    const part = byId.get(id);
    add(partTally, id, part?.name ?? returned.byPart.get(id)?.name ?? id, units, sent);
    const brand = part?.brand || 'No brand';
    add(brandTally, brand.toLowerCase(), brand, units, sent);
  }
  const vehicleTally: Tally = new Map();
  for (const [key, { label, units }] of returned.byVehicle) add(vehicleTally, key, label, units, delivered.byVehicle.get(key) ?? 0);
  return { parts: rows(partTally), brands: rows(brandTally), vehicles: rows(vehicleTally) };
}
