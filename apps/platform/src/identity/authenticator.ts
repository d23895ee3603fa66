import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { ApiError } from '@northstar/errors';
import { twoFactorMessage } from '@northstar/errors/two-factor';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { hmac } from '../lib/tokens.ts';
import { AUTH_WINDOW_MS, consume, refund, type Limit } from './rate-limit.ts';
import { recoveryCodes, totpAuthenticators } from './schema.ts';

/**
 * Issue #25 authenticator-app two-factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 seconds: what every
 * authenticator app reads from an `otpauth://` QR code), confirmed by a first code, with ten
 * one-time recovery codes shown once. Once on, every sign-in door asks for a code from the app
 * (sign-in.ts `completeSignIn`) instead of sending one to a contact.
 */

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/**
 * One step either side of now: a phone's clock a little off, or a code typed at the end of its
 * 30 seconds, still works (RFC 6238 §5.2 recommends at most one step of drift).
 */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** 5 wrong codes per 15 minutes per player, like the contact code (§4). */
export const APP_CODE_ATTEMPTS = 5;

const ISSUER = 'Northstar';

function totpFor(secretBase32: string, label = 'player'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step of a moment (RFC 6238 T). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_S);

/**
 * The step a code is right for, within the window around `nowMs`, if it is later than
 * `lastStep` (a code already accepted, or one older than it, never passes again); else null.
 */
export function matchTotp(
  secretBase32: string,
  token: string,
  nowMs: number,
  lastStep: number,
): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return step > lastStep ? step : null;
}

/** A recovery code as shown: ten characters of an unambiguous alphabet, grouped 5-5. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are typed in any case, with or without the dash or spaces. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export const isRecoveryCode = (typed: string) =>
  /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(typed));

const recoveryHash = (app: AppContext, playerId: number, code: string) =>
  hmac(app.secret, `recovery:${playerId}:${normaliseRecoveryCode(code)}`);

// The secret at rest: AES-256-GCM under a key derived from the server secret, so a database dump
// alone does not give anyone the player's codes.
function secretKey(app: Pick<AppContext, 'secret'>): Buffer {
  return createHash('sha256').update(app.secret).update('totp-secret-v1').digest();
}

export function sealSecret(app: Pick<AppContext, 'secret'>, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(app), iv);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(app: Pick<AppContext, 'secret'>, sealed: string): string {
  const [, iv, tag, body] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(app), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body!, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

async function authenticatorRow(db: Executor, playerId: number) {
  const [row] = await db
    .select()
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.playerId, playerId))
    .limit(1);
  return row ?? null;
}

/** Whether the player signs in with an authenticator app (set-up confirmed). */
export async function hasAuthenticator(db: Executor, playerId: number): Promise<boolean> {
  const row = await authenticatorRow(db, playerId);
  return Boolean(row?.confirmedAt);
}

