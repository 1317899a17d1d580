import 'server-only';
import { releaseCodes } from '@/lib/checkout';
import { scheduleFitCheck } from '@/lib/fit-confirmations';
import { onOrderDelivered, onOrderRelease } from '@/lib/orders';

/** The hooks one domain registers with a lower one; called once per process (instrumentation.ts, the jest setup). */
export function registerDomainHooks(): void {
  onOrderRelease(releaseCodes);
  onOrderDelivered(scheduleFitCheck);
}
