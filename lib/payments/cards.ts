import 'server-only';
/** Card checks of the offline test gateway, with Stripe's documented test cards and messages. */

/** `declined`: a valid card the bank refused (402); otherwise the card details are wrong (400). */
export type CardOutcome = { ok: true } | { ok: false; message: string; code: string; declined: boolean };

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM/YY` or `MM/YYYY`, or the same digits without the slash (`1229`), not before the current month. */
export function expiryProblem(expiry: string, now = new Date()): string | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return "Your card's expiration year is in the past.";
  return null;
}

const DECLINES: Record<string, { message: string; code: string }> = {
  '4000000000000002': { message: 'Your card was declined.', code: 'card_declined' },
  '4000000000009995': { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  '4000000000000069': { message: 'Your card has expired.', code: 'expired_card' },
  '4000000000000127': { message: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
};

export function checkCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { ok: false, message: 'Your card number is invalid.', code: 'incorrect_number', declined: false };
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) return { ok: false, message: expiry, code: 'invalid_expiry', declined: false };
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    return { ok: false, message: "Your card's security code is incomplete.", code: 'incomplete_cvc', declined: false };
  const decline = DECLINES[digits];
  return decline ? { ok: false, ...decline, declined: true } : { ok: true };
}
