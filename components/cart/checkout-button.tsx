'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { confirmDialog } from '@/lib/client/alerts';

type CheckoutButtonProps = {
  /** A line must be fixed first (unavailable, below its minimum, over the stock). */
  blocked: boolean;
  /** The names of the lines that do not fit the active vehicle, and that vehicle's label. */
  misfits: string[];
  vehicle: string | null;
};

/** The cart's way to checkout (enabled once hydrated): a line that does not fit the active vehicle is confirmed first. */
export function CheckoutButton({ blocked, misfits, vehicle }: CheckoutButtonProps) {
  const router = useRouter();
  const hydrated = useHydrated();

  async function checkout() {
    if (misfits.length && vehicle) {
      const go = await confirmDialog({
        title: `Not for your ${vehicle}`,
        text: `${misfits.join(', ')} ${misfits.length === 1 ? 'does' : 'do'} not fit your vehicle. Check out anyway?`,
        confirmText: 'Check out anyway',
        cancelText: 'Go back',
      });
      if (!go) return;
    }
    router.push('/checkout');
  }

  return (
    <Button size="lg" className="mt-4 w-full" disabled={blocked || !hydrated} onClick={() => void checkout()}>
      Check out
    </Button>
  );
}
