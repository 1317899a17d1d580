'use client';

import { signOutTo } from '@/lib/client/sign-out';

export type JsonResult<T> = {
  ok: boolean;
  status: number;
  data: T & { error?: string; message?: string; fieldErrors?: Record<string, string[]> };
};

/** fetch with a JSON body and a JSON answer; never throws for an HTTP error (network errors become status 0). */
export async function fetchJson<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<JsonResult<T>> {
  const { json, headers, ...rest } = init;
  try {
    const res = await fetch(url, {
      ...rest,
      headers: { ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    const text = await res.text();
    let data: unknown = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      data = { error: text };
    }
    return { ok: res.ok, status: res.status, data: data as JsonResult<T>['data'] };
  } catch {
    return {
      ok: false,
      status: 0,
      data: { error: 'The shop could not be reached, please check your connection' } as JsonResult<T>['data'],
    };
  }
}

/** SPEC 4: a 401 or 403 from the part fetch or the order lists signs the user out and goes to /. */
export async function signOutOnAuthError(status: number): Promise<boolean> {
  if (status !== 401 && status !== 403) return false;
  await signOutTo('/');
  return true;
}
