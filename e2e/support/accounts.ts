import { createHash } from 'node:crypto';
import {
  expect,
  request as requests,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const DEMO_PLAYER = { login: 'demo@northstar.test', password: 'NorthstarDemo1' };
export const DEMO_STAFF = { login: 'staff@northstar.test', password: 'NorthstarStaff1' };
/** The demo player whose identity is verified (the platform's demo seed, issue #25). */
export const DEMO_VERIFIED_PLAYER = {
  login: 'verified@northstar.test',
  password: 'NorthstarVerified1',
};

/**
 * The demo back office's accounts (apps/platform/src/demo/seed.ts `DEMO_BACKOFFICE`): one per
 * role, the published password, and the authenticator key the platform prints at start, derived
 * the same way here.
 */
export type StaffRole = 'admin' | 'support' | 'risk' | 'content' | 'finance';
export const DEMO_BACKOFFICE_PASSWORD = 'NorthstarStaff1';
export function demoStaff(role: StaffRole) {
  const key = OTPAuth.Secret.fromHex(
    createHash('sha256').update(`northstar-demo-staff:${role}`).digest('hex').slice(0, 40),
  ).base32;
  return { login: `${role}@northstar.test`, password: DEMO_BACKOFFICE_PASSWORD, key };
}

/** The code the account's authenticator app shows now. */
export function staffCode(key: string, at = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate({ timestamp: at });
}

/**
 * Signs this request context in to the back office as the demo `role` account (password and a
 * code from its app). An app's code works once: when another test of the run just used this
 * step's code, the sign-in waits for the next step, as a person would for the next code.
 */
export async function signInAsStaff(
  request: APIRequestContext,
  role: StaffRole,
  /** A spec's own platform, when the request context's base URL is not it. */
  origin = '',
): Promise<void> {
  const account = demoStaff(role);
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.post(`${origin}/api/staff/signin?v=2.34&locale=en-US`, {
      headers: { 'X-App-Client': 'web/2.34' },
      multipart: { login: account.login, password: account.password, code: staffCode(account.key) },
    });
    if (response.status() === 200) return;
    const body = (await response.json()) as {
      error?: { invalid_parameters?: { code?: string[] } };
    };
    const replayed = body.error?.invalid_parameters?.code?.includes('code_invalid') === true;
    expect(replayed && attempt < 3, JSON.stringify(body)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30_500 - (Date.now() % 30_000)));
  }
}

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

/** Per platform (origin): the demo content editor's back-office session cookie. */
const editorSessions = new Map<string, string>();

/**
 * The headers of a `/cms` write (issue #30: content is written with a content editor's
 * back-office session, not a JWT): the demo `content` account's session cookie and the marker
 * header. Signed in once per worker and platform (its own request context), since an app's code
 * works once per 30 s step; again when that session has ended (30 minutes idle, or a platform
 * since stopped whose port another one took). The Cookie header replaces the request context's
 * own cookies for that call only.
 */
export async function staffAuth(
  request: APIRequestContext,
): Promise<{ Cookie: string; 'X-App-Client': string }> {
  const probe = await request.get('/cms/i18n/locales');
  const origin = new URL(probe.url()).origin;
  let cookie = editorSessions.get(origin);
  const live =
    cookie !== undefined &&
    (
      await request.get(`${origin}/api/staff/me?v=2.34&locale=en-US`, {
        headers: { Cookie: cookie },
      })
    ).ok();
  if (!live) {
    const own = await requests.newContext({ baseURL: origin });
    await signInAsStaff(own, 'content');
    const session = (await own.storageState()).cookies.find((c) => c.name === 'ns_staff');
    await own.dispose();
    expect(session, 'the back office set its session cookie').toBeTruthy();
    cookie = `ns_staff=${session!.value}`;
    editorSessions.set(origin, cookie);
  }
  return { Cookie: cookie!, 'X-App-Client': 'web/2.34' };
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

/**
 * A browser context signed in to the back office as the demo `role` account (password and app
 * code), on `baseURL` (a spec's own platform), with a page.
 */
export async function staffBrowser(
  browser: Browser,
  baseURL: string,
  role: StaffRole,
  width = 1440,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await signInAsStaff(context.request, role);
  return { context, page: await context.newPage() };
}
