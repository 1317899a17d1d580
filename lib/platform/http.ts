import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import {
  AppError,
  CatalogLoadingError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnsupportedMediaError,
  ValidationError,
  isCatalogLoading,
  type FieldErrors,
} from '@/lib/core/errors';
import { isDatabaseFailure } from '@/lib/platform/db';
import { withPrivacy } from '@/lib/platform/private-answers';

type ModelIssue = { kind?: string; path?: string; properties?: { maxlength?: number } };

/**
 * A value a model refuses that the request's schema let through: the caller's input, so a 400 naming the field, never
 * a 500. It happens where the two count differently: zod counts a string's characters, Mongoose's maxlength its UTF-16
 * units (a label of 34 characters with emoji is 41 units). Matched by name, as each bundle may hold its own mongoose.
 */
function modelRefusal(error: unknown): ValidationError | null {
  const issues = (error as { name?: string; errors?: Record<string, ModelIssue> } | null)?.errors;
  if ((error as { name?: string } | null)?.name !== 'ValidationError' || !issues || error instanceof AppError) return null;
  const fieldErrors: FieldErrors = {};
  for (const [path, issue] of Object.entries(issues)) {
    const field = path.charAt(0).toUpperCase() + path.slice(1);
    const max = issue.properties?.maxlength;
    (fieldErrors[path] ??= []).push(issue.kind === 'maxlength' && max ? `${field} is at most ${max} characters` : `${field} is not valid`);
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  return first ? new ValidationError(first, fieldErrors) : null;
}

/** `{ error }` with the status: the one error shape of every API answer. */
export function errorResponse(error: unknown, extra: Record<string, unknown> = {}): NextResponse {
  error = modelRefusal(error) ?? error;
  // The search engine's, made by another bundle's copy of lib/core/errors.ts: not an AppError here.
  if (isCatalogLoading(error) && !(error instanceof AppError)) error = new CatalogLoadingError();
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { error: error.message, ...error.details, ...extra };
    if (error instanceof ValidationError && Object.keys(error.fieldErrors).length) body.fieldErrors = error.fieldErrors;
    const headers: Record<string, string> = {};
    if (error.closeConnection) headers.Connection = 'close';
    if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError)
      headers['Retry-After'] = String(error.retryAfterSeconds);
    return NextResponse.json(body, { status: error.status, headers });
  }
  if (isDatabaseFailure(error)) {
    return NextResponse.json(
      { error: 'The shop database is unavailable, please try again shortly' },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  console.error(error);
  return NextResponse.json({ error: 'Something went wrong, please try again' }, { status: 500 });
}

type Params = Record<string, string | string[]>;
type Handler<P extends Params> = (req: NextRequest, params: P) => Promise<Response>;

/** Wraps a route handler: awaits params and turns any thrown error into its JSON answer (`errorBody` adds fields like `success: false`). */
export function route<P extends Params = Record<string, never>>(
  handler: Handler<P>,
  { errorBody = {} }: { errorBody?: Record<string, unknown> } = {},
) {
  return async (req: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    try {
      return withPrivacy(req, await handler(req, (await context?.params) ?? ({} as P)));
    } catch (error) {
      // Next.js's own signals (a route found dynamic while the build prerenders it) are Next's to handle. Imported here, not
      // above: scripts run under tsx (npm run import, the seed) load this module, and next/navigation needs React's client build.
      const { unstable_rethrow } = await import('next/navigation');
      unstable_rethrow(error);
      return withPrivacy(req, errorResponse(error, errorBody));
    }
  };
}

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type RouteHandler = (req: NextRequest) => Promise<Response>;

/** The `Allow` list of a route that implements `methods` (Next.js answers HEAD and OPTIONS of a GET route itself). */
export function allowHeader(methods: readonly string[]): string {
  const allowed = new Set(methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  return [...allowed].join(', ');
}

export function methodNotAllowed(allow: string): NextResponse {
  return NextResponse.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: allow } });
}

type Others<T> = Record<Exclude<Method, keyof T> | 'OPTIONS', RouteHandler>;

