import { NextResponse } from 'next/server';
import { runCronJob } from '@/lib/jobs';
import { otherMethods, route } from '@/lib/platform/http';

type Params = { job: string };

/** GET /api/cron/{job}: runs one background job (lib/jobs/jobs.ts) for Vercel Cron; needs `Authorization: Bearer <CRON_SECRET>`. */
export const GET = route<Params>(async (req, { job }) =>
  NextResponse.json(await runCronJob(req.headers.get('authorization'), job), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
