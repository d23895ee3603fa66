import { ApiError } from '@northstar/errors';
import { twoFactorMessage } from '@northstar/errors/two-factor';
import { configuredMinDate } from '@northstar/validators';
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES } from '@northstar/i18n/locales';
import { miniAppProvider } from '../../providers/social/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { hasMovements } from '../../wallet/index.ts';
import { findValidPromoCode } from '../../campaigns/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import {
  accountKey,
  budgets,
  clear,
  confirmedContact,
  consume,
  consumeCode,
  createPlayer,
  endSession,
  findPlayerBySignIn,
  hasAuthenticator,
  hashPassword,
  normaliseContact,
  passwordSignIn,
  resendWait,
  revokeAllSessions,
  sendCode,
  pendingTwoFactor,
  socialSignIn,
  startSession,
  withSignUpBudget,
  addContact,
  contactsOf,
  playerById,
  playerContact,
  setPassword,
  updateProfile,
} from '../../identity/index.ts';
import { uniformDuration } from '../../lib/timing.ts';
import { cmsConfig } from '../../content/index.ts';
import { activateSignUpPromo } from '../../sign-up/index.ts';
import { promoActivationView } from '../campaigns/index.ts';
import { configuredRegistrationFields, registrationProfileErrors } from './registration-rules.ts';

/** Restore answers after this long whether the account exists or not (no timing oracle). */
const RESTORE_ANSWER_MS = 400;

export const authHandlers: ModuleHandlers<'auth'> = {
  async login(ctx, params) {
    const outcome = await passwordSignIn(ctx.app, {
      door: 'api',
      ip: ctx.ip,
      identifier: params.login,
      password: params.password,
      code: params.code,
    });
    if (outcome.status === 'two-factor') {
      return {
        two_factor_auth: true as const,
        resend_time: outcome.resendTime,
        two_factor_method: outcome.method,
      };
    }
    await startSession(ctx.app, ctx.request, ctx.reply, outcome.player.id);
    return { uid: outcome.player.id, two_factor_auth: false as const };
  },

  async logout(ctx) {
    await endSession(ctx.app, ctx.request, ctx.reply);
    return 1 as const;
  },

  async restore(ctx, params) {
    const { app } = ctx;
    const player = await findPlayerBySignIn(app.database.db, params.login);
    const keys = budgets('restore', ctx.ip, accountKey(params.login, player));
    if (!params.code) {
      // Counted for every request, known account or not, and answered the same way after the
      // same time, so neither the answer nor its timing tells whether the account exists.
      return uniformDuration(RESTORE_ANSWER_MS, async () => {
        await consume(app.database, keys, app.now());
        if (player && player.status === 'active') {
          const target =
            (await confirmedContact(app.database.db, player.id)) ??
            (await contactsOf(app.database.db, player.id))[0] ??
            null;
          const wait = await resendWait(app, player.id, 'restore');
          if (target && wait === 0) await sendCode(app, player, 'restore', target);
        }
        return { sent: true as const, resend_time: 60 };
      });
    }
    if (!params.password) {
      throw new ApiError('InvalidParameter', 'Choose a new password', {
        invalidParameters: { password: ['required'] },
      });
    }
    await consume(app.database, keys, app.now());
    if (!player) {
      throw new ApiError('Authorization', twoFactorMessage('codeInvalid'), {
        invalidParameters: { code: ['code_invalid'] },
      });
    }
    await consumeCode(app, player.id, 'restore', params.code);
    await setPassword(app.database.db, player.id, params.password);
    await revokeAllSessions(app, player.id);
    // A reset proves the account: its failed sign-ins and restores start over.
    await clear(app.database, [
      keys[0]!.key,
      budgets('sign-in', ctx.ip, `player:${player.id}`)[0]!.key,
    ]);
    // Issue #25: a reset code proves the mailbox, not the authenticator app; with the app on the
    // player signs in afresh with the new password and a code from it (no door skips the app).
    if (await hasAuthenticator(app.database.db, player.id)) {
      return { two_factor_auth: true as const, resend_time: 0, two_factor_method: 'app' as const };
    }
    await startSession(app, ctx.request, ctx.reply, player.id);
    return { uid: player.id, two_factor_auth: false as const };
  },

  async register(ctx, params) {
    const { app } = ctx;
    // §4 the address's sign-up budgets: accounts created, and (apart, larger) refused attempts.
    if (params.is_tg) return withSignUpBudget(app, ctx.ip, () => miniAppRegistration(ctx, params));
    // A signed-in player a social sign-in created completes the sign-up (§2 socialRegistration).
    if (ctx.session) return completeRegistration(ctx, params);
    return withSignUpBudget(app, ctx.ip, () => newRegistration(ctx, params));
  },
};

