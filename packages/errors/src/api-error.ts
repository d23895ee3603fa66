import {
  ERROR_CATALOGUE,
  errorTypeName,
  parseErrorTypeName,
  type ErrorType,
  type ErrorTypeName,
} from './catalogue.ts';

/** Field name → §5 dictionary codes (`required`, `email`, `min_length`, …). */
export type InvalidParameters = Record<string, string[]>;

/** The failure body of the application API (architecture.md "API conventions"). */
export interface ApiErrorBody {
  error: {
    type: ErrorTypeName;
    code: string;
    message: string;
    invalid_parameters?: InvalidParameters;
    error_data?: Record<string, unknown>;
  };
}

export interface ApiErrorExtra {
  invalid_parameters?: InvalidParameters;
  error_data?: Record<string, unknown>;
}

/** The status and body the server answers for an error of `type`. */
export function apiErrorBody(
  type: ErrorType,
  message: string,
  extra?: ApiErrorExtra,
): { status: number; body: ApiErrorBody } {
  const entry = ERROR_CATALOGUE[type];
  const error: ApiErrorBody['error'] = { type: errorTypeName(type), code: entry.code, message };
  if (extra?.invalid_parameters) error.invalid_parameters = extra.invalid_parameters;
  if (extra?.error_data) error.error_data = extra.error_data;
  return { status: entry.status, body: { error } };
}

export interface ApiErrorOptions {
  /** Defaults to the catalogue status of the type. */
  status?: number;
  /** Defaults to the catalogue code of the type. */
  code?: string;
  invalidParameters?: InvalidParameters;
  errorData?: Record<string, unknown>;
  cause?: unknown;
}

/** An application API failure, on either side of the wire. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly type: ErrorType;
  readonly status: number;
  readonly code: string;
  readonly invalidParameters: InvalidParameters;
  readonly errorData: Record<string, unknown>;

  constructor(type: ErrorType, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const entry = ERROR_CATALOGUE[type];
    this.type = type;
    this.status = options.status ?? entry.status;
    this.code = options.code ?? entry.code;
    this.invalidParameters = options.invalidParameters ?? {};
    this.errorData = options.errorData ?? {};
  }

  /** The wire body for this error (the server's reply). */
  toBody(): ApiErrorBody {
    const extra: ApiErrorExtra = {};
    if (Object.keys(this.invalidParameters).length > 0) {
      extra.invalid_parameters = this.invalidParameters;
    }
    if (Object.keys(this.errorData).length > 0) extra.error_data = this.errorData;
    const { body } = apiErrorBody(this.type, this.message, extra);
    body.error.code = this.code;
    return body;
  }

  /**
   * Reads a failed response. Never throws: a body that is not an API error body (HTML from a
   * proxy, the content backend's shape, nothing at all) becomes UnknownError with the HTTP
   * status; parts that are malformed are dropped.
   */
  static fromResponse(status: number, body: unknown): ApiError {
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    const httpStatus = Number.isInteger(status) && status > 0 ? status : 500;
    const type = (typeof error?.type === 'string' && parseErrorTypeName(error.type)) || null;
    const message =
      typeof error?.message === 'string' && error.message !== ''
        ? error.message
        : `HTTP ${httpStatus}`;
    return new ApiError(type ?? 'UnknownError', message, {
      status: httpStatus,
      code:
        type && typeof error?.code === 'string' && error.code !== ''
          ? error.code
          : ERROR_CATALOGUE[type ?? 'UnknownError'].code,
      invalidParameters: readInvalidParameters(error?.invalid_parameters),
      errorData: isRecord(error?.error_data) ? error.error_data : {},
    });
  }
}

/**
 * True for an `ApiError`, also one built by another copy of this package (a remote bundling its
 * own), where `instanceof` fails.
 */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (value instanceof Error &&
      value.name === 'ApiError' &&
      typeof (value as Partial<ApiError>).type === 'string' &&
      typeof (value as Partial<ApiError>).status === 'number')
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only `field: string[]` pairs; a lone string becomes a one-item list. */
function readInvalidParameters(value: unknown): InvalidParameters {
  if (!isRecord(value)) return {};
  const result: InvalidParameters = {};
  for (const [field, codes] of Object.entries(value)) {
    const list = typeof codes === 'string' ? [codes] : Array.isArray(codes) ? codes : [];
    const strings = list.filter((c): c is string => typeof c === 'string');
    if (strings.length > 0) result[field] = strings;
  }
  return result;
}
