import type { ApiErrorBody } from '@northstar/errors';

/** Strapi's error names by HTTP status (its `errors` utility and koa's for the rest). */
const STRAPI_NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
  431: 'RequestHeaderFieldsTooLargeError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
};

/** What `/cms` answers on failure: Strapi 5's body, with our §8 error in `details`. */
export interface StrapiErrorBody {
  data: null;
  error: {
    status: number;
    name: string;
    message: string;
    details: ApiErrorBody['error'] & {
      /** Strapi's validation list: one `{ path, message, name }` per field and code. */
      errors?: { path: string[]; message: string; name: 'ValidationError' }[];
    };
  };
}

/**
 * The content backend answers failures as Strapi does (`{ data: null, error: { status, name,
 * message, details } }`), so that Strapi clients (`@strapi/client`, the admin's fetchers) read
 * them. Our typed §8 error (type, code, invalid parameters, error data) rides in `details`, where
 * Strapi puts what it knows beyond the message; invalid parameters are also listed in Strapi's
 * `details.errors` form.
 */
export function strapiErrorBody(status: number, body: ApiErrorBody): StrapiErrorBody {
  const details: StrapiErrorBody['error']['details'] = { ...body.error };
  const invalid = body.error.invalid_parameters;
  if (invalid) {
    details.errors = Object.entries(invalid).flatMap(([field, codes]) =>
      codes.map((code) => ({ path: [field], message: code, name: 'ValidationError' as const })),
    );
  }
  return {
    data: null,
    error: {
      status,
      name: STRAPI_NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'ApplicationError'),
      message: body.error.message,
      details,
    },
  };
}

/** The content backend's paths, whose failures take Strapi's shape. */
export const isContentBackendUrl = (url: string) => /^\/cms(?:[/?]|$)/.test(url);
