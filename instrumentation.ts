/**
 * Runs once when a server process starts: the background jobs of lib/platform/jobs.ts, in the Node.js
 * runtime only and never during `next build`, whose workers load this file too.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startBackgroundJobs } = await import('@/lib/platform/jobs');
  startBackgroundJobs();
}
