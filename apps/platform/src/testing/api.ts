/** Raw `/api` calls for the platform's own tests (the api-client has its own suite). */
export interface ApiAnswer {
  status: number;
  body: {
    data?: unknown;
    error?: {
      type: string;
      code: string;
      message: string;
      invalid_parameters?: Record<string, string[]>;
      error_data?: Record<string, unknown>;
    };
  };
}

export async function apiCall(
  fetcher: typeof fetch,
  path: string,
  params: Record<string, string | number | boolean | undefined> = {},
  options: { method?: 'GET' | 'POST'; marker?: boolean } = {},
): Promise<ApiAnswer> {
  const method = options.method ?? 'GET';
  const url = new URL(`/api/${path}`, 'http://placeholder');
  url.searchParams.set('v', '2.34');
  url.searchParams.set('locale', 'en-US');
  const init: RequestInit = {
    method,
    headers: options.marker === false ? {} : { 'X-App-Client': 'web/2.34' },
  };
  if (method === 'GET') {
    for (const [k, v] of Object.entries(params))
      if (v !== undefined) url.searchParams.set(k, String(v));
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, String(v));
    init.body = form;
  }
  const response = await fetcher(url.pathname + url.search, init);
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
}

export const post = (
  fetcher: typeof fetch,
  path: string,
  params: Record<string, string | number | boolean | undefined> = {},
) => apiCall(fetcher, path, params, { method: 'POST' });
export const get = (
  fetcher: typeof fetch,
  path: string,
  params: Record<string, string | number | boolean | undefined> = {},
) => apiCall(fetcher, path, params);

/** The body of the newest message the sandbox outbox sent to a recipient. */
export async function lastMailBody(fetcher: typeof fetch, recipient: string): Promise<string> {
  const response = await fetcher('/dev/mail.json');
  const mails = (await response.json()) as { recipient: string; body: string }[];
  const mail = mails.find((m) => m.recipient === recipient);
  if (!mail) throw new Error(`no mail to ${recipient}`);
  return mail.body;
}

/** The newest code the sandbox outbox sent to a recipient. */
export async function lastCode(fetcher: typeof fetch, recipient: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await lastMailBody(fetcher, recipient))?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/**
 * The profile fields the seeded site config's registration form asks for (content/seed.ts
 * `forms.registration`), which `auth/register` requires again on the server.
 */
export const REGISTRATION_PROFILE = {
  country_code: 'US',
  region: 'NV',
  first_name: 'Test',
  last_name: 'Player',
  birth_date: '1990-01-15',
} as const;

/**
 * A new player signed up through `auth/register` (the seeded form's fields, a known password) in
 * a browser of its own: that browser, signed in, and the player's id.
 */
export async function registerPlayer(
  browser: typeof fetch,
  email: string,
  currency = 'USD',
  extra: Record<string, string> = {},
): Promise<{ tab: typeof fetch; uid: number }> {
  const answer = await post(browser, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: 'Secret-123',
    currency,
    terms: '1',
    ...extra,
  });
  if (answer.status !== 200) throw new Error(`sign-up refused: ${JSON.stringify(answer.body)}`);
  return { tab: browser, uid: (answer.body.data as { uid: number }).uid };
}

let signUps = 0;

/**
 * A new player (EUR unless told) signed up through `auth/register` in a tab of its own, with a
 * unique e-mail made from `prefix`: the tab, the player's id and e-mail. `extra` adds
 * registration params (a promo code, …).
 */
export async function signUp(
  server: { browser(): typeof fetch },
  prefix: string,
  options: { currency?: string; extra?: Record<string, string> } = {},
): Promise<{ tab: typeof fetch; id: number; email: string }> {
  const email = `${prefix}-${(signUps += 1)}-${Date.now()}@example.com`;
  const { tab, uid } = await registerPlayer(
    server.browser(),
    email,
    options.currency ?? 'EUR',
    options.extra,
  );
  return { tab, id: uid, email };
}