/**
 * The checks a sign-up and a completed social registration end with: a promo code entered must
 * be a valid one (§4; the field checked it already), and the configured profile fields and the
 * birth date pass again on the server (§5). Every field error so far is then thrown as one
 * InvalidParameter; otherwise the promo code found (or null) is returned.
 */
async function sharedFieldChecks(
  ctx: RegisterContext,
  params: RegisterParams,
  errors: Record<string, string[]>,
  fail: (field: string, code: string) => void,
) {
  const { app } = ctx;
  const promo = params.promo_code ? await findValidPromoCode(app, params.promo_code) : null;
  if (params.promo_code && !promo) fail('promo_code', 'promo_code_invalid');
  const content = await cmsConfig(app, isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE);
  const profileErrors = registrationProfileErrors(params, {
    configured: configuredRegistrationFields(content.siteConfig),
    today: app.now(),
    minDate: configuredMinDate(content.siteConfig),
  });
  for (const [field, codes] of Object.entries(profileErrors)) codes.forEach((c) => fail(field, c));
  if (Object.keys(errors).length > 0) {
    throw new ApiError('InvalidParameter', 'Some fields need attention', {
      invalidParameters: errors,
    });
  }
  return promo;
}

/** `auth/register` for a visitor: the §5 checks again, then the account and its session. */
async function newRegistration(ctx: RegisterContext, params: RegisterParams) {
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
  if (!params.password) fail('password', 'required');
  const currency = params.currency ?? 'EUR';
  if (!(await findCurrency(db, currency))) fail('currency', 'wrong_field');
  const locale =
    params.locale && isLocale(params.locale)
      ? params.locale
      : isLocale(ctx.locale)
        ? ctx.locale
        : DEFAULT_LOCALE;
  if (params.locale && !isLocale(params.locale)) fail('locale', 'wrong_field');
  if (login && (await findPlayerBySignIn(db, login)))
    fail(params.login ? 'login' : params.email ? 'email' : 'phone', 'already_exists');
  if (params.email && (await findPlayerBySignIn(db, params.email))) fail('email', 'already_exists');
  if (params.phone && (await findPlayerBySignIn(db, params.phone))) fail('phone', 'already_exists');
  const promo = await sharedFieldChecks(ctx, params, errors, fail);

  const passwordHash = await hashPassword(params.password!);
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
      promoCode: promo?.promo_code ?? null,
      firstName: params.first_name ?? null,
      middleName: params.middle_name ?? null,
      lastName: params.last_name ?? null,
      birthDate: params.birth_date ?? null,
      sex: params.sex ?? null,
      homeTown: params.home_town ?? null,
      address: params.address ?? null,
      postcode: params.postcode ?? null,
      documentType: params.document_type ?? null,
      documentNumber: params.document_number ?? null,
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
  return {
    uid: player.id,
    two_factor_auth: false as const,
    ...(await signUpPromo(ctx, player.id, promo?.promo_code)),
  };
}

/**
 * §4 "any entered promo code is activated" after the sign-up: by the server, for every door that
 * ends one (the sign-up orchestration's `activateSignUpPromo`), after the account exists. The
 * answer says what it gave, or the §8 codes of its refusal (the account stays either way).
 */
async function signUpPromo(ctx: RegisterContext, playerId: number, code: string | undefined) {
  if (!code) return {};
  const outcome = await activateSignUpPromo(ctx.app, playerId, code, ctx.request.log);
  if (outcome.status === 'refused') return { promo: outcome };
  return {
    promo: {
      status: 'activated' as const,
      activation: await promoActivationView(ctx.app.database.db, outcome.activation),
    },
  };
}

/**
 * §4 the messaging app's mini-app registration (`is_tg`): the signed `initData` in `payload` is
 * verified with the bot's token (providers/social/telegram.ts); its account signs in the player
 * linked to it, or a new one, through the one social sign-in of identity/ (status checks and
 * two-factor included). A forged or stale `payload` is refused like any bad social token.
 */
