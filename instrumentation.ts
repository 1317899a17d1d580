/**
 * Runs once when a server process starts: the background jobs of lib/jobs.ts, in the Node.js
 * runtime only and never during `next build`, whose workers load this file too.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startBackgroundJobs } = await import('@/lib/jobs');
  startBackgroundJobs();
}
