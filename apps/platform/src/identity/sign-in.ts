import { signInsCounter } from '../ops/index.ts';
import { ApiError } from '@northstar/errors';
import { twoFactorMessage } from '@northstar/errors/two-factor';
import type { AppContext } from '../context.ts';
import { sendMessage } from '../providers/mail/index.ts';
import { consumeCode, issueCode, resendWait, RESEND_AFTER_S, type CodePurpose } from './codes.ts';
import { hasAuthenticator, verifyAuthenticatorCode } from './authenticator.ts';
import { runSignInChecks } from './guards.ts';
import { verifyPassword } from './passwords.ts';
import { confirmedContact, findPlayerBySignIn, normaliseContact, type Player } from './players.ts';
import { AUTH_WINDOW_MS, clear, consume, refund, type Limit } from './rate-limit.ts';

/**
 * The one sign-in service (architecture.md, identity/). Every door calls it: the application
 * API's `auth/login`, the content backend's `POST /cms/auth/local`, and the social callbacks
 * (`/oauth/{service}/callback`, `/cms/auth/{provider}/callback`). So there is one two-factor
 * rule, one rate-limit budget per account and per address whatever the door, and one check of
 * the player's status.
 */

export type SignInDoor = 'api' | 'cms' | 'social';

export type SignInOutcome =
  | { status: 'signed-in'; player: Player }
  /** The password (or provider) was right and two-factor is on: a code went to the contact. */
  | {
      status: 'two-factor';
      player: Player;
      resendTime: number;
      /** Where the code comes from: sent to a confirmed contact, or the authenticator app. */
      method: 'contact' | 'app';
    };

/** §4: 5 failures per account and 20 per address in 15 minutes. */
export const ACCOUNT_ATTEMPTS = 5;
export const ADDRESS_ATTEMPTS = 20;

/**
 * The account a budget belongs to: the player when the identifier names one (login, e-mail and
 * phone of one account share one budget), else the identifier as normalised for look-up (a phone
 * typed `4477…`, `+4477…`, `4477 …` or `(44)77…` is one key), so unknown accounts are limited
 * the same way and the answer tells nothing.
 */
export function accountKey(identifier: string, player: Player | null): string {
  return player ? `player:${player.id}` : `contact:${normaliseContact(identifier).contact}`;
}

/** The budgets of one kind of attempt (`sign-in`, `two-factor`, `restore`) for an account. */
export function budgets(kind: string, ip: string, account: string): Limit[] {
  return [
    { key: `${kind}:account:${account}`, max: ACCOUNT_ATTEMPTS, windowMs: AUTH_WINDOW_MS },
    { key: `${kind}:ip:${ip}`, max: ADDRESS_ATTEMPTS, windowMs: AUTH_WINDOW_MS },
  ];
}

/** The one answer for an unknown account and a wrong password: no account enumeration. */
export const wrongCredentials = () => new ApiError('Authorization', 'Wrong login or password');

/**
 * Whether this player may be signed in at all, asked by every door after the proof (password or
 * provider) holds, so it reveals nothing to a guesser: a deleted account is as unknown, a banned
 * one answers UserBanned. Self-exclusion and time-out are checked next, in `completeSignIn`
 * (guards.ts: responsible/ adds its check there).
 */
export function assertMaySignIn(player: Player): void {
  if (player.status === 'deleted') throw wrongCredentials();
  if (player.status === 'banned') {
    throw new ApiError('UserBanned', 'This account is blocked', {
      errorData: { type: 'user-banned' },
    });
  }
}