async function miniAppRegistration(
  ctx: Parameters<NonNullable<ModuleHandlers<'auth'>['register']>>[0],
  params: Parameters<NonNullable<ModuleHandlers<'auth'>['register']>>[1],
) {
  const { app } = ctx;
  const token = app.config.miniAppBotToken;
  if (!token) {
    throw new ApiError('InvalidParameter', 'The mini-app sign-in is not set up on this site', {
      invalidParameters: { is_tg: ['wrong_field'] },
    });
  }
  if (!params.payload) {
    throw new ApiError('InvalidParameter', 'The mini app sent no sign-in data', {
      invalidParameters: { payload: ['required'] },
    });
  }
  const locale = params.language_code
    ? LOCALE_BY_LANGUAGE[params.language_code.slice(0, 2).toLowerCase()]
    : undefined;
  const { outcome } = await socialSignIn(app, {
    provider: miniAppProvider(token, () => app.now()),
    accessToken: params.payload,
    ip: ctx.ip,
    locale: locale ?? (isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE),
    registrationCompleted: true,
  });
  if (outcome.status === 'two-factor') {
    pendingTwoFactor(app, ctx.request, ctx.reply, outcome.player.id);
    return {
      two_factor_auth: true as const,
      resend_time: outcome.resendTime,
      two_factor_method: outcome.method,
    };
  }
  await startSession(app, ctx.request, ctx.reply, outcome.player.id);
  return { uid: outcome.player.id, two_factor_auth: false as const };
}

type RegisterContext = Parameters<NonNullable<ModuleHandlers<'auth'>['register']>>[0];
type RegisterParams = Parameters<NonNullable<ModuleHandlers<'auth'>['register']>>[1];

/**
 * §2 socialRegistration: a player created by a social sign-in from the sign-in form has
 * `is_registration_completed` false; `auth/register` called with that player's session completes
 * the account with the same payload (no password needed: the social account signs in), under
 * the same rules as a sign-up (terms, the configured profile fields, the age, a free e-mail or
 * phone). The currency may change only while the account has no money movement. A player whose
 * registration is complete gets InvalidRequest: there is nothing to register.
 */
async function completeRegistration(ctx: RegisterContext, params: RegisterParams) {
  const { app } = ctx;
  const db = app.database.db;
  const playerId = ctx.playerId();
  const player = await playerById(db, playerId);
  if (!player) throw new ApiError('Authorization', 'Sign in to continue');
  if (player.isRegistrationCompleted) {
    throw new ApiError('InvalidRequest', 'This account is already registered');
  }
  const errors: Record<string, string[]> = {};
  const fail = (field: string, code: string) => (errors[field] ??= []).push(code);
  if (!params.terms) fail('terms', 'required');
  const currency = params.currency ?? player.currency;
  if (currency !== player.currency) {
    const known = await findCurrency(db, currency);
    if (!known || (await hasMovements(app.database, playerId))) fail('currency', 'wrong_field');
  }
  for (const [field, value] of [
    ['email', params.email],
    ['phone', params.phone],
  ] as const) {
    if (!value) continue;
    const owner = await findPlayerBySignIn(db, value);
    if (owner && owner.id !== playerId) fail(field, 'already_exists');
  }
  const promo = await sharedFieldChecks(ctx, params, errors, fail);
  const notify = params.notify ?? player.isSubscribed;
  await db.transaction(async (tx) => {
    await updateProfile(tx, playerId, {
      currency,
      locale: params.locale && isLocale(params.locale) ? params.locale : player.locale,
      countryCode: params.country_code?.toUpperCase() ?? player.countryCode,
      region: params.region ?? player.region,
      isSubscribed: notify,
      isBetting: params.is_betting ?? player.isBetting,
      characterId: params.character_id ?? player.characterId,
      promoCode: promo?.promo_code ?? player.promoCode,
      firstName: params.first_name ?? player.firstName,
      middleName: params.middle_name ?? player.middleName,
      lastName: params.last_name ?? player.lastName,
      birthDate: params.birth_date ?? player.birthDate,
      sex: params.sex ?? player.sex,
      homeTown: params.home_town ?? player.homeTown,
      address: params.address ?? player.address,
      postcode: params.postcode ?? player.postcode,
      documentType: params.document_type ?? player.documentType,
      documentNumber: params.document_number ?? player.documentNumber,
      isRegistrationCompleted: true,
    });
    for (const [type, value] of [
      ['email', params.email],
      ['phone', params.phone],
    ] as const) {
      if (!value) continue;
      const contact = type === 'email' ? normaliseContact(value).contact : value;
      if (await playerContact(tx, playerId, type, contact)) continue;
      await addContact(tx, playerId, {
        type,
        contact,
        isSubscribed: notify,
        phoneCountryCode: type === 'phone' ? (params.phone_country_code ?? null) : null,
      });
    }
  });
  // §4: the code entered while completing a social sign-up is activated as at any sign-up.
  return {
    uid: playerId,
    two_factor_auth: false as const,
    ...(await signUpPromo(ctx, playerId, promo?.promo_code)),
  };
}

/** The site's locale for the messaging app's language code (`es` → es-ES). */
const LOCALE_BY_LANGUAGE: Record<string, string | undefined> = Object.fromEntries(
  LOCALE_CODES.map((code) => [code.slice(0, 2), code]),
);
