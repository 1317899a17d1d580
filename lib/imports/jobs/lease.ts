import 'server-only';
import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from '@/lib/core/errors';
import { ImportLease } from '@/models';
import type { ImportPhase } from '@/models/import-job';

/** How long a phase's worker counts as alive without renewing; it renews every LEASE_BEAT_MS. */
export const LEASE_MS = 30_000;
export const LEASE_BEAT_MS = 5_000;

export type Lease = {
  id: string;
  jobId: string;
  phase: ImportPhase;
  generation: number;
  owner: string;
  /** False once another worker took the phase over (this one stalled past its lease): stop writing. */
  held(): Promise<boolean>;
  renew(): Promise<void>;
  release(): Promise<void>;
};

const leaseId = (jobId: string, phase: ImportPhase, generation: number) => `${jobId}:${phase}#${generation}`;

/**
 * Claims a phase of a job: the next generation is inserted when the newest lease was released or ran out.
 * Answers null when a live worker holds it or another worker inserted the same generation first.
 */
export async function claimLease(jobId: string, phase: ImportPhase, now = Date.now()): Promise<Lease | null> {
  const newest = await ImportLease.findOne({ jobId, phase }).sort({ generation: -1 }).lean();
  if (newest && !newest.releasedAt && newest.leaseUntil.getTime() > now) return null;
  const generation = (newest?.generation ?? 0) + 1;
  const owner = randomUUID();
  try {
    await ImportLease.create({
      _id: leaseId(jobId, phase, generation),
      jobId,
      phase,
      generation,
      owner,
      leaseUntil: new Date(now + LEASE_MS),
    });
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
  return leaseOf(jobId, phase, generation, owner);
}

/**
 * Starts a phase once: generation 0, inserted already released, marks that the phase was asked for (Apply pressed
 * twice, or by two admins at once, starts it once). Answers false when it was started before.
 */
export async function markPhaseStarted(jobId: string, phase: ImportPhase, by: string): Promise<boolean> {
  const now = new Date();
  try {
    await ImportLease.create({ _id: leaseId(jobId, phase, 0), jobId, phase, generation: 0, owner: by, leaseUntil: now, releasedAt: now });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Who started a phase and when (generation 0), or null when it was never started. */
export async function phaseStart(jobId: string, phase: ImportPhase): Promise<{ owner: string; at: Date } | null> {
  const start = await ImportLease.findById(leaseId(jobId, phase, 0), { owner: 1, at: 1 }).lean();
  return start ? { owner: start.owner, at: start.at } : null;
}

/** Who started a phase (generation 0's owner), or null when it was never started. */
export async function phaseStarter(jobId: string, phase: ImportPhase): Promise<string | null> {
  return (await phaseStart(jobId, phase))?.owner ?? null;
}

/** True while a worker holds a lease of the job that it has neither released nor let run out: it may be reading the file. */
export async function workerHolds(jobId: string, now = new Date()): Promise<boolean> {
  return Boolean(await ImportLease.exists({ jobId, releasedAt: null, leaseUntil: { $gt: now } }));
}

function leaseOf(jobId: string, phase: ImportPhase, generation: number, owner: string): Lease {
  const id = leaseId(jobId, phase, generation);
  return {
    id,
    jobId,
    phase,
    generation,
    owner,
    held: async () => !(await ImportLease.exists({ _id: leaseId(jobId, phase, generation + 1) })),
    renew: async () => {
      await ImportLease.updateOne({ _id: id, owner }, { $set: { leaseUntil: new Date(Date.now() + LEASE_MS) } });
    },
    release: async () => {
      await ImportLease.updateOne({ _id: id, owner }, { $set: { releasedAt: new Date() } });
    },
  };
}
