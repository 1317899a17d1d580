/** Types of lib/platform/cache-handler.mjs (plain JavaScript that Next loads at run time), for the tests. */
export default class ShopCacheHandler {
  constructor(ctx?: unknown);
  get(key: string, ctx?: unknown): Promise<{ value: unknown; lastModified: number; cacheControl: unknown } | null>;
  set(key: string, data: unknown, ctx?: unknown): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
