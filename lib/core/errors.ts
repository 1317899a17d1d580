/** Domain errors. `lib/platform/http.ts` turns each into its HTTP status; nothing else decides statuses. */
export class AppError extends Error {
  readonly status: number = 500;
  /** Fields the error's JSON answer carries beside `error` (a checkout's new quote). */
  details: Record<string, unknown> = {};
  /** Set when the rest of the request's body was left unread: the answer says `Connection: close` (lib/platform/http.ts). */
  closeConnection = false;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }

  /** Names the form field the message belongs to (`fieldErrors` in the answer). */
  withField(field: string): this {
    this.details = { ...this.details, fieldErrors: { [field]: [this.message] } };
    return this;
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationError extends AppError {
  override readonly status = 400;
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

export class UnauthorizedError extends AppError {
  override readonly status = 401;
  constructor(message = 'Please sign in first') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  override readonly status = 403;
  constructor(message = 'You are not allowed to do this') {
    super(message);
  }
}

export class NotFoundError extends AppError {
  override readonly status = 404;
  constructor(message = 'Not found') {
    super(message);
  }
}

export class ConflictError extends AppError {
  override readonly status = 409;
}

/** The request is well formed but contradicts an earlier one (an Idempotency-Key sent again with another body). */
export class UnprocessableError extends AppError {
  override readonly status = 422;
}

export class PayloadTooLargeError extends AppError {
  override readonly status = 413;
}

export class UnsupportedMediaError extends AppError {
  override readonly status = 415;
}

export class TooManyRequestsError extends AppError {
  override readonly status = 429;
  constructor(
    message = 'Too many attempts, please wait a little and try again',
    readonly retryAfterSeconds = 60,
  ) {
    super(message);
  }
}

/** The client disconnected before its work started: nothing was done, and nobody reads the answer. */
export class ClientGoneError extends AppError {
  // 499: the status proxies log for a request its client closed.
  override readonly status = 499;
  constructor() {
    super('The client went away before its request was handled');
  }
}

export class PaymentError extends AppError {
  override readonly status = 402;
}

export class ServiceUnavailableError extends AppError {
  override readonly status = 503;
  constructor(
    message = 'The service is temporarily unavailable, please try again shortly',
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}

/** The catalog search is still loading its index (a first start reads every part): 503 with Retry-After. */
export class CatalogLoadingError extends ServiceUnavailableError {
  readonly catalogLoading = true;
  constructor() {
    super('The catalog is still loading, please try again in a moment', 5);
  }
}

/** A CatalogLoadingError, also from another bundle's copy of this module, where `instanceof` fails. */
export function isCatalogLoading(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { catalogLoading?: unknown }).catalogLoading === true;
}

const DB_DOWN_ERRORS = new Set([
  'MongooseServerSelectionError',
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoPoolClosedError',
  'MongoServerClosedError',
  'MongoClientClosedError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoWaitQueueTimeoutError',
  'MongoOperationTimeoutError',
  'DatabaseUnavailableError',
]);

/** Server codes meaning "not now", not "not this": time limit, host unreachable, shutdown, primary change. */
const DB_DOWN_CODES = new Set([6, 7, 50, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/** The errors a failure carries within it: its `cause`, and a bulk write's `errorResponse` (the network error that cut it short). */
function innerErrors(error: Error): unknown[] {
  return [error.cause, (error as { errorResponse?: unknown }).errorResponse];
}

/** True when the database is unreachable or too busy (503, never 500), also for driver errors wrapped by our writes. */
export function isDatabaseDown(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (DB_DOWN_ERRORS.has(error.name) || DB_DOWN_CODES.has((error as { code?: unknown }).code as number)) return true;
  return innerErrors(error).some((inner) => isDatabaseDown(inner, depth + 1));
}

/** True for a MongoDB duplicate-key error (E11000), the signal every exactly-once rule rests on. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
