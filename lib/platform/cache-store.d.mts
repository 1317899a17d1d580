/** Types of lib/platform/cache-store.mjs (plain JavaScript that Next loads at run time), for the tests. */
export type TagTimes = { stale?: number; expired?: number };
export const MAX_TAG_TIMES: number;
export function cacheStore(): {
  name: string;
  readTagTimes(wanted: string[]): Promise<Map<string, TagTimes>>;
  raiseTagTimes(updates: Array<[string, TagTimes]>): Promise<void>;
};
