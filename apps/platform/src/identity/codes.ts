import { and, desc, eq, isNull } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { twoFactorMessage } from '@northstar/errors/two-factor';
import type { AppContext } from '../context.ts';
import { verificationCodes } from './schema.ts';
import { hmac, safeEqualHex, sixDigitCode } from '../lib/tokens.ts';

export type CodePurpose = 'restore' | 'two_factor_login' | 'two_factor_setup' | 'contact';

/** A code lives 10 minutes, allows 5 tries and works once (§4, §8). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same purpose is sent at most once a minute. */
export const RESEND_AFTER_S = 60;

function codeHash(app: AppContext, playerId: number, purpose: CodePurpose, code: string) {
  return hmac(app.secret, `${playerId}:${purpose}:${code}`);
}

async function latest(app: AppContext, playerId: number, purpose: CodePurpose, target?: string) {
  const rows = await app.database.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.playerId, playerId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        ...(target ? [eq(verificationCodes.target, target)] : []),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return rows[0];
}

/** Seconds until another code may be sent (0 when one may be sent now). */
export async function resendWait(
  app: AppContext,
  playerId: number,
  purpose: CodePurpose,
): Promise<number> {
  const current = await latest(app, playerId, purpose);
  if (!current) return 0;
  const elapsed = (app.now().getTime() - current.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(RESEND_AFTER_S - elapsed));
}

/** Issues a fresh code (earlier ones of the purpose stop working) and returns it for sending. */
export async function issueCode(
  app: AppContext,
  playerId: number,
  purpose: CodePurpose,
  target: string,
): Promise<string> {
  const code = sixDigitCode();
  const now = app.now();
  await app.database.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.playerId, playerId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await app.database.db.insert(verificationCodes).values({
    playerId,
    purpose,
    target,
    codeHash: codeHash(app, playerId, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Checks a code and consumes it on success. Failures carry the §8 markers: time expired, code
 * invalid (a wrong code costs one of the 5 tries; the 5th wrong one ends the code).
 */
export async function consumeCode(
  app: AppContext,
  playerId: number,
  purpose: CodePurpose,
  code: string,
  target?: string,
): Promise<string> {
  const current = await latest(app, playerId, purpose, target);
  const now = app.now();
  if (!current) {
    throw new ApiError('Authorization', twoFactorMessage('codeInvalid'), {
      invalidParameters: { code: ['code_invalid'] },
    });
  }
  if (current.expiresAt <= now || current.attempts >= CODE_MAX_ATTEMPTS) {
    throw new ApiError('Authorization', twoFactorMessage('timeExpired'), {
      invalidParameters: { code: ['time_expired'] },
    });
  }
  if (!safeEqualHex(current.codeHash, codeHash(app, playerId, purpose, code))) {
    const attempts = current.attempts + 1;
    await app.database.db
      .update(verificationCodes)
      .set({ attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { consumedAt: now } : {}) })
      .where(eq(verificationCodes.id, current.id));
    throw new ApiError('Authorization', twoFactorMessage('codeInvalid'), {
      invalidParameters: { code: ['code_invalid'] },
      errorData: { attempts_left: Math.max(0, CODE_MAX_ATTEMPTS - attempts) },
    });
  }
  await app.database.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)));
  return current.target;
}
