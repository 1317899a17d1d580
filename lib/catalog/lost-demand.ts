import 'server-only';
import { assertAdmin, type Actor } from '@/lib/auth/policy';
import { connectDb } from '@/lib/platform/db';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import { LostDemand } from '@/models';

/**
 * Lost demand: searches that found nothing and vehicles no part fits, recorded as they happen and
 * grouped for the admin, most frequent first. Recording never fails the search that noticed it.
 */
const normalise = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);

async function record(entry: { kind: 'search' | 'vehicle'; term?: string; vehicle?: string }): Promise<void> {
  try {
    await connectDb();
    await LostDemand.create(entry);
  } catch (error) {
    console.error('[lost-demand] could not record', entry, error);
  }
}

export function recordSearchMiss(term: string, vehicle: VehicleChoice | null): Promise<void> {
  return record({ kind: 'search', term: normalise(term), vehicle: vehicle ? vehicleLabel(vehicle) : undefined });
}

export function recordVehicleMiss(vehicle: VehicleChoice): Promise<void> {
  return record({ kind: 'vehicle', vehicle: vehicleLabel(vehicle) });
}

export type DemandRow = { label: string; count: number; lastAt: string; vehicles: string[] };
export type LostDemandReport = { searches: DemandRow[]; vehicles: DemandRow[]; since: string };

/** The last `days` of lost demand, grouped (admins). Reads at most `limit` recent entries. */
export async function listLostDemand(actor: Pick<Actor, 'isAdmin'>, { days = 30, limit = 20_000 } = {}): Promise<LostDemandReport> {
  assertAdmin(actor);
  await connectDb();
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const entries = await LostDemand.find({ at: { $gte: since } })
    .sort({ at: -1 })
    .limit(limit)
    .lean();
  const group = (kind: 'search' | 'vehicle', labelOf: (entry: (typeof entries)[number]) => string | undefined | null) => {
    const rows = new Map<string, DemandRow>();
    for (const entry of entries.filter((e) => e.kind === kind)) {
      const label = labelOf(entry);
      if (!label) continue;
      const row = rows.get(label) ?? { label, count: 0, lastAt: entry.at.toISOString(), vehicles: [] };
      row.count++;
      if (kind === 'search' && entry.vehicle && !row.vehicles.includes(entry.vehicle) && row.vehicles.length < 5)
        row.vehicles.push(entry.vehicle);
      rows.set(label, row);
    }
    return [...rows.values()].sort((a, b) => b.count - a.count || b.lastAt.localeCompare(a.lastAt)).slice(0, 100);
  };
  return { searches: group('search', (e) => e.term), vehicles: group('vehicle', (e) => e.vehicle), since: since.toISOString() };
}
