import { ApiError } from '@northstar/errors';
import { twoFactorMessage } from '@northstar/errors/two-factor';
import { DEFAULT_LOCALE, isLocale } from '@northstar/i18n/locales';
import type { AppContext } from '../../context.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { consumeCode, issueCode, resendWait } from '../../identity/index.ts';
import { sendMessage } from '../../providers/mail/index.ts';
import { checkCurrentPassword, sendCode } from '../../identity/index.ts';
import { assertBelow, AUTH_WINDOW_MS, record } from '../../identity/index.ts';
import { hasAuthenticator, revokeAllSessions } from '../../identity/index.ts';
import { isSelfExcluded } from '../../responsible/index.ts';
import { recordSignal } from '../../loyalty/index.ts';
import { hasMovements, playerBalances } from '../../wallet/index.ts';
import { phoneCountries, personalDataFields } from '../../lib/reference-data.ts';
import { sendSubscribedMail } from './subscriptions.ts';
import { readUnsubscribeToken } from './unsubscribe-link.ts';
import {
  addContact,
  confirmedContact,
  contactsOf,
  emptyProfileFields,
  fakenameOwner,
  findContact,
  findPlayer,
  markContactConfirmed,
  normaliseContact,
  playerContact,
  setContactSubscription,
  setPassword,
  unsubscribePlayer,
  updateProfile,
} from '../../identity/index.ts';
import { currencyList, findCurrency } from '../../reference/index.ts';
import { cmsConfig } from '../../content/index.ts';
import {
  consentsOf,
  recordMarketingConsent,
  type MarketingConsent,
} from '../../marketing/index.ts';
import { lockedAfterVerification, lockedFieldErrors, profileValueErrors } from './profile-rules.ts';

/**
 * Issue #27: the fields that make a profile complete for loyalty's `profile` trigger: who the
 * player is and where they live (what a regulated site's profile asks; the document is KYC's).
 */
const LOYALTY_PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'birth_date',
  'country_code',
  'home_town',
  'address',
  'postcode',
] as const;

/** A consent as the contract answers it (issue #25). */
const consentView = (c: MarketingConsent) => ({
  product: c.product,
  channel: c.channel,
  granted: c.granted,
  recorded_at: c.recordedAt ? iso(c.recordedAt) : null,
  source: c.source,
});

const iso = (date: Date) => date.toISOString();

/**
 * One answer for a contact that is someone else's and one that does not exist, as
 * sendconfirmationtocontact gives: a player cannot learn which addresses other accounts hold.
 */
const notOwnContact = () =>
  new ApiError('InvalidParameter', 'Add this contact first', {
    invalidParameters: { contact: ['wrong_field'] },
  });

/**
 * One of the player's own contacts, as typed (an e-mail or a phone number); someone else's and
 * an unknown one are the same typed error, so the answer never tells whose a contact is.
 */
async function ownContact(app: AppContext, playerId: number, typed: string) {
  const { type, contact } = normaliseContact(typed);
  const row = await playerContact(app.database.db, playerId, type, contact);
  if (!row) throw notOwnContact();
  return row;
}

/** Malformed, tampered, foreign or for a removed contact: all the same to the caller. */
const invalidUnsubscribeLink = () =>
  new ApiError('InvalidParameter', 'This unsubscribe link is not valid', {
    invalidParameters: { token: ['wrong_field'] },
  });

