'use client';

import { Button } from '@/components/ui/button';

/** Prints the page; the receipt's print stylesheet leaves only the receipt on paper. */
export function PrintButton({ label = 'Print receipt' }: { label?: string }) {
  return (
    <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
      {label}
    </Button>
  );
}
