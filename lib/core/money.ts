/** Money is stored as dollars with at most two decimals and computed in integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,234.50`: the one way prices are shown. */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(toCents(value) - value * 100) < 1e-6;
}
