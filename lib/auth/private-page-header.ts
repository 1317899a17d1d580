/** The request's path, set by proxy.ts on every /dashboard request it lets through (a client's own value is replaced). */
export const PATHNAME_HEADER = 'x-shop-pathname';
