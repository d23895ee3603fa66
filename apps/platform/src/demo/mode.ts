import type { DatabaseHandle } from '../db/client.ts';
import { findPlayerBySignIn, verifyPassword } from '../identity/index.ts';
import { DEMO_BACKOFFICE, DEMO_PLAYER, DEMO_STAFF } from './seed.ts';

/**
 * Demo mode (architecture.md "Demo mode"): the pieces that make a fresh checkout usable at once
 * and must never reach a real-money site.
 *
 * - `DEMO_SEED`: the demo player and the demo staff account, with the passwords printed at start
 *   and written in the README (the player with a €500 + €25 starting balance);
 * - `MAIL_OUTBOX`: the page `/dev/mail` (and `/dev/mail.json`) that shows every mail and SMS the
 *   platform sent, codes included;
 * - `SOCIAL_SANDBOX`: the sandbox OAuth provider behind `google` and `facebook` and its consent
 *   pages `/sandbox/oauth/…`, which believe whatever e-mail is typed into them.
 *
 * Without `NODE_ENV=production` (`pnpm start`, `pnpm dev`, the tests) every piece is on; with it,
 * every piece is off. Either way each variable set to `1` or `0` turns its piece on or off.
 */
export interface DemoMode {
  /** `NODE_ENV=production`: the start is checked for published passwords (`checkProductionStart`). */
  production: boolean;
  /** DEMO_SEED: the demo accounts with their published passwords. */
  seed: boolean;
  /** MAIL_OUTBOX: the outbox page `/dev/mail`. */
  mailOutbox: boolean;
  /** SOCIAL_SANDBOX: the sandbox social sign-in provider and its pages. */
  socialSandbox: boolean;
}

type Piece = Exclude<keyof DemoMode, 'production'>;

/** Each demo piece, its variable and how the start banner names it. */
export const DEMO_PIECES: readonly { piece: Piece; variable: string; label: string }[] = [
  { piece: 'seed', variable: 'DEMO_SEED', label: 'demo accounts' },
  { piece: 'socialSandbox', variable: 'SOCIAL_SANDBOX', label: 'sandbox providers' },
  { piece: 'mailOutbox', variable: 'MAIL_OUTBOX', label: 'mail outbox at /dev/mail' },
];

/** The demo pieces the environment asks for (see `DemoMode`). A value other than 1 or 0 is refused. */
export function demoMode(env: NodeJS.ProcessEnv = process.env): DemoMode {
  const production = env.NODE_ENV === 'production';
  const mode: DemoMode = {
    production,
    seed: !production,
    mailOutbox: !production,
    socialSandbox: !production,
  };
  for (const { piece, variable } of DEMO_PIECES) {
    const value = env[variable]?.trim();
    if (value === undefined || value === '') continue;
    if (value !== '1' && value !== '0') {
      throw new Error(`${variable} must be 1 (on) or 0 (off), not "${value}"`);
    }
    mode[piece] = value === '1';
  }
  return mode;
}

/** Every demo piece on: what `pnpm start` runs (tests pass it explicitly). */
export const DEMO_ON: DemoMode = {
  production: false,
  seed: true,
  mailOutbox: true,
  socialSandbox: true,
};

/** A production start with no demo piece. */
export const PRODUCTION: DemoMode = {
  production: true,
  seed: false,
  mailOutbox: false,
  socialSandbox: false,
};

/** The lines the start prints about the mode: a loud banner whenever a demo piece is on. */
export function modeBanner(mode: DemoMode): string[] {
  const on = DEMO_PIECES.filter(({ piece }) => mode[piece]);
  const switches = DEMO_PIECES.map(({ piece, variable }) => `${variable}=${mode[piece] ? 1 : 0}`);
  const kind = mode.production ? 'NODE_ENV=production' : 'not NODE_ENV=production';
  if (on.length === 0) {
    return [
      'Production mode: no demo accounts, no sandbox providers, no mail outbox page.',
      `(${kind}; ${switches.join(' ')})`,
    ];
  }
  const lines = [
    `DEMO MODE: ${on.map(({ label }) => label).join(', ')} — never use for real money`,
    `(${kind}; ${switches.join(' ')})`,
  ];
  const rule = '='.repeat(Math.max(...lines.map((line) => line.length)));
  return [rule, ...lines, rule];
}

/** Raised when a production start would run with a published password; the start stops. */
export class UnsafeStartError extends Error {
  override name = 'UnsafeStartError';
}

/**
 * The demo accounts in the database that still have their published password (checked with the
 * same argon2 verify as a sign-in), by login.
 */
export async function accountsWithPublishedPasswords(database: DatabaseHandle): Promise<string[]> {
  const found: string[] = [];
  for (const account of [DEMO_STAFF, DEMO_PLAYER, ...DEMO_BACKOFFICE]) {
    // The account by its login (the published logins are lower-case e-mails), through identity.
    const row = await findPlayerBySignIn(database.db, account.login);
    if (row && (await verifyPassword(row.passwordHash, account.password)))
      found.push(account.login);
  }
  return found;
}

/**
 * The boot check of a production start: it refuses (UnsafeStartError) while a demo account
 * still has its published password, e.g. a database that was once started in demo mode: anyone
 * who read the README could sign in as staff (or spend the demo player's starting balance).
 * A production start that turned the demo accounts on (DEMO_SEED=1) asked for them: no check.
 */
/** `a`, `a and b`, `a, b and c`. */
const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export async function checkProductionStart(
  database: DatabaseHandle,
  mode: DemoMode,
): Promise<void> {
  if (!mode.production || mode.seed) return;
  const found = await accountsWithPublishedPasswords(database);
  if (found.length === 0) return;
  throw new UnsafeStartError(
    [
      `Refusing to start in production: ${listed(found)} still ${found.length === 1 ? 'has its published demo password' : 'have their published demo passwords'}.`,
      'This database was seeded in demo mode. Remove those accounts (or change their passwords),',
      'create real staff with `pnpm platform staff:create --email <address>`, then start again.',
      '(To run a public demo on purpose, set DEMO_SEED=1.)',
    ].join('\n'),
  );
}
