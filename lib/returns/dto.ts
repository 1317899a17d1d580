import 'server-only';
import type { Types } from 'mongoose';
import { fromCents } from '@/lib/core/money';
import type { CoreOutcome, ReturnReason, ReturnState } from '@/lib/core/return-fields';
import type { ReturnDoc } from '@/models/return';
import type { ReturnDTO, ReturnEventDTO } from './types';

export type LeanReturn = ReturnDoc & { _id: Types.ObjectId; createdAt: Date };

const STAMPED = ['approved', 'rejected', 'received', 'refunded', 'forfeited'] as const;

export function toReturnDTO(ret: LeanReturn): ReturnDTO {
  const state = ret.state as ReturnState;
  const events: ReturnEventDTO[] = [{ step: 'requested', at: new Date(ret.createdAt).toISOString() }];
  for (const step of STAMPED) {
    const at = ret.steps?.[step]?.at;
    if (at) events.push({ step, at: new Date(at).toISOString() });
  }
  return {
    id: String(ret._id),
    orderId: String(ret.orderId),
    orderNumber: ret.orderNumber,
    email: ret.email,
    state,
    reason: ret.reason as ReturnReason,
    note: ret.note ?? null,
    vehicle: ret.vehicle ?? null,
    vin: ret.vin ?? null,
    mismatch: ret.mismatch ?? null,
    lines: ret.lines.map((line) => ({
      partId: String(line.partId),
      partName: line.partName,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      ...(line.core ? { core: true as const } : {}),
      state: line.outcome === 'written-off' ? 'written-off' : state,
    })),
    refundAmount: fromCents(ret.refundCents),
    instructions: ret.instructions ?? null,
    rejection: ret.rejection ?? null,
    coreOutcome: ret.coreOutcome?.outcome
      ? { outcome: ret.coreOutcome.outcome as CoreOutcome, reason: ret.coreOutcome.reason ?? null }
      : null,
    createdAt: new Date(ret.createdAt).toISOString(),
    events,
  };
}
