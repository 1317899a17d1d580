export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export type Page<T> = { items: T[]; total: number; page: number; limit: number };
export type PageQuery = { limit?: number; page?: number };
