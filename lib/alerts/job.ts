import 'server-only';
import { catalogSearch, getPartsByIds, type VehicleChoice } from '@/lib/catalog';
import { enqueueMail, isMailQueued } from '@/lib/mail';
import { connectDb } from '@/lib/platform/db';
import { AlertSubscription, type AlertSubscriptionDoc } from '@/models';
import { alertMail, alertMailKey, type AlertToSend } from './emails';

/** Subscriptions judged at a time: the parts and vehicles they name are read once per chunk. */
const CHUNK = 500;
/** The job waits this long for a loading index; a vehicle it could not judge is judged on the next run. */
const INDEX_WAIT_MS = 20_000;

type Waiting = AlertSubscriptionDoc & { _id: string };
export type AlertRunReport = { checked: number; sent: number; expired: number };

const vehicleKey = (vehicle: VehicleChoice) => [vehicle.year, vehicle.make, vehicle.model, vehicle.engine ?? ''].join('|').toLowerCase();

/** The in-stock parts' names of a chunk's part alerts (missing, archived and empty ones left out). */
async function partsInStock(chunk: Waiting[]): Promise<Map<string, string>> {
  const ids = [...new Set(chunk.flatMap((alert) => (alert.kind === 'part' && alert.partId ? [alert.partId] : [])))];
  const parts = ids.length ? await getPartsByIds(ids) : [];
  return new Map(parts.filter((part) => part.availableQuantity > 0).map((part) => [part._id, part.name]));
}

/** Whether each vehicle of a chunk's vehicle alerts has a fitting part in stock, by the search index. */
async function vehiclesServed(chunk: Waiting[]): Promise<Set<string>> {
  const served = new Set<string>();
  const vehicles = new Map(chunk.flatMap((alert) => (alert.vehicle ? [[vehicleKey(alert.vehicle), alert.vehicle]] : [])));
  for (const [key, vehicle] of vehicles) {
    try {
      if ((await catalogSearch().partsFitting(vehicle, { inStock: true, waitMs: INDEX_WAIT_MS })).length) served.add(key);
    } catch (error) {
      console.warn(`[alerts] could not judge ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return served;
}

/** Queues the email of each due alert of the chunk once (its outbox key), then marks it sent. */
async function sendChunk(chunk: Waiting[], report: AlertRunReport): Promise<void> {
  const [parts, vehicles] = await Promise.all([partsInStock(chunk), vehiclesServed(chunk)]);
  for (const alert of chunk) {
    const partName = alert.partId ? parts.get(alert.partId) : undefined;
    const due = alert.kind === 'part' ? partName !== undefined : alert.vehicle ? vehicles.has(vehicleKey(alert.vehicle)) : false;
    if (!due) continue;
    const key = alertMailKey(alert);
    if (await enqueueMail(key, alertMail(alert as AlertToSend, partName))) report.sent++;
    // Marked only once the email is surely queued: a failed enqueue leaves the alert due for the next run.
    if (await isMailQueued(key))
      await AlertSubscription.updateOne({ _id: alert._id, serial: alert.serial }, { $set: { sentAt: new Date() } });
  }
}

/**
 * The alerts job (every minute): emails each waiting, unexpired alert whose part has stock, or whose vehicle has a fitting part
 * in stock, once per subscription even when several instances run it at once (the outbox's unique key decides); removes the
 * alerts past their end, sent or not. The waiting alerts are read through one cursor.
 */
export async function sendDueAlerts({ now = new Date() }: { now?: Date } = {}): Promise<AlertRunReport> {
  await connectDb();
  const report: AlertRunReport = { checked: 0, sent: 0, expired: 0 };
  report.expired = (await AlertSubscription.deleteMany({ expiresAt: { $lt: now } })).deletedCount;
  let chunk: Waiting[] = [];
  const waiting = AlertSubscription.find({ sentAt: null, expiresAt: { $gte: now } }).lean<Waiting[]>();
  for await (const alert of waiting.cursor({ batchSize: CHUNK })) {
    chunk.push(alert as Waiting);
    report.checked++;
    if (chunk.length >= CHUNK) {
      await sendChunk(chunk, report);
      chunk = [];
    }
  }
  if (chunk.length) await sendChunk(chunk, report);
  return report;
}
