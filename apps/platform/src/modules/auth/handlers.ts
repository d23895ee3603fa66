import { eq } from 'drizzle-orm';
import { ApiError, twoFactorMessage } from '@northstar/errors';
import { DEFAULT_LOCALE, isLocale } from '@northstar/i18n/locales';
import type { RequestContext } from '../../context.ts';
import { contacts, currencies, players } from '../../db/schema.ts';
import type { ModuleHandlers } from '../../http/handlers.ts';
import { consumeCode, issueCode, resendWait } from '../../services/codes.ts';
import { sendMessage } from '../../services/mailer.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import {
  assertBelow,
  AUTH_WINDOW_MS,
  clear,
  record,
  type Limit,
} from '../../services/rate-limit.ts';
import { endSession, revokeAllSessions, startSession } from '../../services/sessions.ts';
import {
  confirmedContact,
  findPlayerBySignIn,
  normaliseContact,
  type Player,
} from '../account/players.ts';
import { createPlayer } from '../account/registration.ts';

/** §4: 5 failures per account and 20 per address in 15 minutes, for sign-in, codes and restore. */
function limits(kind: string, ctx: RequestContext, account: string): Limit[] {
  return [
    { key: `${kind}:account:${account.trim().toLowerCase()}`, max: 5, windowMs: AUTH_WINDOW_MS },
    { key: `${kind}:ip:${ctx.ip}`, max: 20, windowMs: AUTH_WINDOW_MS },
  ];
}

/** The one answer for an unknown account and a wrong password: no account enumeration. */
const wrongCredentials = () => new ApiError('Authorization', 'Wrong login or password');

