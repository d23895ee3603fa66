import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe links (`/unsubscribe?token=…`): a one-click opt-out that needs no sign-in.
 *
 * The token is self-contained, so nothing is stored per mail:
 *
 *     base64url("1:<playerId>:<contactId>") "." base64url(HMAC-SHA256(secret, "unsubscribe." + <first part>))
 *
 * - It names the contact by its row id, never by address: a forwarded or logged link does not
 *   reveal the e-mail or phone. Contact ids are never reused, and removing a contact makes its
 *   links stop working.
 * - It does not expire: an opt-out must keep working in an old mail. Unforgeable is enough,
 *   because all it can do is switch one contact's marketing off.
 * - The signature covers the encoded payload exactly as sent (as a JWT does), so any change to a
 *   character of either part, including non-canonical base64url spellings, fails the check.
 * - "unsubscribe." separates these signatures from the other HMACs over the same server secret
 *   (one-time codes sign "<playerId>:…", the content JWT signs "eyJ…"): none can stand for another.
 */

export interface UnsubscribeTarget {
  playerId: number;
  contactId: number;
}

const VERSION = '1';
const PAYLOAD = /^1:([1-9]\d{0,9}):([1-9]\d{0,9})$/;
/** 1–64 base64url characters, a dot, then exactly one SHA-256 in base64url (43 characters). */
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: Buffer, encodedPayload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe.${encodedPayload}`).digest('base64url');
}

export function unsubscribeToken(secret: Buffer, target: UnsubscribeTarget): string {
  const payload = Buffer.from(`${VERSION}:${target.playerId}:${target.contactId}`).toString(
    'base64url',
  );
  return `${payload}.${signature(secret, payload)}`;
}

/** The site path of the unsubscribe page for this contact; `origin` makes it absolute (mails). */
export function unsubscribeLink(
  secret: Buffer,
  target: UnsubscribeTarget,
  origin: string | null = null,
): string {
  return `${origin ?? ''}/unsubscribe?token=${unsubscribeToken(secret, target)}`;
}

/** The player and contact a token names, or null when it is malformed, tampered or foreign. */
export function readUnsubscribeToken(secret: Buffer, token: string): UnsubscribeTarget | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, encodedPayload = '', given = ''] = parts;
  const expected = signature(secret, encodedPayload);
  // Both are 43 ASCII characters here (checked by TOKEN), so the compare runs in constant time.
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const fields = PAYLOAD.exec(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  if (!fields) return null;
  const playerId = Number(fields[1]);
  const contactId = Number(fields[2]);
  // Serial ids are 32-bit in the database: a larger number cannot name a row (and would fail there).
  if (playerId > 2_147_483_647 || contactId > 2_147_483_647) return null;
  return { playerId, contactId };
}