/** JSON 405 with `Allow` for unimplemented methods, and OPTIONS: `export const { POST, OPTIONS } = otherMethods({ GET })`. */
export function otherMethods<T extends Partial<Record<Method, unknown>>>(implemented: T): Others<T> {
  const allow = allowHeader(Object.keys(implemented));
  const refuse: RouteHandler = async () => methodNotAllowed(allow);
  const handlers: Record<string, RouteHandler> = {
    OPTIONS: async () => new NextResponse(null, { status: 204, headers: { Allow: allow } }),
  };
  for (const method of METHODS) if (!(method in implemented)) handlers[method] = refuse;
  return handlers as Others<T>;
}

export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** Parses input with a zod schema; a failure is a 400 whose message is the first problem found. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fieldErrors = toFieldErrors(result.error);
    throw new ValidationError(result.error.issues[0]?.message ?? 'Invalid input', fieldErrors);
  }
  return result.data;
}

/** The largest JSON body any endpoint accepts. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
export const JSON_ONLY = 'Send the body as JSON (Content-Type: application/json)';

/**
 * The largest body the shipped nginx passes on to the app (deploy/nginx.conf's client_max_body_size; the import upload
 * has its own, `importLimits().frontBytes`). A refused body within it is read to its end and thrown away before the
 * answer: a connection the app closes while nginx is still sending the body fails that request (502, or an answer cut
 * short) and marks the instance down for every visitor for 5 s. Past it, which only a client without nginx can send,
 * the answer says `Connection: close` instead.
 */
export const FRONT_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

/** The body up to `maxBytes`, 413 one byte past it; a refused body is drained up to `drainUpTo` (above). */
export async function readBodyBytes(
  req: Request,
  maxBytes: number,
  tooLarge = 'The request body is too large',
  drainUpTo = FRONT_BODY_LIMIT_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > drainUpTo) throw refusedUnread(new PayloadTooLargeError(tooLarge));
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        const error = new PayloadTooLargeError(tooLarge);
        if (!(await drainBody(() => reader.read(), total, drainUpTo))) refusedUnread(error);
        throw error;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads and throws away the rest of a refused body while the bytes read in all (`read` so far) stay within `upTo`.
 * True when the body ended there; false past it, or when the client went away.
 */
export async function drainBody(next: () => Promise<IteratorResult<Uint8Array>>, read: number, upTo: number): Promise<boolean> {
  try {
    for (let total = read; total <= upTo;) {
      const chunk = await next();
      if (chunk.done) return true;
      total += chunk.value.byteLength;
    }
  } catch {
    // The client stopped sending: nothing more can be read.
  }
  return false;
}

/** Marks an error whose request's body is left unread: its answer closes the connection. */
export function refusedUnread<E extends AppError>(error: E): E {
  error.closeConnection = true;
  return error;
}

/** `application/json` or any `application/...+json`, parameters (charset) aside. */
export function isJsonContentType(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/** A JSON body (at most 100 kB, Content-Type JSON, else 413 or 415), parsed with the schema; `drainUpTo` as readBodyBytes has it. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, drainUpTo?: number): Promise<z.output<S>> {
  if (!isJsonContentType(req.headers.get('content-type'))) throw new UnsupportedMediaError(JSON_ONLY);
  const bytes = await readBodyBytes(req, JSON_BODY_LIMIT_BYTES, 'The request body is larger than 100 kB', drainUpTo);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ValidationError('The request body must be JSON');
  }
  return parseInput(schema, body);
}

export function searchParamsOf(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

/** A page of a list: the items as the body, the paging in headers (the spec's answers are plain arrays). */
export function pageResponse<T>(page: { items: T[]; total: number; page: number; limit: number }): NextResponse {
  return NextResponse.json(page.items, { headers: pageHeaders(page) });
}

/** pageResponse for items already serialized: `json` is their JSON array. */
export function pageJsonResponse(json: string, page: { total: number; page: number; limit: number }): NextResponse {
  return new NextResponse(json, { headers: { 'Content-Type': 'application/json', ...pageHeaders(page) } });
}

function pageHeaders(page: { total: number; page: number; limit: number }): Record<string, string> {
  return { 'X-Total-Count': String(page.total), 'X-Page': String(page.page), 'X-Limit': String(page.limit) };
}
