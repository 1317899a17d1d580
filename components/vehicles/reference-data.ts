'use client';

import { fetchJson } from '@/lib/client/fetch-json';

/** The vehicle reference data of GET /api/vehicles, as the browser loads it: one request per list per page load. */
export type ModelYears = { model: string; years: number[]; yearsWithParts: number[] };
export type Makes = { makes: string[]; makesWithParts: string[] };
export type YearEngines = { year: number; engines: string[] };

const answers = new Map<string, Promise<unknown>>();

function load<T>(query: string): Promise<T | null> {
  if (!answers.has(query)) {
    answers.set(
      query,
      fetchJson<T>(`/api/vehicles${query}`).then((res) => {
        if (!res.ok) answers.delete(query);
        return res.ok ? res.data : null;
      }),
    );
  }
  return answers.get(query) as Promise<T | null>;
}

export const modelsQuery = (make: string) => (make ? `?make=${encodeURIComponent(make)}` : '');
export const enginesQuery = (make: string, model: string) =>
  make && model ? `${modelsQuery(make)}&model=${encodeURIComponent(model)}` : '';

export const loadMakes = async (): Promise<Makes> => (await load<Makes>('')) ?? { makes: [], makesWithParts: [] };
export const loadModels = async (query: string) => (await load<{ models: ModelYears[] }>(query))?.models ?? [];
export const loadYears = async (query: string) => (await load<{ years: YearEngines[] }>(query))?.years ?? [];
