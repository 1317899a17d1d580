import 'server-only';
import { legalPath } from '@/content/legal';
import { formatPrice } from '@/lib/core/money';
import type { ReturnState } from '@/lib/core/return-fields';
import { enqueueMail } from '@/lib/mail';
import { orderPageUrl, renderEmail, type EmailContent, type EmailRow, type OrderDTO } from '@/lib/orders';
import { appUrl } from '@/lib/platform/env';
import { RETURN_REASON_LABELS } from '@/lib/validations/returns';
import type { ReturnDTO } from './types';

/** A return's emails, one per step through the outbox (`return:{id}:{step}`), to the order's email. */

export const DEFAULT_INSTRUCTIONS =
  'Pack the parts in their box, write the order number on the parcel and send it to the address on our returns page.';

const partRows = (ret: ReturnDTO): EmailRow[] =>
  ret.lines.map((line) => (line.core ? ['Core', `${line.partName} x ${line.quantity}`] : ['Part', `${line.partName} x ${line.quantity}`]));
const lessBecause = (ret: ReturnDTO) => (ret.coreOutcome?.reason ? ` (${ret.coreOutcome.reason})` : '');

function contentOf(step: ReturnState, ret: ReturnDTO, order: OrderDTO): EmailContent {
  const base = { rows: [['Order', order.number, orderPageUrl(order)] as EmailRow, ...partRows(ret)], action: viewOrder(order) };
  const hello = `Hello ${order.name},`;
  switch (step) {
    case 'requested':
      return {
        ...base,
        subject: `We received your return request for order ${order.number}`,
        intro: `${hello} we received your request to return parts of order ${order.number}. We answer within two working days.`,
        rows: [...base.rows, ['Reason', RETURN_REASON_LABELS[ret.reason]], ...(ret.vehicle ? [['Vehicle', ret.vehicle] as EmailRow] : [])],
        outro: 'Please keep the parts until we have answered.',
      };
    case 'approved':
      return {
        ...base,
        subject: `Your return for order ${order.number} is approved`,
        intro: `${hello} your return is approved. How to send the parts back: ${ret.instructions ?? DEFAULT_INSTRUCTIONS}`,
        outro: `Our returns policy: ${appUrl()}${legalPath('returns')}`,
      };
    case 'rejected':
      return {
        ...base,
        subject: `Your return for order ${order.number} was not accepted`,
        intro: `${hello} we could not accept your return request: ${ret.rejection ?? ''}`,
        outro: `Questions? Our returns policy says how to reach us: ${appUrl()}${legalPath('returns')}`,
      };
    case 'received':
      return {
        ...base,
        subject: `We received your returned parts for order ${order.number}`,
        intro: `${hello} the parts you sent back have arrived. We pay the refund next.`,
        outro: 'You will get one more email when the refund is on its way.',
      };
    case 'refunded':
      return {
        ...base,
        subject: `Your refund of ${formatPrice(ret.refundAmount)} for order ${order.number}`,
        intro: `${hello} we refunded ${formatPrice(ret.refundAmount)} to the card you paid with${lessBecause(ret)}.`,
        outro: 'Banks usually show a refund within 5 to 10 days.',
      };
    case 'forfeited':
      return {
        ...base,
        subject: `Your core deposit for order ${order.number} cannot be refunded`,
        intro: `${hello} we inspected the core you sent back and cannot refund its deposit${lessBecause(ret)}.`,
        outro: `Questions? Our returns policy says how to reach us: ${appUrl()}${legalPath('returns')}`,
      };
  }
}

const viewOrder = (order: OrderDTO) => ({ label: 'View your order', href: orderPageUrl(order) });

/** The outbox key of a return's email: once per return and step. */
export const returnEmailKey = (returnId: string, step: ReturnState) => `return:${returnId}:${step}`;

/** Queues a step's email once; never throws (enqueueMail logs a failure): an email must not fail the step. */
export async function enqueueReturnEmail(step: ReturnState, ret: ReturnDTO, order: OrderDTO): Promise<boolean> {
  return enqueueMail(returnEmailKey(ret.id, step), renderEmail(order.email, contentOf(step, ret, order)));
}