/** Sends a fresh code of `purpose` to a contact (e-mail or SMS through the mail provider). */
export async function sendCode(
  app: AppContext,
  player: Player,
  purpose: Exclude<CodePurpose, 'contact'>,
  target: { type: string; contact: string },
): Promise<void> {
  const code = await issueCode(app, player.id, purpose, target.contact);
  const subject =
    purpose === 'restore' ? 'Your Northstar password reset code' : 'Your Northstar security code';
  await sendMessage(app.database.db, {
    recipient: target.contact,
    channel: target.type === 'phone' ? 'sms' : 'email',
    subject,
    body: `Your code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
  });
}

export interface PasswordSignIn {
  door: SignInDoor;
  ip: string;
  /** What the person typed: a login, an e-mail or a phone (§3). */
  identifier: string;
  password: string;
  /** The two-factor code, on the second step. */
  code?: string | undefined;
}

/**
 * Sign-in with a password. The attempt is taken from the account's and the address's budgets
 * before the password is checked (one atomic step, rate-limit.ts `consume`); a right password
 * gives the attempt back and clears the account's failures.
 */
export async function passwordSignIn(
  app: AppContext,
  attempt: PasswordSignIn,
): Promise<SignInOutcome> {
  try {
    const player = await findPlayerBySignIn(app.database.db, attempt.identifier);
    const limits = budgets('sign-in', attempt.ip, accountKey(attempt.identifier, player));
    await consume(app.database, limits, app.now());
    const valid = await verifyPassword(player?.passwordHash ?? null, attempt.password);
    if (!player || !valid) throw wrongCredentials();
    assertMaySignIn(player);
    await clear(app.database, [limits[0]!.key]);
    await refund(app.database, [limits[1]!.key]);
    return await completeSignIn(app, {
      door: attempt.door,
      ip: attempt.ip,
      player,
      code: attempt.code,
    });
  } catch (error) {
    const limited = error instanceof ApiError && error.type === 'TooManyRequests';
    signInsCounter.inc({ door: attempt.door, outcome: limited ? 'limited' : 'failure' });
    throw error;
  }
}

/**
 * The steps after the proof, for every door: the status check, then two-factor when the player
 * has it on. Without a code, one is sent (at most once a minute) and the door asks for it; with
 * one, it is checked against the player's two-factor budget (5 wrong codes per 15 minutes,
 * shared by every door).
 */
export async function completeSignIn(
  app: AppContext,
  step: { door: SignInDoor; ip: string; player: Player; code?: string | undefined },
): Promise<SignInOutcome> {
  const { player } = step;
  assertMaySignIn(player);
  // Player protection (issue #25): self-exclusion and time-out, after the proof (guards.ts).
  await runSignInChecks(app, player.id);
  // Issue #25: with an authenticator app on, every door asks for its code (or a recovery code);
  // nothing is sent, so there is no resend wait.
  if (await hasAuthenticator(app.database.db, player.id)) {
    if (!step.code) {
      signInsCounter.inc({ door: step.door, outcome: 'two_factor' });
      return { status: 'two-factor', player, resendTime: 0, method: 'app' };
    }
    await verifyAuthenticatorCode(app, { playerId: player.id, ip: step.ip, code: step.code });
    signInsCounter.inc({ door: step.door, outcome: 'success' });
    return { status: 'signed-in', player };
  }
  if (!player.twoFactorEnabled) {
    signInsCounter.inc({ door: step.door, outcome: 'success' });
    return { status: 'signed-in', player };
  }
  if (!step.code) {
    const wait = await resendWait(app, player.id, 'two_factor_login');
    if (wait > 0) {
      throw new ApiError('Authorization', twoFactorMessage('resendTime', wait), {
        errorData: { resend_time: wait, two_factor_auth: true },
      });
    }
    const target = await confirmedContact(app.database.db, player.id);
    if (target) await sendCode(app, player, 'two_factor_login', target);
    signInsCounter.inc({ door: step.door, outcome: 'two_factor' });
    return { status: 'two-factor', player, resendTime: RESEND_AFTER_S, method: 'contact' };
  }
  const limits = budgets('two-factor', step.ip, `player:${player.id}`);
  await consume(app.database, limits, app.now());
  await consumeCode(app, player.id, 'two_factor_login', step.code);
  await refund(
    app.database,
    limits.map((limit) => limit.key),
  );
  signInsCounter.inc({ door: step.door, outcome: 'success' });
  return { status: 'signed-in', player };
}

/**
 * A signed-in player proving their current password (changing it): wrong guesses spend the same
 * account budget as sign-in, so a stolen session cannot test passwords without limit.
 */
export async function checkCurrentPassword(
  app: AppContext,
  check: { ip: string; player: Player; password: string },
): Promise<boolean> {
  const limits = budgets('sign-in', check.ip, accountKey('', check.player));
  await consume(app.database, limits, app.now());
  const valid = await verifyPassword(check.player.passwordHash, check.password);
  if (valid)
    await refund(
      app.database,
      limits.map((limit) => limit.key),
    );
  return valid;
}

/**
 * §4 sign-up budgets per address an hour, whatever the door (auth/register, the mini app,
 * /cms/auth/local/register). Two budgets, so one player's typos do not lock out the next:
 * - `SIGN_UPS_PER_ADDRESS` accounts created. A mobile carrier puts hundreds to thousands of
 *   phones behind one public IPv4 address (CGNAT, RFC 6598); in a campaign's busiest hour a
 *   popular site sees dozens of sign-ups from one such address, and a player refused there is
 *   lost for good. 60 an hour (one a minute on average) lets that traffic through while a script
 *   farming bonus accounts from one address still stops within the hour (it then needs many
 *   addresses, which the other fraud checks see).
 * - `SIGN_UP_FAILURES_PER_ADDRESS` refused attempts (a field error, an address already taken):
 *   larger, as many people behind one address each get a field wrong now and then, but bounded,
 *   as an "already registered" answer tells whether an e-mail has an account.
 * Both are taken at the start in one atomic step each (rate-limit.ts `consume`, so parallel
 * attempts cannot slip past), and the one that does not apply is given back when the attempt
 * ends: a success returns its failure, a failure its account slot. A refusal answers
 * TooManyRequests with `retry_after` (seconds), which the popup shows as the real wait.
 */
export const SIGN_UPS_PER_ADDRESS = 60;
export const SIGN_UP_FAILURES_PER_ADDRESS = 300;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

export function signUpBudgets(ip: string): { created: Limit; failed: Limit } {
  return {
    created: { key: `sign-up:ip:${ip}`, max: SIGN_UPS_PER_ADDRESS, windowMs: SIGN_UP_WINDOW_MS },
    failed: {
      key: `sign-up-failed:ip:${ip}`,
      max: SIGN_UP_FAILURES_PER_ADDRESS,
      windowMs: SIGN_UP_WINDOW_MS,
    },
  };
}

/** Runs one sign-up attempt against the address's budgets (see `SIGN_UPS_PER_ADDRESS`). */
export async function withSignUpBudget<T>(
  app: AppContext,
  ip: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { created, failed } = signUpBudgets(ip);
  await consume(app.database, [created, failed], app.now());
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    await refund(app.database, [created.key]);
    throw error;
  }
  await refund(app.database, [failed.key]);
  return result;
}
