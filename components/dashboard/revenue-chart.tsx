import { formatPrice } from '@/lib/core/money';
import type { RevenueDay } from '@/lib/orders';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Revenue per day as server-drawn SVG bars (no chart library, no client script); the figure's label gives the total to screen readers. */
export function RevenueChart({ days, totalCents }: { days: RevenueDay[]; totalCents: number }) {
  const max = Math.max(1, ...days.map((day) => day.cents));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Revenue over the last ${days.length} days: ${formatPrice(totalCents / 100)}`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="stroke-slate-300" />
        {days.map((day, index) => {
          const height = (day.cents / max) * plotHeight;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <rect
              key={day.day}
              x={x}
              y={HEIGHT - PAD.bottom - height}
              width={barWidth}
              height={Math.max(height, day.cents ? 1 : 0)}
              rx={2}
              className="fill-brand-500"
            >
              <title>{`${dayLabel.format(new Date(day.day))}: ${formatPrice(day.cents / 100)} (${day.orders} ${day.orders === 1 ? 'order' : 'orders'})`}</title>
            </rect>
          );
        })}
        {first && (
          <text x={PAD.left} y={HEIGHT - 6} className="fill-slate-500 text-[11px]">
            {dayLabel.format(new Date(first))}
          </text>
        )}
        {last && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-slate-500 text-[11px]">
            {dayLabel.format(new Date(last))}
          </text>
        )}
        <text x={PAD.left} y={PAD.top} className="fill-slate-500 text-[11px]">
          {formatPrice(max / 100)}
        </text>
      </svg>
      <figcaption className="text-sm text-slate-500">Paid orders per day (UTC), by the day they were paid.</figcaption>
    </figure>
  );
}
