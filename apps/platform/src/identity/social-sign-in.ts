import { and, eq } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { contacts, players, socialIdentities } from './schema.ts';
import type { SocialProfile, SocialProvider } from '../providers/social/index.ts';
import { hashPassword } from './passwords.ts';
import { assertBelow, AUTH_WINDOW_MS, record, type Limit } from './rate-limit.ts';
import { randomToken } from '../lib/tokens.ts';
import { findPlayer, type Player } from './players.ts';
import { createPlayer } from './registration.ts';
import { completeSignIn, type SignInOutcome } from './sign-in.ts';
import { generalSettings } from '../lib/general-settings.ts';

/**
 * Who a social sign-in is (§4 "social callback"), for the content backend's
 * `/cms/auth/{provider}/callback` and the site's `/oauth/init` alike:
 *
 * 1. A known identity (provider + subject, `social_identities`) is its player.
 * 2. Otherwise an e-mail the provider shares is looked up among the players' e-mail contacts.
 *    The identity is linked to that player only when the provider vouches for the e-mail *and*
 *    the player has confirmed it. Both, because either alone lets someone else in: an unverified
 *    provider e-mail is anyone's claim, and an unconfirmed contact may have been registered by
 *    someone who does not own the address, waiting for the owner to sign in with a provider
 *    (account pre-hijacking). Any other match is refused (Authorization, reason `email_in_use`):
 *    that person signs in with the password, confirms the e-mail, and then social sign-in links.
 * 3. Otherwise a new player is created the way registration creates one
 *    (account/registration.ts), with the identity linked in the same transaction; the e-mail
 *    contact counts as confirmed when the provider verified it. Its password is random and never
 *    told, so it signs in through the provider (or sets a password through restore).
 *
 * A social identity never signs in to a staff account: not through a linked identity, not by a
 * matching e-mail (a sandbox provider lets anyone claim any address, and a real one is one more
 * way into the content backend than staff need). Staff sign in with password and two-factor.
 *
 * Then the player goes through the sign-in service's steps like every door (sign-in.ts
 * `completeSignIn`): the status check (banned answers UserBanned) and two-factor, so a social
 * sign-in of an account with two-factor on asks for the code (`code`).
 */

export interface SocialSignIn {
  provider: SocialProvider;
  accessToken: unknown;
  ip: string;
  /** The locale of a player created now. */
  locale: string;
  /** `is_registration_completed` of a player created now (see oauth-routes.ts, type_auth). */
  registrationCompleted: boolean;
  /** The two-factor code, on the second step, for a player with two-factor on. */
  code?: string | undefined;
}

/** The answer when a social identity points at a staff account or an unlinkable e-mail. */
const emailInUse = () =>
  new ApiError(
    'Authorization',
    'An account already uses this e-mail: sign in with its password first',
    {
      errorData: { reason: 'email_in_use' },
    },
  );

/** 20 refused tokens per address in 15 minutes, like the other sign-in routes (§4). */
const limits = (ip: string): Limit[] => [
  { key: `social-callback:ip:${ip}`, max: 20, windowMs: AUTH_WINDOW_MS },
];

/**
 * The access token for the authorization code a callback brought (the provider's token endpoint,
 * server to server, with the flow's PKCE verifier), or Authorization (reason `invalid_grant`)
 * when the provider refuses it: an unknown, reused or expired code, a wrong verifier or redirect
 * path. Refusals count towards the same per-address limit as refused tokens.
 */
export async function exchangeSocialCode(
  app: AppContext,
  options: {
    provider: SocialProvider;
    code: unknown;
    codeVerifier: string;
    redirectUri: string;
    ip: string;
  },
): Promise<string> {
  const keys = limits(options.ip);
  await assertBelow(app.database, keys, app.now());
  const code = options.code;
  const token =
    typeof code === 'string' && code.length > 0 && code.length <= 2000
      ? await options.provider.exchangeCode({
          code,
          codeVerifier: options.codeVerifier,
          redirectUri: options.redirectUri,
        })
      : null;
  if (token === null) {
    await record(app.database, keys, app.now());
    throw new ApiError('Authorization', 'The sign-in code is invalid or has expired', {
      errorData: { reason: 'invalid_grant' },
    });
  }
  return token;
}

export async function socialSignIn(
  app: AppContext,
  options: SocialSignIn,
): Promise<{ outcome: SignInOutcome; player: Player; created: boolean }> {
  const keys = limits(options.ip);
  await assertBelow(app.database, keys, app.now());
  const token = options.accessToken;
  const profile =
    typeof token === 'string' && token.length > 0 && token.length <= 2000
      ? await options.provider.profile(token)
      : null;
  if (!profile) {
    await record(app.database, keys, app.now());
    throw new ApiError('Authorization', 'The access token is invalid or has expired', {
      errorData: { reason: 'invalid_token' },
    });
  }
  const found = await playerForProfile(app, options, profile);
  const player = await findPlayer(app.database.db, found.playerId);
  if (player.role === 'staff') throw emailInUse();
  const outcome = await completeSignIn(app, {
    door: 'social',
    ip: options.ip,
    player,
    code: options.code,
  });
  return { outcome, player, created: found.created };
}

async function identityOwner(db: Database, provider: string, subject: string) {
  const [row] = await db
    .select({ playerId: socialIdentities.playerId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row?.playerId ?? null;
}

async function playerForProfile(
  app: AppContext,
  options: SocialSignIn,
  profile: SocialProfile,
): Promise<{ playerId: number; created: boolean }> {
  const db = app.database.db;
  const provider = options.provider.name;
  const known = await identityOwner(db, provider, profile.subject);
  if (known !== null) return { playerId: known, created: false };

  const email = profile.email?.trim().toLowerCase() || null;
  const identity = { provider, subject: profile.subject, email };
  if (email) {
    const [contact] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.type, 'email'), eq(contacts.contact, email)))
      .limit(1);
    if (contact) {
      if (!profile.emailVerified || !contact.isConfirmed) throw emailInUse();
      // No new identity for a banned or deleted account, nor ever for staff.
      if ((await findPlayer(db, contact.playerId)).role === 'staff') throw emailInUse();
      await db
        .insert(socialIdentities)
        .values({ ...identity, playerId: contact.playerId, createdAt: app.now() })
        .onConflictDoNothing();
      return { playerId: (await identityOwner(db, provider, profile.subject))!, created: false };
    }
  }

  // The login is the e-mail, as at registration (§3), unless a player already has it as login.
  const fallbackLogin = `${provider}-${profile.subject}`.toLowerCase();
  let login = email ?? fallbackLogin;
  const [taken] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.login, login))
    .limit(1);
  if (taken) login = fallbackLogin;
  try {
    const player = await createPlayer(
      db,
      {
        login,
        passwordHash: await hashPassword(randomToken()),
        currency: generalSettings().default_currency,
        locale: options.locale,
        isRegistrationCompleted: options.registrationCompleted,
        regTime: app.now(),
      },
      email ? [{ type: 'email', contact: email, isConfirmed: profile.emailVerified }] : [],
      async (tx, created) => {
        await tx
          .insert(socialIdentities)
          .values({ ...identity, playerId: created.id, createdAt: app.now() });
      },
    );
    return { playerId: player.id, created: true };
  } catch (error) {
    // Two callbacks for the same new identity at once: the one that lost uses the winner's.
    const raced = await identityOwner(db, provider, profile.subject);
    if (raced !== null) return { playerId: raced, created: false };
    throw error;
  }
}