export const accountHandlers: ModuleHandlers<'account'> = {
  async getInfo(ctx) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const balances = await playerBalances(ctx.app.database, player.id);
    return {
      uid: player.id,
      reg_time: iso(player.regTime),
      login: player.login,
      fakename: player.fakename,
      is_subscribed: player.isSubscribed,
      balance_main: balances.balance_main,
      balance_bonus: balances.balance_bonus,
      balance_betting_bonus: balances.balance_betting_bonus,
      balance_fun: balances.balance_fun,
      is_on_verification: player.isOnVerification,
      is_verified: player.isVerified,
      is_kyc_block_enabled: player.isKycBlockEnabled,
      is_registration_completed: player.isRegistrationCompleted,
      country_code: player.countryCode,
      locale: player.locale,
      currency: player.currency,
      two_factor_auth: player.twoFactorEnabled,
    };
  },

  async getBalance(ctx) {
    return playerBalances(ctx.app.database, ctx.playerId());
  },

  async getprofileinfo(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const list = await contactsOf(db, player.id);
    const email = list.find((c) => c.type === 'email');
    const phone = list.find((c) => c.type === 'phone');
    const fields = params.fields ?? [];
    return {
      first_name: player.firstName,
      middle_name: player.middleName,
      last_name: player.lastName,
      sex: player.sex,
      birth_date: player.birthDate,
      document_type: player.documentType,
      document_number: player.documentNumber,
      ...(fields.includes('document')
        ? {
            document: {
              type: player.documentType,
              number: player.documentNumber,
              cpf: player.documentType === 'cpf' ? player.documentNumber : null,
            },
          }
        : {}),
      country: player.countryCode,
      country_code: player.countryCode,
      region: player.region,
      home_town: player.homeTown,
      address: player.address,
      postcode: player.postcode,
      mobile: phone?.contact ?? null,
      email: email?.contact ?? null,
      login: player.login,
      currency: player.currency,
      phone_country_code: phone?.phoneCountryCode ?? null,
      fakename: player.fakename,
      ...(fields.includes('contacts')
        ? {
            contacts: list.map((c) => ({
              type: c.type as 'email' | 'phone',
              contact: c.contact,
              is_confirmed: c.isConfirmed,
              is_subscribed: c.isSubscribed,
              ...(c.type === 'phone' ? { phone_country_code: c.phoneCountryCode } : {}),
            })),
          }
        : {}),
    };
  },

  async saveProfileInfo(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const changes = {
      first_name: params.first_name,
      middle_name: params.middle_name,
      last_name: params.last_name,
      sex: params.sex,
      birth_date: params.birth_date,
      document_type: params.document_type,
      document_number: params.document_number,
      country_code: params.country_code?.toUpperCase(),
      region: params.region,
      home_town: params.home_town,
      address: params.address,
      postcode: params.postcode,
    };
    // Issue #25: once verified, what the documents proved stays (identity data, and what the
    // operator's profile form marks locked after verification); staff correct it, not the player.
    if (player.isVerified) {
      const content = await cmsConfig(ctx.app, DEFAULT_LOCALE);
      const locked = lockedFieldErrors(
        changes,
        {
          first_name: player.firstName,
          middle_name: player.middleName,
          last_name: player.lastName,
          sex: player.sex,
          birth_date: player.birthDate,
          document_type: player.documentType,
          document_number: player.documentNumber,
          country_code: player.countryCode,
          region: player.region,
          home_town: player.homeTown,
          address: player.address,
          postcode: player.postcode,
        },
        lockedAfterVerification(content.siteConfig),
      );
      if (Object.keys(locked).length > 0) {
        throw new ApiError('InvalidParameter', 'These details are locked after verification', {
          invalidParameters: locked,
        });
      }
    }
    // §5 each value in its country's format (the country sent, else the one on file).
    const country = changes.country_code ?? player.countryCode ?? 'US';
    const invalid = profileValueErrors(changes, country, ctx.app.now());
    if (Object.keys(invalid).length > 0) {
      throw new ApiError('InvalidParameter', 'Some details are not valid', {
        invalidParameters: invalid,
      });
    }
    await updateProfile(db, player.id, {
      firstName: params.first_name ?? player.firstName,
      middleName: params.middle_name ?? player.middleName,
      lastName: params.last_name ?? player.lastName,
      sex: params.sex ?? player.sex,
      birthDate: params.birth_date ?? player.birthDate,
      documentType: params.document_type ?? player.documentType,
      documentNumber: params.document_number ?? player.documentNumber,
      countryCode: params.country_code?.toUpperCase() ?? player.countryCode,
      region: params.region ?? player.region,
      homeTown: params.home_town ?? player.homeTown,
      address: params.address ?? player.address,
      postcode: params.postcode ?? player.postcode,
    });
    // Issue #27: a profile now complete is loyalty's `profile` trigger (notified and counted once).
    if ((await emptyProfileFields(db, player.id, LOYALTY_PROFILE_FIELDS)).length === 0) {
      await db.transaction((tx) =>
        recordSignal(
          tx,
          ctx.app.now(),
          { playerId: player.id, currency: player.currency },
          'profile',
        ),
      );
    }
    return 1 as const;
  },

  async getMarketingConsent(ctx) {
    return (await consentsOf(ctx.app.database.db, ctx.playerId())).map(consentView);
  },

  async setMarketingConsent(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    // Player protection (UKGC SR 3.5.3): no marketing consent while self-excluded; the
    // exclusion withdrew it (responsible/) and it cannot come back until the exclusion ends.
    if (params.consent && (await isSelfExcluded(app.database.db, playerId, app.now()))) {
      throw new ApiError('InvalidRequest', 'Marketing is off while you are self-excluded', {
        errorData: { reason: 'self_excluded' },
      });
    }
    await recordMarketingConsent(app.database.db, {
      playerId,
      product: params.product,
      channel: params.channel,
      granted: params.consent,
      source: 'settings',
      now: app.now(),
    });
    return (await consentsOf(app.database.db, playerId)).map(consentView);
  },

  async getPersonalDataFields(ctx, params) {
    return personalDataFields(params.country, ctx.locale);
  },

  async getContactPhoneSettings(ctx) {
    return phoneCountries(ctx.locale);
  },

  async getcurrencyrates(ctx) {
    const rows = await currencyList(ctx.app.database.db);
    return rows.map((c) => ({
      code: c.code,
      symbol: c.symbol,
      decimals: c.decimals,
      rate: c.rate,
    }));
  },

  async addcontact(ctx, params) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    // §8 a bad e-mail and a bad phone each get their own error: what has an @ is an e-mail,
    // anything else a phone (a short or lettered number is a wrong phone, not a wrong e-mail).
    const typedEmail = params.contact.includes('@');
    const { type, contact } = typedEmail
      ? { type: 'email' as const, contact: params.contact.trim().toLowerCase() }
      : { type: 'phone' as const, contact: params.contact.replace(/[\s\-()+]/g, '') };
    if (type === 'email' && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+){1,2}$/.test(contact)) {
      throw new ApiError('InvalidParameter', 'Wrong email address', {
        invalidParameters: { contact: ['email'] },
      });
    }
    if (type === 'phone' && !/^\d{6,15}$/.test(contact)) {
      throw new ApiError('InvalidParameter', 'Wrong phone format', {
        invalidParameters: { contact: ['phone'] },
      });
    }
    const taken = await findContact(db, type, contact);
    if (taken && taken.playerId !== playerId) {
      throw new ApiError('InvalidParameter', 'This contact is already used', {
        invalidParameters: { contact: ['already_exists'] },
      });
    }
    const row =
      taken ??
      (await addContact(db, playerId, {
        type,
        contact,
        phoneCountryCode: type === 'phone' ? (params.phone_country_code ?? null) : null,
      }));
    return {
      type: row.type as 'email' | 'phone',
      contact: row.contact,
      is_confirmed: row.isConfirmed,
      is_subscribed: row.isSubscribed,
      ...(row.type === 'phone' ? { phone_country_code: row.phoneCountryCode } : {}),
    };
  },

  async sendconfirmationtocontact(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    const row = await ownContact(app, playerId, params.contact);
    const { contact, type } = row;
    if (row.isConfirmed) return { resend_time: 0 };
    const wait = await resendWait(app, playerId, 'contact');
    if (wait > 0)
      throw new ApiError('TooManyRequests', twoFactorMessage('resendTime', wait), {
        errorData: { resend_time: wait },
      });
    const code = await issueCode(app, playerId, 'contact', contact);
    await sendMessage(app.database.db, {
      recipient: contact,
      channel: type === 'phone' ? 'sms' : 'email',
      subject: 'Confirm your contact at Northstar',
      body: `Your confirmation code is ${code}. It is valid for 10 minutes.`,
    });
    return { resend_time: 60 };
  },

  async confirmContact(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    const { type, contact } = normaliseContact(params.contact);
    const keys = [{ key: `contact_code:account:${playerId}`, max: 5, windowMs: AUTH_WINDOW_MS }];
    await assertBelow(app.database, keys, app.now());
    try {
      await consumeCode(app, playerId, 'contact', params.code, contact);
    } catch (error) {
      await record(app.database, keys, app.now());
      throw error;
    }
    await markContactConfirmed(app.database.db, playerId, type, contact);
    // Issue #27: loyalty's `confirm` trigger (notified and counted once).
    const player = await findPlayer(app.database.db, playerId);
    await app.database.db.transaction((tx) =>
      recordSignal(tx, app.now(), { playerId, currency: player.currency }, 'confirm'),
    );
    return 1 as const;
  },

  async changeSubscription(ctx, params) {
    const { app } = ctx;
    const playerId = ctx.playerId();
    const row = await ownContact(app, playerId, params.contact);
    // Player protection: no marketing reaches a self-excluded player, whatever the UI sends.
    if (params.subscription && (await isSelfExcluded(app.database.db, playerId, app.now()))) {
      throw new ApiError('InvalidRequest', 'Marketing is off while you are self-excluded', {
        errorData: { reason: 'self_excluded' },
      });
    }
    const result = await setContactSubscription(app.database.db, {
      playerId,
      contactId: row.id,
      subscribed: params.subscription,
    });
    if (!result) throw notOwnContact(); // removed in between
    // Only on a real switch-on: repeating '1' does not send the mail again.
    if (result.changed && params.subscription && result.type === 'email') {
      await sendSubscribedMail(app, { playerId, contactId: row.id, email: row.contact });
    }
    return 1 as const;
  },

  /**
   * The target of a signed unsubscribe link: public, and the token alone decides whose contact it
   * is (a visitor, or another player signed in on the same browser, unsubscribes the link's
   * contact, never their own). Idempotent: an old link clicked again answers the same success.
   */
  async unsubscribe(ctx, params) {
    // §7 lists it as an account call: signed in and without a link's token, it unsubscribes the
    // session's player from everything; the mail link's token works for visitors (and for
    // anyone: it names one contact).
    if (params.token === undefined) {
      if (!ctx.session) {
        throw new ApiError('InvalidParameter', 'Sign in or open the link from the message', {
          invalidParameters: { token: ['required'] },
        });
      }
      await unsubscribePlayer(ctx.app.database.db, ctx.playerId());
      return { unsubscribed: true as const };
    }
    const target = readUnsubscribeToken(ctx.app.secret, params.token);
    if (!target) throw invalidUnsubscribeLink();
    const result = await setContactSubscription(ctx.app.database.db, {
      ...target,
      subscribed: false,
    });
    if (!result) throw invalidUnsubscribeLink();
    return { contact_type: result.type, unsubscribed: true as const };
  },

  async changepassword(ctx, params) {
    const { app } = ctx;
    const player = await findPlayer(app.database.db, ctx.playerId());
    if (params.repeat_password !== undefined && params.repeat_password !== params.new_password) {
      throw new ApiError('InvalidParameter', 'Passwords are not equal', {
        invalidParameters: { repeat_password: ['same_as'] },
      });
    }
    const valid = await checkCurrentPassword(app, {
      ip: ctx.ip,
      player,
      password: params.old_password,
    });
    if (!valid) {
      throw new ApiError('InvalidParameter', 'The current password is wrong', {
        invalidParameters: { old_password: ['wrong_password'] },
      });
    }
    await setPassword(app.database.db, player.id, params.new_password);
    await revokeAllSessions(app, player.id, ctx.session?.id);
    return 1 as const;
  },

  async changefakename(ctx, params) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    const owner = await fakenameOwner(db, params.fakename);
    if (owner !== null && owner !== playerId) {
      throw new ApiError('InvalidParameter', 'This nickname is taken', {
        invalidParameters: { fakename: ['already_exists'] },
      });
    }
    await updateProfile(db, playerId, { fakename: params.fakename });
    return 1 as const;
  },

  async changelocale(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    // Without args (§7: signed-in start-up) it answers the account's locale.
    if (params.locale === undefined) return { locale: player.locale };
    if (!isLocale(params.locale)) {
      throw new ApiError('InvalidParameter', 'Unknown locale', {
        invalidParameters: { locale: ['wrong_field'] },
      });
    }
    await updateProfile(db, player.id, { locale: params.locale });
    return { locale: params.locale ?? DEFAULT_LOCALE };
  },

  async setCurrency(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const known = await findCurrency(db, params.currency);
    if (!known)
      throw new ApiError('InvalidParameter', 'Unknown currency', {
        invalidParameters: { currency: ['wrong_field'] },
      });
    if (params.currency === player.currency) return 1 as const;
    // The account currency is chosen once: after the first money movement it stays.
    if (await hasMovements(ctx.app.database, player.id))
      throw new ApiError(
        'InvalidRequest',
        'The currency cannot change after the first transaction',
      );
    await updateProfile(db, player.id, { currency: params.currency });
    return 1 as const;
  },

  async changeTwoFactorAuth(ctx, params) {
    const { app } = ctx;
    const player = await findPlayer(app.database.db, ctx.playerId());
    // Issue #25: with the authenticator app on, the contact code is not a second choice.
    if (
      params.enable &&
      (player.twoFactorEnabled || (await hasAuthenticator(app.database.db, player.id)))
    ) {
      throw new ApiError('InvalidRequest', twoFactorMessage('alreadyEnabled'));
    }
    if (!params.enable && !player.twoFactorEnabled)
      return { two_factor_auth: false, resend_time: 0 };
    const target = await confirmedContact(app.database.db, player.id);
    if (!target) throw new ApiError('UserNeedConfirmContact', 'Confirm your email or phone first');
    const wait = await resendWait(app, player.id, 'two_factor_setup');
    if (wait > 0)
      throw new ApiError('TooManyRequests', twoFactorMessage('resendTime', wait), {
        errorData: { resend_time: wait },
      });
    await sendCode(app, player, 'two_factor_setup', target);
    return { two_factor_auth: player.twoFactorEnabled, resend_time: 60 };
  },

  async confirmTwoFactorAuth(ctx, params) {
    const { app } = ctx;
    const player = await findPlayer(app.database.db, ctx.playerId());
    const keys = [
      { key: `two_factor_setup:account:${player.id}`, max: 5, windowMs: AUTH_WINDOW_MS },
    ];
    await assertBelow(app.database, keys, app.now());
    try {
      await consumeCode(app, player.id, 'two_factor_setup', params.code);
    } catch (error) {
      await record(app.database, keys, app.now());
      throw error;
    }
    const enabled = !player.twoFactorEnabled;
    await updateProfile(app.database.db, player.id, { twoFactorEnabled: enabled });
    return { two_factor_auth: enabled };
  },
};
