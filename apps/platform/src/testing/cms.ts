/** Calls to the content backend (`/cms`, JSON bodies, optional Bearer JWT) for the tests. */
export interface CmsAnswer {
  status: number;
  body: {
    data?: unknown;
    meta?: { pagination?: Record<string, number> };
    /** Strapi's error shape (content/strapi-error.ts), our §8 error in `details`. */
    error?: {
      status: number;
      name: string;
      message: string;
      details: {
        type: string;
        code: string;
        invalid_parameters?: Record<string, string[]>;
        error_data?: Record<string, unknown>;
      };
    };
    [key: string]: unknown;
  };
}

export async function cmsCall(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; jwt?: string } = {},
): Promise<CmsAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.jwt) headers.authorization = `Bearer ${options.jwt}`;
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as CmsAnswer['body'] };
}

/** A content-backend JWT for an account (`/cms/auth/local`); fails loudly when sign-in does. */
export async function cmsJwt(
  baseUrl: string,
  account: { login: string; password: string },
): Promise<string> {
  const answer = await cmsCall(baseUrl, 'POST', '/cms/auth/local', {
    body: { identifier: account.login, password: account.password },
  });
  if (answer.status !== 200 || typeof answer.body.jwt !== 'string') {
    throw new Error(`${account.login} could not sign in to /cms: ${answer.status}`);
  }
  return answer.body.jwt;
}

/**
 * The §8 error of a failed answer, whichever door answered: the content backend carries it in
 * Strapi's `error.details`, every other path (`/api`, `/oauth`, `/sandbox`, `/uploads`) as the
 * body's `error`. For tests that walk paths of both kinds.
 */
export function typedError(body: unknown): CmsError | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  if (!error || typeof error !== 'object') return undefined;
  return ('details' in error ? error.details : error) as CmsError;
}

type CmsError = NonNullable<CmsAnswer['body']['error']>['details'];
