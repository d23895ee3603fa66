import { timingSafeEqual } from 'node:crypto';
import { isValid, signData } from '@telegram-apps/init-data-node';
import type { SocialProfile, SocialProvider } from './types.ts';

/**
 * The messaging app's mini-app sign-in (§4, the registration variant with `is_tg`): the mini app
 * hands the page its `initData`, a query string the messaging platform signed with a key derived
 * from our bot's token. Verified as its documentation says
 * (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 *
 * - data-check-string: every field but `hash`, as `key=value`, sorted by key, joined by `\n`;
 * - secret key: HMAC-SHA-256 of the bot token, keyed with `"WebAppData"`;
 * - `hash` must be the hex HMAC-SHA-256 of the data-check-string with that secret key (compared
 *   in constant time), and `auth_date` no older than `INIT_DATA_MAX_AGE_S`.
 *
 * The signing and the check are the maintained validator's (`@telegram-apps/init-data-node`:
 * `signData` for the key derivation and HMAC, `isValid` for its own verdict). Kept here, where
 * they are better than the library:
 * - the hash is compared in constant time before the library sees the data: its `validate`
 *   compares with `!==`, which tells a forger by timing how much of a guessed hash was right;
 *   it only ever judges data whose hash already matched;
 * - a size cap, one well-formed `hash`, and no field given twice (the library signs every
 *   occurrence, so a doubled field has two meanings to two readers);
 * - the age against the request's clock (the library reads `Date.now()`, so tests and a replayed
 *   clock could not drive it) and a refusal of `auth_date` in the future (the library has none);
 * - the user read by hand: the library's `parse` requires the newer `signature` field, which
 *   older clients (and the documentation's example) do not send.
 *
 * It is a social provider like the others: the `initData` is its "access token", and its profile
 * is the messaging account (subject = the user id), so linking, creation, status checks and
 * two-factor are the sign-in service's (identity/social-sign-in.ts). The messaging platform
 * shares no e-mail.
 */

/** `initData` older than this is refused (24 hours). */
export const INIT_DATA_MAX_AGE_S = 24 * 60 * 60;
/** A signed `initData` is a few hundred bytes; anything far larger is not one. */
const MAX_INIT_DATA_LENGTH = 4096;

export interface MiniAppUser {
  id: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  languageCode: string | null;
}

/** The signed user of `initData`, or null when it is forged, stale or malformed. */
export function verifyInitData(
  initData: string,
  botToken: string,
  now: Date,
  maxAgeS = INIT_DATA_MAX_AGE_S,
): MiniAppUser | null {
  if (!botToken || initData.length === 0 || initData.length > MAX_INIT_DATA_LENGTH) return null;
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || fields.getAll('hash').length !== 1) return null;
  const entries = [...fields.entries()].filter(([key]) => key !== 'hash');
  // A field given twice has no single meaning: refused rather than guessed.
  if (new Set(entries.map(([key]) => key)).size !== entries.length) return null;
  const dataCheckString = entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const expected = Buffer.from(signData(dataCheckString, botToken), 'hex');
  if (expected.length !== 32 || !timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return null;
  // The library's verdict too (its own data-check-string): both readings must agree. Expiry is
  // checked below against the request's clock, so the library's own is off.
  if (!isValid(fields, botToken, { expiresIn: 0 })) return null;

  const authDate = Number(fields.get('auth_date'));
  const age = now.getTime() / 1000 - authDate;
  if (!Number.isInteger(authDate) || age > maxAgeS || age < -300) return null;

  let user: unknown;
  try {
    user = JSON.parse(fields.get('user') ?? '');
  } catch {
    return null;
  }
  if (typeof user !== 'object' || user === null) return null;
  const record = user as Record<string, unknown>;
  if (!Number.isSafeInteger(record.id) || (record.id as number) <= 0) return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    id: record.id as number,
    username: text(record.username),
    firstName: text(record.first_name),
    lastName: text(record.last_name),
    languageCode: text(record.language_code),
  };
}

/** The mini-app sign-in as a social provider (no redirect: the mini app already has the user). */
export function miniAppProvider(botToken: string, now: () => Date): SocialProvider {
  return {
    name: 'telegram',
    label: 'Telegram',
    authorizeUrl: () => {
      throw new Error('the mini-app sign-in has no authorization page');
    },
    // No code either: the signed initData is presented directly (`profile`).
    exchangeCode: () => Promise.resolve(null),
    async profile(initData: string): Promise<SocialProfile | null> {
      const user = verifyInitData(initData, botToken, now());
      if (!user) return null;
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      return { subject: String(user.id), email: null, emailVerified: false, name };
    },
  };
}
