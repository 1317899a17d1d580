/** Types of lib/platform/use-cache-handler.mjs (plain JavaScript that Next loads at run time), for the tests. */
import type { CacheHandler } from 'next/cache';
declare const useCacheHandler: CacheHandler;
export default useCacheHandler;
