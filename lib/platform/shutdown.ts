import 'server-only';
import { flushBatchesBriefly } from '@/lib/platform/batch';

/** On SIGTERM or SIGINT under NEXT_MANUAL_SIG_HANDLE, batched writes land (at most 5 s), then the process ends. */
export function handleShutdownSignals(): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE !== 'true') return;
  const stop = () => void flushBatchesBriefly().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
