'use client';

import { useEffect, useState } from 'react';

function minutesLeft(holdUntil: string, now: number): number {
  return Math.ceil((new Date(holdUntil).getTime() - now) / 60_000);
}

export const NOT_HELD = 'These parts are not set aside for you: they are taken when you pay, if they are still in stock.';

/** Counts down, per minute in the browser, how long an unpaid order holds its parts (`held`) or may still be paid. */
export function HoldCountdown({ holdUntil, held = true }: { holdUntil: string; held?: boolean }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    // The clock is the browser's: the server HTML shows no count, so hydration always matches.
    setNow(Date.now()); // eslint-disable-line react-hooks/set-state-in-effect
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = minutesLeft(holdUntil, now);
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
      data-testid="hold-left"
    >
      {left <= 0
        ? 'The time to pay is over: this order is being cancelled.'
        : held
          ? `Pay within ${left} ${left === 1 ? 'minute' : 'minutes'} to keep these parts. After that the order is cancelled.`
          : `${NOT_HELD} Pay within ${left} ${left === 1 ? 'minute' : 'minutes'}; after that the order is cancelled.`}
    </p>
  );
}
