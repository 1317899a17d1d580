import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { AppError, TooManyRequestsError, ValidationError, isDatabaseDown, type FieldErrors } from '@/lib/errors';

/** `{ error }` with the status: the one error shape of every API answer. */
export function errorResponse(error: unknown, extra: Record<string, unknown> = {}): NextResponse {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { error: error.message, ...extra };
    if (error instanceof ValidationError && Object.keys(error.fieldErrors).length) body.fieldErrors = error.fieldErrors;
    const headers: HeadersInit = {};
    if (error instanceof TooManyRequestsError) headers['Retry-After'] = String(error.retryAfterSeconds);
    return NextResponse.json(body, { status: error.status, headers });
  }
  if (isDatabaseDown(error)) {
    return NextResponse.json({ error: 'The shop database is unavailable, please try again shortly' }, { status: 503 });
  }
  console.error(error);
  return NextResponse.json({ error: 'Something went wrong, please try again' }, { status: 500 });
}

type Params = Record<string, string | string[]>;
type Handler<P extends Params> = (req: NextRequest, params: P) => Promise<Response>;

/** Wraps a route handler: awaits its params and turns any thrown error into its JSON answer. */
export function route<P extends Params = Record<string, never>>(handler: Handler<P>) {
  return async (req: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    try {
      return await handler(req, (await context?.params) ?? ({} as P));
    } catch (error) {
      return errorResponse(error);
    }
  };
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

export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await req.json();
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
  return NextResponse.json(page.items, {
    headers: { 'X-Total-Count': String(page.total), 'X-Page': String(page.page), 'X-Limit': String(page.limit) },
  });
}
