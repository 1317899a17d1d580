import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import { issueApiToken } from '@/lib/auth/api-token';
import { authSecret } from '@/lib/platform/env';
import type { UserDTO } from '@/lib/auth/users';

export const BASE_URL = 'http://localhost:3000';

// Any route handler: its params type is whatever the route declares.
type Handler = (req: NextRequest, context: { params: Promise<never> }) => Promise<Response>;

export type As = UserDTO | { bearer: string } | null;

export type CallOptions = {
  method?: string;
  params?: Record<string, string | string[]>;
  body?: unknown;
  /** Raw body (string or FormData) instead of JSON. */
  rawBody?: BodyInit;
  as?: As;
  /** Origin header; defaults to the shop's own origin. `null` sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** The request's signal, as Next passes it: aborted when the client disconnects. */
  signal?: AbortSignal;
};

export type ApiResult<T = unknown> = { status: number; body: T; headers: Headers };

/** A session cookie exactly as next-auth writes it for this user. */
export async function sessionCookieFor(
  user: Pick<UserDTO, '_id' | 'email' | 'name' | 'sessionVersion'>,
  maxAgeSeconds?: number,
): Promise<string> {
  const token = await encode({
    token: { sub: user._id, email: user.email, name: user.name, sv: user.sessionVersion },
    secret: authSecret(),
    maxAge: maxAgeSeconds,
  });
  return `next-auth.session-token=${token}`;
}

export async function bearerFor(user: Pick<UserDTO, '_id' | 'email' | 'sessionVersion'>, maxAgeSeconds?: number): Promise<string> {
  return issueApiToken({ id: user._id, email: user.email, sessionVersion: user.sessionVersion }, maxAgeSeconds);
}

/** Calls a route handler in-process, as the given user (session cookie) or bearer token. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
export async function callRoute<T = any>(handler: Handler, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  if (options.origin !== null && method !== 'GET') headers.set('origin', options.origin ?? BASE_URL);
  if (options.as && 'bearer' in options.as) headers.set('authorization', `Bearer ${options.as.bearer}`);
  else if (options.as) headers.set('cookie', [headers.get('cookie'), await sessionCookieFor(options.as)].filter(Boolean).join('; '));
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const req = new NextRequest(new URL(path, BASE_URL), { method, headers, body, signal: options.signal });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) as Promise<never> });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