export async function recoveryCodesLeft(db: Executor, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.playerId, playerId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

const alreadyOn = () => new ApiError('InvalidRequest', twoFactorMessage('alreadyEnabled'));

const codeInvalid = (reason = 'code_invalid') =>
  new ApiError('Authorization', twoFactorMessage('codeInvalid'), {
    invalidParameters: { code: [reason] },
  });

export interface AuthenticatorSetup {
  /** Base32 key for typing into the app by hand. */
  secret: string;
  otpauth_url: string;
  /** The QR code of `otpauth_url`, rendered here as an SVG data URL (no QR code in the page's JS). */
  qr_code: string;
}

/**
 * Starts (or restarts) set-up: a new secret, kept unconfirmed until a first code proves the app
 * has it. Refused when an app is already on (turning it off first needs a code).
 */
export async function startAuthenticator(
  app: AppContext,
  player: { id: number; login: string },
): Promise<AuthenticatorSetup> {
  const db = app.database.db;
  const existing = await authenticatorRow(db, player.id);
  if (existing?.confirmedAt) throw alreadyOn();
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = sealSecret(app, secret);
  await db
    .insert(totpAuthenticators)
    .values({ playerId: player.id, secretEncrypted: sealed, createdAt: app.now(), lastStep: 0 })
    .onConflictDoUpdate({
      target: totpAuthenticators.playerId,
      set: { secretEncrypted: sealed, createdAt: app.now(), confirmedAt: null, lastStep: 0 },
    });
  const otpauthUrl = totpFor(secret, player.login).toString();
  const svg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

function appBudget(ip: string, playerId: number): Limit[] {
  return [
    {
      key: `two-factor-app:account:player:${playerId}`,
      max: APP_CODE_ATTEMPTS,
      windowMs: AUTH_WINDOW_MS,
    },
    { key: `two-factor-app:ip:${ip}`, max: 20, windowMs: AUTH_WINDOW_MS },
  ];
}

/**
 * Checks a code from the app (6 digits) against the player's secret. The step it matched is
 * written in the same statement that checks it is newer than the last one used, so a code (or
 * an older one) works once even when two requests race.
 */
async function spendTotp(
  app: AppContext,
  row: typeof totpAuthenticators.$inferSelect,
  code: string,
  confirm: boolean,
): Promise<boolean> {
  const step = matchTotp(
    openSecret(app, row.secretEncrypted),
    code,
    app.now().getTime(),
    row.lastStep,
  );
  if (step === null) return false;
  const updated = await app.database.db
    .update(totpAuthenticators)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: app.now() } : {}) })
    .where(
      and(eq(totpAuthenticators.playerId, row.playerId), lt(totpAuthenticators.lastStep, step)),
    )
    .returning({ playerId: totpAuthenticators.playerId });
  return updated.length === 1;
}

/** Uses one recovery code (once: the row is marked in the statement that finds it). */
async function spendRecoveryCode(
  app: AppContext,
  playerId: number,
  code: string,
): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const used = await app.database.db
    .update(recoveryCodes)
    .set({ usedAt: app.now() })
    .where(
      and(
        eq(recoveryCodes.playerId, playerId),
        eq(recoveryCodes.codeHash, recoveryHash(app, playerId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/**
 * Confirms set-up with a first code from the app; answers the recovery codes, shown this once
 * (only their HMACs are kept).
 */
export async function confirmAuthenticator(
  app: AppContext,
  step: { playerId: number; ip: string; code: string },
): Promise<string[]> {
  const db = app.database.db;
  const row = await authenticatorRow(db, step.playerId);
  if (row?.confirmedAt) throw alreadyOn();
  if (!row) {
    throw new ApiError('InvalidRequest', 'Start the authenticator set-up first', {
      invalidParameters: { code: ['setup_missing'] },
    });
  }
  const limits = appBudget(step.ip, step.playerId);
  await consume(app.database, limits, app.now());
  if (!(await spendTotp(app, row, step.code, true))) throw codeInvalid();
  await refund(
    app.database,
    limits.map((l) => l.key),
  );
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.playerId, step.playerId));
  await db.insert(recoveryCodes).values(
    codes.map((code) => ({
      playerId: step.playerId,
      codeHash: recoveryHash(app, step.playerId, code),
      createdAt: app.now(),
    })),
  );
  return codes;
}

/**
 * The second factor of a sign-in (or of turning the app off): a code from the app or one unused
 * recovery code, against the player's app budget (5 wrong per 15 minutes, every door together).
 * A wrong, replayed or used code answers the §8 'code invalid' marker.
 */
export async function verifyAuthenticatorCode(
  app: AppContext,
  step: { playerId: number; ip: string; code: string },
): Promise<'app' | 'recovery'> {
  const row = await authenticatorRow(app.database.db, step.playerId);
  if (!row?.confirmedAt) throw codeInvalid();
  const limits = appBudget(step.ip, step.playerId);
  await consume(app.database, limits, app.now());
  const code = step.code.trim();
  const kind = /^\d{6}$/.test(code)
    ? (await spendTotp(app, row, code, false)) && ('app' as const)
    : (await spendRecoveryCode(app, step.playerId, code)) && ('recovery' as const);
  if (!kind) throw codeInvalid();
  await refund(
    app.database,
    limits.map((l) => l.key),
  );
  return kind;
}

/** Turns the app off: its secret and every recovery code go. */
export async function removeAuthenticator(db: Executor, playerId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.playerId, playerId));
  await db.delete(totpAuthenticators).where(eq(totpAuthenticators.playerId, playerId));
}
