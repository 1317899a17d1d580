import 'server-only';
import { assertAdmin, type Actor } from '@/lib/auth';
import { connectDb } from '@/lib/platform/db';
import { isDuplicateKey } from '@/lib/core/errors';
import { vehicleLabel, type VehicleChoice } from '@/lib/catalog/fitment';
import { addressBucket } from '@/lib/rate-limit';
import { LostDemandDay, LostDemandVisit } from '@/models';

/** Lost demand per label and day; an address counts a label once a day and at most this many labels, so one client cannot flood the
 * report. Recording never fails the search. */
export const PER_ADDRESS_PER_DAY = 30;
const REPORT_ROWS = 100;
const VEHICLES_PER_TERM = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an address's visits are kept: the longest period the report is asked for, and a margin. */
const VISIT_DAYS = 100;

type Kind = 'search' | 'vehicle';

const normalise = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** Counts the label of the day once for this address; false when the address counted it already or used its share. */
async function countsOnce(kind: Kind, label: string, day: string, address: string): Promise<boolean> {
  const now = Date.now();
  // Occasional clean-up where the server has no TTL indexes (FerretDB v1).
  if (Math.random() < 0.01) await LostDemandVisit.deleteMany({ expiresAt: { $lt: new Date(now) } });
  let visit;
  try {
    visit = await LostDemandVisit.create({ address, day, kind, label, expiresAt: new Date(now + VISIT_DAYS * DAY_MS) });
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
  // Counted after the insert, so concurrent searches of one address see each other's places.
  if ((await LostDemandVisit.countDocuments({ address, day })) <= PER_ADDRESS_PER_DAY) return true;
  await LostDemandVisit.deleteOne({ _id: visit._id });
  return false;
}

async function record(kind: Kind, label: string, address: string | null, vehicle?: string): Promise<void> {
  try {
    await connectDb();
    const now = new Date();
    const day = dayOf(now);
    if (address && !(await countsOnce(kind, label, day, addressBucket(address)))) return;
    const update = { $inc: { count: 1 }, $set: { lastAt: now } };
    try {
      await LostDemandDay.updateOne({ kind, label, day }, update, { upsert: true });
    } catch (error) {
      // Two first counts of the day at once: the loser's upsert meets the winner's document.
      if (!isDuplicateKey(error)) throw error;
      await LostDemandDay.updateOne({ kind, label, day }, update);
    }
    if (vehicle)
      await LostDemandDay.updateOne(
        { kind, label, day, vehicles: { $ne: vehicle }, [`vehicles.${VEHICLES_PER_TERM - 1}`]: { $exists: false } },
        { $push: { vehicles: vehicle } },
      );
  } catch (error) {
    console.error('[lost-demand] could not record', { kind, label }, error);
  }
}

export function recordSearchMiss(term: string, vehicle: VehicleChoice | null, address: string | null): Promise<void> {
  const label = normalise(term);
  return label ? record('search', label, address, vehicle ? vehicleLabel(vehicle) : undefined) : Promise.resolve();
}

export function recordVehicleMiss(vehicle: VehicleChoice, address: string | null): Promise<void> {
  return record('vehicle', vehicleLabel(vehicle), address);
}

/** `count`: the times it was counted (once per address and day); `addresses`: the distinct addresses that did. */
export type DemandRow = { label: string; count: number; addresses: number; lastAt: string; vehicles: string[] };
export type LostDemandReport = { searches: DemandRow[]; vehicles: DemandRow[]; since: string };

/** The last `days` of lost demand, grouped by label, the 100 most frequent of each kind (admins). */
export async function listLostDemand(actor: Pick<Actor, 'isAdmin'>, { days = 30 } = {}): Promise<LostDemandReport> {
  assertAdmin(actor);
  await connectDb();
  const since = new Date(Date.now() - days * DAY_MS);
  const sinceDay = dayOf(since);
  const counts = await LostDemandDay.find({ day: { $gte: sinceDay } }, { kind: 1, label: 1, count: 1, vehicles: 1, lastAt: 1 }).lean();
  const rows = { search: new Map<string, DemandRow>(), vehicle: new Map<string, DemandRow>() };
  for (const entry of counts) {
    const byLabel = rows[entry.kind as Kind];
    const row = byLabel.get(entry.label) ?? {
      label: entry.label,
      count: 0,
      addresses: 0,
      lastAt: entry.lastAt.toISOString(),
      vehicles: [],
    };
    row.count += entry.count;
    if (entry.lastAt.toISOString() > row.lastAt) row.lastAt = entry.lastAt.toISOString();
    for (const vehicle of entry.vehicles ?? [])
      if (row.vehicles.length < VEHICLES_PER_TERM && !row.vehicles.includes(vehicle)) row.vehicles.push(vehicle);
    byLabel.set(entry.label, row);
  }
  const top = async (kind: Kind) => {
    const list = [...rows[kind].values()].sort((a, b) => b.count - a.count || b.lastAt.localeCompare(a.lastAt)).slice(0, REPORT_ROWS);
    if (!list.length) return list;
    const visits = await LostDemandVisit.find(
      { kind, label: { $in: list.map((row) => row.label) }, day: { $gte: sinceDay } },
      { label: 1, address: 1 },
    ).lean();
    const addresses = new Map<string, Set<string>>();
    for (const visit of visits) {
      let seen = addresses.get(visit.label);
      if (!seen) addresses.set(visit.label, (seen = new Set()));
      seen.add(visit.address);
    }
    for (const row of list) row.addresses = addresses.get(row.label)?.size ?? 0;
    return list;
  };
  return { searches: await top('search'), vehicles: await top('vehicle'), since: since.toISOString() };
}
