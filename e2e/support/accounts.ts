import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PLAYER = { login: 'demo@northstar.test', password: 'NorthstarDemo1' };
export const DEMO_STAFF = { login: 'staff@northstar.test', password: 'NorthstarStaff1' };
/** The demo player whose identity is verified (the platform's demo seed, issue #25). */
export const DEMO_VERIFIED_PLAYER = {
  login: 'verified@northstar.test',
  password: 'NorthstarVerified1',
};

/** Signs the page's browser in as the demo player through the API, as the auth popup does. */
export async function signInAsDemo(
  page: Page,
  account: { login: string; password: string } = DEMO_PLAYER,
): Promise<void> {
  const response = await page.request.post('/api/auth/login?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: account.login, password: account.password },
  });
  expect(response.status()).toBe(200);
}

/** A staff member's content-backend JWT as an Authorization header. */
export async function staffAuth(request: APIRequestContext): Promise<{ Authorization: string }> {
  const signIn = await request.post('/cms/auth/local', {
    data: { identifier: DEMO_STAFF.login, password: DEMO_STAFF.password },
  });
  expect(signIn.ok()).toBe(true);
  const { jwt } = (await signIn.json()) as { jwt: string };
  return { Authorization: `Bearer ${jwt}` };
}

/** The one entry of a content type matching `query` (a `/cms/{type}?…` query string). */
export async function findEntry<T extends { id: number }>(
  request: APIRequestContext,
  type: string,
  query: string,
): Promise<T> {
  const found = await request.get(`/cms/${type}?${query}`);
  const { data } = (await found.json()) as { data: T[] };
  expect(data, `${type}?${query}`).toHaveLength(1);
  return data[0]!;
}

/**
 * Staff change one entry (found by `query`) and get back the function that puts the changed
 * attributes back as they were: tests share one platform, so every edit is undone.
 */
export async function editEntry(
  request: APIRequestContext,
  type: string,
  query: string,
  changes: Record<string, unknown>,
): Promise<() => Promise<void>> {
  const auth = await staffAuth(request);
  const entry = await findEntry<{ id: number } & Record<string, unknown>>(request, type, query);
  const original = Object.fromEntries(Object.keys(changes).map((key) => [key, entry[key]]));
  const put = (data: Record<string, unknown>) =>
    request.put(`/cms/${type}/${entry.id}`, { headers: auth, data: { data } });
  expect((await put(changes)).ok()).toBe(true);
  return async () => {
    await put(original);
  };
}

/**
 * Registers a new EUR player through the API in this request context's browser (its cookies
 * then hold the session), with a complete profile.
 */
export async function registerPlayer(request: APIRequestContext, email: string): Promise<void> {
  const registered = await request.post('/api/auth/register?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: {
      email,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      country_code: 'US',
      region: 'NV',
      first_name: 'Cleo',
      last_name: 'Banks',
      birth_date: '1989-04-04',
    },
  });
  expect(registered.status()).toBe(200);
}
