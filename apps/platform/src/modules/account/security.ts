import { isIP } from 'node:net';
import Bowser from 'bowser';
import { ApiError } from '@northstar/errors';
import type { ModuleHandlers } from '../handlers.ts';
import {
  confirmAuthenticator,
  confirmedContact,
  findPlayer,
  hasAuthenticator,
  liveSessions,
  recoveryCodesLeft,
  removeAuthenticator,
  revokeAllSessions,
  revokePlayerSession,
  startAuthenticator,
  updateProfile,
  verifyAuthenticatorCode,
} from '../../identity/index.ts';

/** `a•••@example.com`, `•••••6789`: enough for the player to recognise, not to harvest. */
export function maskContact(type: string, contact: string): string {
  if (type === 'email') {
    const [local = '', domain = ''] = contact.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  return `•••••${contact.slice(-4)}`;
}

/** Private, loopback and link-local ranges: a session from the player's own or a local network. */
function isLocalAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  const lower = ip.toLowerCase();
  return (
    lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80')
  );
}

/**
 * Issue #25 "approximate place". No geo-IP database ships with the platform (nor may one be
 * fetched at run time), so the place is coarse on purpose: `local` for a private or loopback
 * address, else unknown (null) with the network shown with its last part hidden, which lets a
 * player tell "my home connection" from a stranger's without the page holding a full address.
 * A deployment behind a CDN can add a country here from its trusted header later.
 */
export function placeOf(ip: string | null): { place: string | null; network: string | null } {
  if (!ip) return { place: null, network: null };
  if (isLocalAddress(ip)) return { place: 'local', network: null };
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return { place: null, network: `${v4.split('.').slice(0, 3).join('.')}.•` };
  return { place: null, network: `${ip.split(':').slice(0, 3).join(':')}:•` };
}

/** The device of a User-Agent (bowser, a maintained parser), as the security page lists it. */
export function deviceOf(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  device_type: 'desktop' | 'mobile' | 'tablet' | 'other';
} {
  if (!userAgent) return { browser: null, os: null, device_type: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ? [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ') : null,
    device_type: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}

const notFound = () =>
  new ApiError('InvalidParameter', 'This session has already ended', {
    invalidParameters: { id: ['wrong_field'] },
  });

export const securityHandlers: ModuleHandlers<'account'> = {
  async getSecurity(ctx) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const app = await hasAuthenticator(db, player.id);
    const contact = await confirmedContact(db, player.id);
    return {
      two_factor_auth: app || player.twoFactorEnabled,
      two_factor_method: app ? 'app' : player.twoFactorEnabled ? 'contact' : null,
      recovery_codes_left: app ? await recoveryCodesLeft(db, player.id) : 0,
      code_contact: contact ? maskContact(contact.type, contact.contact) : null,
    };
  },

  async startAppTwoFactor(ctx) {
    const player = await findPlayer(ctx.app.database.db, ctx.playerId());
    return startAuthenticator(ctx.app, player);
  },

  async confirmAppTwoFactor(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    const codes = await confirmAuthenticator(app, { playerId, ip: ctx.ip, code: params.code });
    // The app replaces the code sent to a contact: one second factor at a time.
    await updateProfile(app.database.db, playerId, { twoFactorEnabled: false });
    return { two_factor_auth: true as const, recovery_codes: codes };
  },

  async disableAppTwoFactor(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    if (!(await hasAuthenticator(app.database.db, playerId))) return 1 as const;
    // A stolen session alone cannot turn the app off: it takes a code from it (or a recovery code).
    await verifyAuthenticatorCode(app, { playerId, ip: ctx.ip, code: params.code });
    await removeAuthenticator(app.database.db, playerId);
    return 1 as const;
  },

  async getSessions(ctx) {
    const current = ctx.session?.id;
    const rows = await liveSessions(ctx.app, ctx.playerId());
    // This device first, then the others by last seen (the newest first).
    rows.sort((a, b) => Number(b.id === current) - Number(a.id === current));
    return rows.map((row) => ({
      id: row.publicId,
      ...deviceOf(row.userAgent),
      ...placeOf(row.ip),
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      current: row.id === current,
    }));
  },

  async endSession(ctx, params) {
    const ended = await revokePlayerSession(ctx.app, ctx.playerId(), params.id);
    if (!ended) throw notFound();
    return 1 as const;
  },

  async endOtherSessions(ctx) {
    const ended = await revokeAllSessions(ctx.app, ctx.playerId(), ctx.session?.id);
    return { ended };
  },
};
