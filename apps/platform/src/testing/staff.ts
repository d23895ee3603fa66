import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { StaffRole } from '@northstar/contract';
import { createPlayer, hashPassword } from '../identity/index.ts';
import { wireSignUp } from '../sign-up/index.ts';
import { post } from './api.ts';
import type { TestServer } from './test-server.ts';

/** Only tests import this file: back-office accounts the way an operator makes and uses them. */

export const STAFF_TEST_PASSWORD = 'Staff-Secret-1';
let seq = 0;

/** The 6-digit code an authenticator app shows for `secret` at `at`. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).generate({ timestamp: at.getTime() });
}

/** A new staff account with these roles (not signed in, no authenticator yet). */
export async function staffAccount(
  server: Pick<TestServer, 'database'>,
  roles: readonly StaffRole[],
): Promise<{ id: number; login: string }> {
  wireSignUp();
  const login = `staff-${process.pid}-${++seq}-${Date.now()}@example.test`;
  const made = await createPlayer(
    server.database.db,
    {
      login,
      passwordHash: await hashPassword(STAFF_TEST_PASSWORD),
      role: 'staff',
      currency: 'EUR',
      locale: 'en-US',
      regTime: new Date(),
    },
    [{ type: 'email', contact: login, isConfirmed: true }],
  );
  await server.database.query(
    sql`update players set staff_roles = ${`{${roles.join(',')}}`}::text[] where id = ${made.id}`,
  );
  return { id: made.id, login };
}

export interface StaffTab {
  id: number;
  login: string;
  /** A fetch holding the back-office session cookie. */
  tab: typeof fetch;
  /** The authenticator app's key, set up at the first sign-in. */
  secret: string;
}

/**
 * A new staff account with `roles`, signed in to the back office the way its member would the
 * first time: the password, the set-up answer with the app's key, then the app's first code.
 * `at` is the server's clock (tests on a fake clock pass theirs).
 */
export async function staffTab(
  server: Pick<TestServer, 'database' | 'browser'>,
  roles: readonly StaffRole[] = ['admin'],
  at: () => Date = () => new Date(),
  /** The tab to sign in (one that also reads its cookies: testing/cms.ts `cmsEditor`). */
  tab: typeof fetch = server.browser(),
): Promise<StaffTab> {
  const account = await staffAccount(server, roles);
  const setup = await post(tab, 'staff/signin', {
    login: account.login,
    password: STAFF_TEST_PASSWORD,
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(401);
  const secret = (setup.body.error?.error_data?.two_factor_setup as { secret: string }).secret;
  const signedIn = await post(tab, 'staff/signin', {
    login: account.login,
    password: STAFF_TEST_PASSWORD,
    code: totpCode(secret, at()),
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { ...account, tab, secret };
}

/**
 * One admin tab for a test file, made again when the server's clock has moved on by more than a
 * back-office session's idle limit would allow (tests that fast-forward days sign in again).
 */
export function reusedStaffTab(
  server: () => TestServer,
  clock: () => Date = () => new Date(),
  roles: readonly StaffRole[] = ['admin'],
): () => Promise<typeof fetch> {
  let held: { tab: typeof fetch; at: number } | undefined;
  return async () => {
    const now = clock().getTime();
    if (held && Math.abs(now - held.at) < 20 * 60_000) return held.tab;
    held = { tab: (await staffTab(server(), roles, clock)).tab, at: now };
    return held.tab;
  };
}
