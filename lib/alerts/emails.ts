import 'server-only';
import { SITE_NAME } from '@/lib/core/site';
import { CATALOG_PATH, catalogHref, vehicleParams, type VehicleChoice } from '@/lib/catalog';
import { escapeHtml, oneLine, type OutboxMail } from '@/lib/mail';
import { appUrl } from '@/lib/platform/env';
import { unsubscribeUrl } from './tokens';

/** What an alert's email needs of its subscription. */
export type AlertToSend = {
  _id: string;
  serial: string;
  email: string;
  kind: 'part' | 'vehicle';
  partId?: string | null;
  vehicle?: VehicleChoice | null;
  label: string;
};

/** The outbox key: one email per subscription, however many runs (and instances) find it due. */
export const alertMailKey = (alert: Pick<AlertToSend, '_id' | 'serial'>) => `alert:${alert._id}:${alert.serial}`;

function alertWords(alert: AlertToSend, partName: string): { subject: string; body: string; action: string; link: string } {
  if (alert.kind === 'part')
    return {
      subject: `Back in stock: ${partName}`,
      body: `${partName} is back in stock at ${SITE_NAME}.`,
      action: 'See the part',
      link: `${appUrl()}/parts/${alert.partId}`,
    };
  return {
    subject: `A part for your ${alert.label} has arrived`,
    body: `We now have a part for your ${alert.label} in stock.`,
    action: 'See the parts for it',
    link: `${appUrl()}${catalogHref(CATALOG_PATH, vehicleParams(alert.vehicle ?? null))}`,
  };
}

/** The alert's email, with its one-click unsubscribe link (this alert only, sent once). */
export function alertMail(alert: AlertToSend, partName = alert.label): OutboxMail {
  const { subject, body, action, link } = alertWords(alert, oneLine(partName));
  const stop = unsubscribeUrl(alert._id, alert.serial);
  const note = 'You asked us to tell you when it arrives; we send this email once.';
  const text = `Hello,\n\n${body}\n\n${action}: ${link}\n\n${note}\nUnsubscribe: ${stop}\n\n${SITE_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello,</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#64748b;font-size:13px">${escapeHtml(note)} <a href="${escapeHtml(stop)}">Unsubscribe</a></p><p>${SITE_NAME}</p></body></html>`;
  return { to: alert.email, subject: oneLine(subject), text, html };
}
