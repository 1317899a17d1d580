import { LineFit } from '@/components/orders/line-fit';
import { formatPrice } from '@/lib/core/money';
import { CORE_TEXT } from '@/lib/core/texts';

/** An order's money as the API reports it (issue 29); a spec order has no `lines` and shows as one line of its part. */
export type OrderMoney = {
  partId: string;
  partName: string;
  price: number;
  quantity: number;
  total: number;
  lines?: Array<{
    partId: string;
    partName: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    core?: { unitPrice: number; quantity: number; lineTotal: number };
    fit?: { text: string };
  }> | null;
  subtotal?: number | null;
  shipping?: { label: string; amount: number; minDays?: number; maxDays?: number } | null;
  discount?: { code: string; amount: number } | null;
  tax?: number | null;
};

export function orderLinesOf(order: OrderMoney) {
  return order.lines?.length
    ? order.lines
    : [
        {
          partId: order.partId,
          partName: order.partName,
          unitPrice: order.price,
          quantity: order.quantity,
          lineTotal: order.price * order.quantity,
        },
      ];
}

/** The order's lines and amounts as a table (order page, payment page, receipt). */
export function OrderAmounts({ order, totalLabel = 'Total' }: { order: OrderMoney; totalLabel?: string }) {
  const lines = orderLinesOf(order);
  const rows: Array<[string, string, string]> = [];
  if (order.subtotal != null && (order.shipping || order.discount || order.tax)) {
    rows.push(['Subtotal', formatPrice(order.subtotal), 'order-subtotal']);
    if (order.discount && order.discount.amount > 0)
      rows.push([`Discount (${order.discount.code})`, `-${formatPrice(order.discount.amount)}`, 'order-discount']);
    if (order.shipping)
      rows.push([
        `Shipping: ${order.shipping.label}`,
        order.shipping.amount === 0 ? 'Free' : formatPrice(order.shipping.amount),
        'order-shipping',
      ]);
    if (order.tax != null) rows.push(['Tax', formatPrice(order.tax), 'order-tax']);
  }
  return (
    <table className="w-full text-sm" data-testid="order-amounts">
      <thead className="border-b border-slate-200 text-left text-slate-500">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Part
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="hidden py-2 pl-3 text-right font-medium sm:table-cell">
            Price
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.flatMap((line) => [
          <tr key={line.partId} className="border-b border-slate-100" data-testid="order-line">
            <td className="py-2 pr-2 break-words text-slate-900">
              {line.partName}
              <LineFit line={line} />
            </td>
            <td className="py-2 pl-3 text-right tabular-nums">{line.quantity}</td>
            <td className="hidden py-2 pl-3 text-right tabular-nums sm:table-cell">{formatPrice(line.unitPrice)}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(line.lineTotal)}</td>
          </tr>,
          ...('core' in line && line.core
            ? [
                <tr key={`${line.partId}-core`} className="border-b border-slate-100" data-testid="order-core-line">
                  <td className="py-2 pr-2 break-words text-slate-700">{CORE_TEXT.lineOf(line.partName)}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{line.core.quantity}</td>
                  <td className="hidden py-2 pl-3 text-right tabular-nums sm:table-cell">{formatPrice(line.core.unitPrice)}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(line.core.lineTotal)}</td>
                </tr>,
              ]
            : []),
        ])}
      </tbody>
      <tfoot>
        {rows.map(([label, value, testId]) => (
          <tr key={testId}>
            <th scope="row" colSpan={3} className="pt-2 pr-3 text-right font-normal text-slate-600">
              {label}
            </th>
            <td className="pt-2 text-right text-slate-900 tabular-nums" data-testid={testId}>
              {value}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={3} className="pt-3 pr-3 text-right font-semibold text-slate-900">
            {totalLabel}
          </th>
          <td className="pt-3 text-right font-bold text-slate-900 tabular-nums" data-testid="order-total">
            {formatPrice(order.total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** An order placed through checkout (several lines, or shipping): shown with its full amounts. */
export function isDetailed(order: OrderMoney): boolean {
  return Boolean((order.lines && order.lines.length > 1) || order.lines?.some((line) => line.core) || order.shipping || order.discount);
}

export type StructuredAddress = {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
};

/** A checkout address on separate lines, as on a parcel. */
export function addressLines(address: StructuredAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2 ?? '',
    [address.city, address.region].filter(Boolean).join(', '),
    `${address.postalCode} ${address.country}`,
  ].filter(Boolean);
}

/** Where an order goes, as on a parcel, and its phone; `email` adds the customer's address (admins see it). */
export function ShipTo({
  order,
  email = false,
}: {
  order: { name: string; address: string; phone: string; email: string; shippingAddress?: StructuredAddress | null };
  email?: boolean;
}) {
  const lines = order.shippingAddress ? addressLines(order.shippingAddress) : [order.name, order.address];
  return (
    <div className="text-sm">
      <p className="text-slate-500">Ship to</p>
      <address className="break-words text-slate-900 not-italic" data-testid="order-address">
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
        {order.phone}
        {email && (
          <>
            <br />
            <span className="break-all">{order.email}</span>
          </>
        )}
      </address>
    </div>
  );
}
