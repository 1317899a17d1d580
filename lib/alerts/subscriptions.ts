import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '@/lib/auth';
import { ConflictError, NotFoundError, ValidationError, isDuplicateKey } from '@/lib/core/errors';
import { catalogSearch, getPart, vehicleLabel, type VehicleChoice } from '@/lib/catalog';
import { connectDb } from '@/lib/platform/db';
import { enforceLimits, LIMITS, perAddress } from '@/lib/rate-limit';
import type { AlertRequest } from '@/lib/validations/alerts';
import { AlertSubscription, type AlertSubscriptionDoc } from '@/models';
import { readAlertToken } from './tokens';
import { ALERT_DAYS, type AlertDTO } from './types';

export const ALERT_EMAIL_REQUIRED = 'Email is Required';
export const PART_IN_STOCK = 'This part is in stock: you can order it now';
export const vehicleInStock = (label: string) => `We have parts for your ${label} in stock now`;
export const ALERT_NOT_FOUND = 'This alert was already stopped or has ended';
const TOO_MANY_ALERTS = 'Too many alerts at once, please wait a little and try again';
const DAY_MS = 24 * 60 * 60 * 1000;

type Stored = AlertSubscriptionDoc & { _id: string };
type Target = Pick<Stored, 'kind' | 'label'> & { partId?: string; vehicle?: VehicleChoice };

export function toAlertDTO(doc: Stored): AlertDTO {
  const vehicle = doc.vehicle
    ? { year: doc.vehicle.year, make: doc.vehicle.make ?? '', model: doc.vehicle.model ?? '', engine: doc.vehicle.engine ?? null }
    : null;
  return {
    id: doc._id,
    kind: doc.kind as AlertDTO['kind'],
    partId: doc.partId ?? null,
    vehicle,
    label: doc.label,
    email: doc.email,
    createdAt: doc.createdAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
  };
}

/** The same email waiting for the same part or vehicle (names without regard to case) is one alert. */
function alertId(email: string, target: Target): string {
  const what =
    target.kind === 'part'
      ? `part:${target.partId}`
      : `vehicle:${[target.vehicle!.year, target.vehicle!.make, target.vehicle!.model, target.vehicle!.engine ?? ''].join('|').toLowerCase()}`;
  return createHash('sha256').update(`${email}|${what}`).digest('hex');
}

/** What the alert waits for: a known, out-of-stock part, or a vehicle with no fitting part in stock (404, 409 otherwise). */
async function targetOf(input: AlertRequest): Promise<Target> {
  if (input.partId) {
    const part = await getPart(input.partId);
    if (part.availableQuantity > 0) throw new ConflictError(PART_IN_STOCK);
    return { kind: 'part', partId: part._id, label: part.name };
  }
  const vehicle = { ...input.vehicle!, engine: input.vehicle!.engine ?? null };
  const label = vehicleLabel(vehicle);
  if ((await catalogSearch().partsFitting(vehicle, { inStock: true })).length) throw new ConflictError(vehicleInStock(label));
  return { kind: 'vehicle', vehicle, label };
}

const isLive = (doc: Pick<Stored, 'sentAt' | 'expiresAt'>, now: Date) => !doc.sentAt && doc.expiresAt >= now;

/**
 * POST /api/alerts: waits for the part or vehicle on behalf of the caller's email (a guest's from the body), rate limited per
 * address and email. A live alert for the same email and target answers as it is (`created: false`); one sent or ended is
 * started again. The unique `_id` keeps one document even when the same request comes twice at once.
 */
export async function subscribeToAlert(
  actor: Pick<Actor, 'email'> | null,
  input: AlertRequest,
  ip: string | null,
): Promise<{ alert: AlertDTO; created: boolean }> {
  const email = actor?.email ?? input.email;
  if (!email) throw new ValidationError(ALERT_EMAIL_REQUIRED, { email: [ALERT_EMAIL_REQUIRED] });
  await enforceLimits(
    [...perAddress('alerts:ip', ip, LIMITS.alertsPerIp), [`alerts:email:${email}`, LIMITS.alertsPerEmail]],
    TOO_MANY_ALERTS,
  );
  const target = await targetOf(input);
  await connectDb();
  const _id = alertId(email, target);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const fresh = {
      serial: randomBytes(16).toString('hex'),
      email,
      ...target,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ALERT_DAYS * DAY_MS),
    };
    try {
      const [created] = await AlertSubscription.create([{ _id, ...fresh }]);
      return { alert: toAlertDTO(created!.toObject() as Stored), created: true };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await AlertSubscription.findById(_id).lean<Stored>();
    if (existing && isLive(existing, now)) return { alert: toAlertDTO(existing), created: false };
    // Sent or ended: this request starts the alert again under a new serial (its old link and email key stay with the old one).
    if (existing) await AlertSubscription.deleteOne({ _id, serial: existing.serial });
  }
  throw new ConflictError('This alert is being changed, please try again');
}

/** DELETE /api/alerts/{token}: the alert its signed link names, removed once; a wrong, used or outdated link is 404. */
export async function unsubscribeAlert(token: string): Promise<{ deleted: true }> {
  const named = token.length <= 200 ? readAlertToken(token) : null;
  if (!named) throw new NotFoundError(ALERT_NOT_FOUND);
  await connectDb();
  const { deletedCount } = await AlertSubscription.deleteOne({ _id: named.id, serial: named.serial });
  if (!deletedCount) throw new NotFoundError(ALERT_NOT_FOUND);
  return { deleted: true };
}
