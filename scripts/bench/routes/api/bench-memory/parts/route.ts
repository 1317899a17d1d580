import { memoryTwin } from '@/scripts/bench/memory-twin';

/** GET /api/bench-memory/parts (benchmark build only): `/api/parts`'s default page, answered from memory. */
export const GET = memoryTwin('/api/parts');
