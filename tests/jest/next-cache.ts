/**
 * `next/cache` for jest. Jest calls route handlers and renders components outside a Next.js server,
 * where no `'use cache'` scope exists (the directive is an ordinary string there and every read goes
 * to the database), so the scope's functions have nothing to tag: they do nothing. Caching itself is
 * checked against the production build (Playwright, the cluster test) and the handlers' own tests.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- the real functions' signatures, with nothing to do */
export function cacheTag(...tags: string[]): void {}
export function cacheLife(profile: unknown): void {}
export function revalidateTag(tag: string, profile: unknown): void {}
