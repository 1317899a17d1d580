/**
 * Runs once when a server process starts: the domains' hooks (lib/register-hooks.ts) and the background jobs of lib/jobs/jobs.ts, in the Node.js
 * runtime only and never during `next build`, whose workers load this file too. Not on Vercel
 * (`VERCEL=1`): a function keeps no timers between requests, so Vercel Cron calls the same jobs
 * through `/api/cron/{job}` (vercel.json) and an order's emails go out after its response (lib/mail/outbox.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { registerDomainHooks } = await import('@/lib/register-hooks');
  registerDomainHooks();
  const { handleShutdownSignals } = await import('@/lib/platform/shutdown');
  handleShutdownSignals();
  const { env, onVercel } = await import('@/lib/platform/env');
  if (onVercel()) {
    if (!env().REDIS_URL)
      console.warn('[cache] REDIS_URL is not set: each function instance keeps its own cache (docs/operations.md, Caching on Vercel)');
    return;
  }
  const { startBackgroundJobs } = await import('@/lib/jobs');
  startBackgroundJobs();
}
