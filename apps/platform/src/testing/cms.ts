import type { StaffRole } from '@northstar/contract';
import { staffTab } from './staff.ts';
import type { TestServer } from './test-server.ts';

/**
 * Calls to the content backend (`/cms`, JSON bodies) for the tests: as a content editor (the
 * back-office session and the marker header, `cmsEditor`), as a player (a Bearer JWT, for what
 * is a player's own), or as a visitor.
 */
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

/**
 * A content editor as `/cms` sees one (issue #30): a staff account with `roles` (`content` by
 * default) signed in to the back office (password and authenticator code), as the headers its
 * writes carry: the `ns_staff` session cookie and the marker header. `at` is the server's clock.
 */
export interface CmsEditor {
  id: number;
  login: string;
  headers: { cookie: string; 'x-app-client': string };
}

export async function cmsEditor(
  server: Pick<TestServer, 'database' | 'browser'>,
  roles: readonly StaffRole[] = ['content'],
  at: () => Date = () => new Date(),
): Promise<CmsEditor> {
  let cookie = '';
  const browser = server.browser();
  const tab: typeof fetch = async (input, init) => {
    const response = await browser(input, init);
    const line = response.headers.getSetCookie().find((set) => set.startsWith('ns_staff='));
    if (line) cookie = line.split(';')[0]!;
    return response;
  };
  const signedIn = await staffTab(server, roles, at, tab);
  if (!cookie) throw new Error(`${signedIn.login} got no back-office session`);
  return {
    id: signedIn.id,
    login: signedIn.login,
    headers: { cookie, 'x-app-client': 'web/2.34' },
  };
}

export async function cmsCall(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; jwt?: string; editor?: CmsEditor } = {},
): Promise<CmsAnswer> {
  const headers: Record<string, string> = options.editor ? { ...options.editor.headers } : {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.jwt) headers.authorization = `Bearer ${options.jwt}`;
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as CmsAnswer['body'] };
}

/**
 * A content-backend JWT for an account (`/cms/auth/local`: a player's, for `users/me` and the
 * like; it writes no content); fails loudly when sign-in does.
 */
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
