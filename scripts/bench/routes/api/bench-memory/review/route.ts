import { memoryTwin } from '@/scripts/bench/memory-twin';

/** GET /api/bench-memory/review (benchmark build only): `/api/review`'s default page, answered from memory. */
export const GET = memoryTwin('/api/review');