export async function sendCodeToContact(
  ctx: RequestContext,
  player: Player,
  purpose: 'two_factor_login' | 'two_factor_setup' | 'restore',
  target: { type: string; contact: string },
) {
  const code = await issueCode(ctx.app, player.id, purpose, target.contact);
  const subject =
    purpose === 'restore' ? 'Your Northstar password reset code' : 'Your Northstar security code';
  await sendMessage(ctx.app.database.db, {
    recipient: target.contact,
    channel: target.type === 'phone' ? 'sms' : 'email',
    subject,
    body: `Your code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
  });
}

export const authHandlers: ModuleHandlers<'auth'> = {
  async login(ctx, params) {
    const { app } = ctx;
    const keys = limits('login', ctx, params.login);
    await assertBelow(app.database, keys, app.now());
    const player = await findPlayerBySignIn(app.database.db, params.login);
    const valid = await verifyPassword(player?.passwordHash ?? null, params.password);
    if (!player || !valid) {
      await record(app.database, keys, app.now());
      throw wrongCredentials();
    }
    if (player.status === 'banned') {
      throw new ApiError('UserBanned', 'This account is blocked', {
        errorData: { type: 'user-banned' },
      });
    }
    if (player.twoFactorEnabled) {
      const target = await confirmedContact(app.database.db, player.id);
      if (!params.code) {
        const wait = await resendWait(app, player.id, 'two_factor_login');
        if (wait > 0)
          throw new ApiError('Authorization', twoFactorMessage('resendTime', wait), {
            errorData: { resend_time: wait },
          });
        if (target) await sendCodeToContact(ctx, player, 'two_factor_login', target);
        return { two_factor_auth: true as const, resend_time: 60 };
      }
      const codeKeys = limits('two_factor', ctx, params.login);
      await assertBelow(app.database, codeKeys, app.now());
      try {
        await consumeCode(app, player.id, 'two_factor_login', params.code);
      } catch (error) {
        await record(app.database, codeKeys, app.now());
        throw error;
      }
    }
    await clear(app.database, [keys[0]!.key]);
    await startSession(app, ctx.request, ctx.reply, player.id);
    return { uid: player.id, two_factor_auth: false as const };
  },

  async logout(ctx) {
    await endSession(ctx.app, ctx.request, ctx.reply);
    return 1 as const;
  },

  async restore(ctx, params) {
    const { app } = ctx;
    const keys = limits('restore', ctx, params.login);
    await assertBelow(app.database, keys, app.now());
    const player = await findPlayerBySignIn(app.database.db, params.login);
    if (!params.code) {
      // Counted for every request, known account or not, and answered the same way.
      await record(app.database, keys, app.now());
      if (player && player.status === 'active') {
        const target =
          (await confirmedContact(app.database.db, player.id)) ??
          (
            await app.database.db.select().from(contacts).where(eq(contacts.playerId, player.id))
          )[0] ??
          null;
        const wait = await resendWait(app, player.id, 'restore');
        if (target && wait === 0) await sendCodeToContact(ctx, player, 'restore', target);
      }
      return { sent: true as const, resend_time: 60 };
    }
    if (!params.password) {
      throw new ApiError('InvalidParameter', 'Choose a new password', {
        invalidParameters: { password: ['required'] },
      });
    }
    if (!player) {
      await record(app.database, keys, app.now());
      throw new ApiError('Authorization', twoFactorMessage('codeInvalid'), {
        invalidParameters: { code: ['code_invalid'] },
      });
    }
    try {
      await consumeCode(app, player.id, 'restore', params.code);
    } catch (error) {
      await record(app.database, keys, app.now());
      throw error;
    }
    await app.database.db
      .update(players)
      .set({ passwordHash: await hashPassword(params.password) })
      .where(eq(players.id, player.id));
    await revokeAllSessions(app, player.id);
    await clear(app.database, [keys[0]!.key, `login:account:${params.login.trim().toLowerCase()}`]);
    await startSession(app, ctx.request, ctx.reply, player.id);
    return { uid: player.id, two_factor_auth: false as const };
  },

  async register(ctx, params) {
    const { app } = ctx;
    const db = app.database.db;
    const errors: Record<string, string[]> = {};
    const fail = (field: string, code: string) => {
      const codes = (errors[field] ??= []);
      if (!codes.includes(code)) codes.push(code);
    };

    // §3: the login falls back to the email, then the mobile.
    const login = (params.login ?? params.email ?? params.phone ?? '').trim().toLowerCase();
    if (!params.email && !params.phone && !params.login) fail('email', 'required');
    if (params.terms === false || params.terms === undefined) fail('terms', 'required');
    const currency = params.currency ?? 'EUR';
    const [known] = await db.select().from(currencies).where(eq(currencies.code, currency));
    if (!known) fail('currency', 'wrong_field');
    const locale =
      params.locale && isLocale(params.locale)
        ? params.locale
        : isLocale(ctx.locale)
          ? ctx.locale
          : DEFAULT_LOCALE;
    if (params.locale && !isLocale(params.locale)) fail('locale', 'wrong_field');
    if (login && (await findPlayerBySignIn(db, login)))
      fail(params.login ? 'login' : params.email ? 'email' : 'phone', 'already_exists');
    if (params.email && (await findPlayerBySignIn(db, params.email)))
      fail('email', 'already_exists');
    if (params.phone && (await findPlayerBySignIn(db, params.phone)))
      fail('phone', 'already_exists');
    if (Object.keys(errors).length > 0) {
      throw new ApiError('InvalidParameter', 'Some fields need attention', {
        invalidParameters: errors,
      });
    }

    const passwordHash = await hashPassword(params.password);
    const notify = params.notify ?? false;
    const player = await createPlayer(
      db,
      {
        login,
        passwordHash,
        currency,
        locale,
        fakename: params.fakename ?? null,
        countryCode: params.country_code?.toUpperCase() ?? null,
        region: params.region ?? null,
        isSubscribed: notify,
        isBetting: params.is_betting ?? false,
        characterId: params.character_id ?? null,
        promoCode: params.promo_code ?? null,
        firstName: params.first_name ?? null,
        lastName: params.last_name ?? null,
        birthDate: params.birth_date ?? null,
        regTime: app.now(),
      },
      [
        ...(params.email
          ? [
              {
                type: 'email' as const,
                contact: normaliseContact(params.email).contact,
                isSubscribed: notify,
              },
            ]
          : []),
        ...(params.phone
          ? [
              {
                type: 'phone' as const,
                contact: params.phone,
                phoneCountryCode: params.phone_country_code ?? null,
                isSubscribed: notify,
              },
            ]
          : []),
      ],
    );
    await startSession(app, ctx.request, ctx.reply, player.id);
    return { uid: player.id, two_factor_auth: false as const };
  },
};
