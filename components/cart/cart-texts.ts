import type { CartLine, CartProblem, Quote } from '@/components/cart/types';
import { unitCount } from '@/lib/catalog/part-units';
import type { PartUnit } from '@/lib/core/part-fields';
import { formatPrice } from '@/lib/core/money';

/** What a flagged cart line tells the customer: the cart never changes a line by itself. */
export function problemText(problem: CartProblem, line: CartLine): string {
  const unit = line.unit as PartUnit;
  switch (problem) {
    case 'unavailable':
      return 'This part is no longer available. Remove it to check out.';
    case 'price-raised':
      return `The price went up from ${formatPrice(line.addedPrice)} to ${formatPrice(line.unitPrice)} since you added it.`;
    case 'price-lowered':
      return `The price went down from ${formatPrice(line.addedPrice)} to ${formatPrice(line.unitPrice)} since you added it.`;
    case 'below-minimum':
      return `The minimum order is ${unitCount(line.minimumQuantity, unit)}.`;
    case 'over-stock':
      return line.availableQuantity > 0 ? `Only ${line.availableQuantity} left in stock.` : 'Out of stock right now.';
  }
}

/** What the buyer is told of guest cart lines that did not fit into the account's cart at sign-in. */
export function leftInGuestCartText(count: number, maxLines: number): string {
  const parts = count === 1 ? '1 part' : `${count} parts`;
  return `${parts} from the cart you filled before signing in did not fit: a cart holds at most ${maxLines} different parts. Remove some to bring ${count === 1 ? 'it' : 'them'} in.`;
}

/** Problems that stop a checkout (a price change only needs the customer to see it). */
export const BLOCKING_PROBLEMS: readonly CartProblem[] = ['unavailable', 'below-minimum', 'over-stock'];

export const isBlocked = (line: CartLine) => line.problems.some((problem) => BLOCKING_PROBLEMS.includes(problem));

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Tue, Dec 1" from an ISO date (`2026-12-01`). */
export function formatDay(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** "$6.00", or "Free" for nothing. */
export const priceOrFree = (amount: number) => (amount === 0 ? 'Free' : formatPrice(amount));

/** The tax line's label, with the US state or Canadian province the postcode put the address in: "Sales tax (NY)". */
export const taxLabelOf = (quote: Pick<Quote, 'taxLabel' | 'region'>) =>
  `${quote.taxLabel || 'Tax'}${quote.region ? ` (${quote.region})` : ''}`;
