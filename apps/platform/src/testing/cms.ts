/** Calls to the content backend (`/cms`, JSON bodies, optional Bearer JWT) for the tests. */
export interface CmsAnswer {
  status: number;
  body: {
    data?: unknown;
    meta?: { pagination?: Record<string, number> };
    error?: { type: string; code: string; invalid_parameters?: Record<string, string[]> };
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
