import { createHash } from 'node:crypto';
import qs from 'qs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { wire } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { findCurrency } from '../reference/index.ts';
import {
  accountKey,
  assertBelow,
  AUTH_WINDOW_MS,
  bearerPlayer,
  budgets,
  checkCurrentPassword,
  consume,
  consumeCode,
  withSignUpBudget,
  contactsOf,
  createPlayer,
  findPlayerBySignIn,
  hashPassword,
  issueCode,
  issueJwt,
  passwordSignIn,
  record,
  revokeAllSessions,
  type Player,
  findContact,
  playerById,
  setPassword,
} from '../identity/index.ts';
import { sendMessage } from '../providers/mail/index.ts';
import { parseBody } from './request.ts';
import { siteLocales } from './store.ts';

/**
 * The content backend's users-permissions routes (§7 "Content backend"): sign-in, registration,
 * the current user, password forgot/reset/change and e-mail confirmation. They work on the same
 * `players` table as the application API, with the same rate limits and one-time codes.
 */

/**
 * The user as Strapi answers it; `populate=role` (or `*`) adds the role. `provider` is how this
 * sign-in happened (`local`, or a social provider's name, as Strapi's users-permissions says).
 */
/**
 * A player's Strapi 5 `documentId`: derived from the id (as content entries' are, by the
 * database), so it is the same on every answer and instance and needs no column.
 */
export function userDocumentId(id: number): string {
  return createHash('md5').update(`player:${id}`).digest('hex').slice(0, 24);
}

async function userView(app: AppContext, player: Player, populate: unknown, provider = 'local') {
  const list = await contactsOf(app.database.db, player.id);
  const email = list.find((contact) => contact.type === 'email');
  const withRole =
    populate === '*' ||
    populate === 'role' ||
    (typeof populate === 'string' && populate.split(',').includes('role')) ||
    (Array.isArray(populate) && populate.includes('role')) ||
    (typeof populate === 'object' && populate !== null && 'role' in populate);
  return {
    id: player.id,
    documentId: userDocumentId(player.id),
    username: player.login,
    email: email?.contact ?? null,
    provider,
    confirmed: email?.isConfirmed ?? false,
    blocked: player.status === 'banned',
    locale: player.locale,
    createdAt: player.regTime.toISOString(),
    updatedAt: player.regTime.toISOString(),
    ...(withRole
      ? { role: { name: player.role === 'staff' ? 'Staff' : 'Authenticated', type: player.role } }
      : {}),
  };
}

/** The answer of every route that signs in: `{ jwt, user }`. */
export async function signedIn(app: AppContext, player: Player, provider = 'local') {
  return {
    jwt: await issueJwt(app, player),
    user: await userView(app, player, undefined, provider),
  };
}

const signInBody = v.strictObject(
  {
    identifier: wire.text({ max: 254 }),
    password: v.pipe(
      v.string('wrong_field'),
      v.minLength(1, 'required'),
      v.maxLength(200, 'max_length'),
    ),
    /** The two-factor code, on the second step of a staff or player with two-factor on. */
    code: v.optional(wire.signInCode()),
  },
  'wrong_field',
);
const registerBody = v.strictObject(
  {
    username: v.optional(wire.text({ max: 100 })),
    email: wire.email(),
    password: wire.password(),
    currency: v.optional(wire.text({ max: 3 })),
    locale: v.optional(wire.text({ max: 10 })),
  },
  'wrong_field',
);
const emailBody = v.strictObject({ email: wire.email() }, 'wrong_field');
const resetBody = v.strictObject(
  {
    code: wire.text({ max: 40 }),
    password: wire.password(),
    passwordConfirmation: v.string('wrong_field'),
  },
  'wrong_field',
);
const changeBody = v.strictObject(
  {
    currentPassword: v.pipe(v.string('wrong_field'), v.minLength(1, 'required')),
    password: wire.password(),
    passwordConfirmation: v.string('wrong_field'),
  },
  'wrong_field',
);

/** Two-factor is on: the code went out; the same call again with `code` signs in. */
export const twoFactorRequired = (resendTime: number) =>
  new ApiError('Authorization', 'Enter the code we sent to your confirmed contact', {
    errorData: { two_factor_auth: true, resend_time: resendTime },
  });

function assertConfirmation(password: string, confirmation: string) {
  if (password !== confirmation) {
    throw new ApiError('InvalidParameter', 'Passwords do not match', {
      invalidParameters: { passwordConfirmation: ['same_as'] },
    });
  }
}

/**
 * The reset code in the e-mail names its player (`<player id>-<6 digits>`), because the reset call
 * carries the code alone (§7); the digits are a one-time code of services/codes.ts (10 minutes,
 * 5 tries), so guessing is bounded per player as well as per address.
 */
const RESET_CODE = /^(\d{1,9})-(\d{6})$/;

export function registerContentAuth(server: FastifyInstance, app: AppContext): void {
  const ok = { ok: true };
  const now = () => app.now();

  // The same sign-in service as the application API's auth/login: one two-factor rule and one
  // budget per account and address. With two-factor on, the first call sends the code and answers
  // 401 with `error_data.two_factor_auth`; the second call carries `code` too.
  server.post('/cms/auth/local', async (request) => {
    const body = parseBody(signInBody, request.body);
    const outcome = await passwordSignIn(app, {
      door: 'cms',
      ip: request.ip,
      identifier: body.identifier,
      password: body.password,
      code: body.code,
    });
    if (outcome.status === 'two-factor') throw twoFactorRequired(outcome.resendTime);
    return signedIn(app, outcome.player);
  });

  server.post('/cms/auth/local/register', async (request) => {
    const body = parseBody(registerBody, request.body);
    // §4 the same per-address sign-up budgets as auth/register (identity/sign-in.ts).
    return withSignUpBudget(app, request.ip, async () => {
      const db = app.database.db;
      const email = body.email.toLowerCase();
      const login = (body.username ?? email).trim().toLowerCase();
      const errors: Record<string, string[]> = {};
      if (await findPlayerBySignIn(db, email)) errors.email = ['already_exists'];
      if (body.username && (await findPlayerBySignIn(db, login)))
        errors.username = ['already_exists'];
      const currency = body.currency ?? 'EUR';
      if (!(await findCurrency(db, currency))) errors.currency = ['wrong_field'];
      const { rows, defaultLocale } = await siteLocales(app);
      const locale = body.locale ?? defaultLocale;
      if (!rows.some((row) => row.code === locale)) errors.locale = ['wrong_field'];
      if (Object.keys(errors).length > 0) {
        throw new ApiError('InvalidParameter', 'Some fields need attention', {
          invalidParameters: errors,
        });
      }
      const passwordHash = await hashPassword(body.password);
      const player = await createPlayer(
        db,
        { login, passwordHash, currency, locale, regTime: now() },
        [{ type: 'email', contact: email }],
      );
      return signedIn(app, player);
    });
  });

  server.get('/cms/users/me', async (request) => {
    const player = await bearerPlayer(app, request);
    if (!player) throw new ApiError('Authorization', 'Missing or invalid credentials');
    return userView(app, player, populateOf(request));
  });

  server.post('/cms/auth/forgot-password', async (request) => {
    const body = parseBody(emailBody, request.body);
    const player = await findPlayerBySignIn(app.database.db, body.email);
    // Counted and answered the same way for every address, known or not (auth/restore's budget).
    await consume(
      app.database,
      budgets('restore', request.ip, accountKey(body.email, player)),
      now(),
    );
    if (player && player.status === 'active') {
      const digits = await issueCode(app, player.id, 'restore', body.email.toLowerCase());
      await sendMessage(app.database.db, {
        recipient: body.email.toLowerCase(),
        channel: 'email',
        subject: 'Your Northstar password reset code',
        body: `Your password reset code is ${player.id}-${digits}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`,
      });
    }
    return ok;
  });

  server.post('/cms/auth/reset-password', async (request) => {
    const body = parseBody(resetBody, request.body);
    assertConfirmation(body.password, body.passwordConfirmation);
    const match = RESET_CODE.exec(body.code);
    // Every try counts against the address's restore budget (auth/restore's too).
    await consume(app.database, budgets('restore', request.ip, '').slice(1), now());
    const invalidCode = () =>
      new ApiError('InvalidParameter', 'Incorrect code provided', {
        invalidParameters: { code: ['code_invalid'] },
      });
    if (!match) throw invalidCode();
    const playerId = Number(match[1]);
    const player = await playerById(app.database.db, playerId);
    if (!player || player.status !== 'active') throw invalidCode();
    await consumeCode(app, player.id, 'restore', match[2]!);
    const passwordHash = await setPassword(app.database.db, player.id, body.password);
    await revokeAllSessions(app, player.id);
    return signedIn(app, { ...player, passwordHash });
  });

  server.post('/cms/auth/change-password', async (request) => {
    const player = await bearerPlayer(app, request);
    if (!player) throw new ApiError('Authorization', 'Missing or invalid credentials');
    const body = parseBody(changeBody, request.body);
    assertConfirmation(body.password, body.passwordConfirmation);
    const valid = await checkCurrentPassword(app, {
      ip: request.ip,
      player,
      password: body.currentPassword,
    });
    if (!valid) {
      throw new ApiError('InvalidParameter', 'The current password is wrong', {
        invalidParameters: { currentPassword: ['wrong_field'] },
      });
    }
    const passwordHash = await setPassword(app.database.db, player.id, body.password);
    await revokeAllSessions(app, player.id);
    return signedIn(app, { ...player, passwordHash });
  });

  server.post('/cms/auth/send-email-confirmation', async (request) => {
    const body = parseBody(emailBody, request.body);
    const email = body.email.toLowerCase();
    const keys = [
      { key: `confirm:account:${email}`, max: 5, windowMs: AUTH_WINDOW_MS },
      { key: `confirm:ip:${request.ip}`, max: 20, windowMs: AUTH_WINDOW_MS },
    ];
    await assertBelow(app.database, keys, now());
    await record(app.database, keys, now());
    const contact = await findContact(app.database.db, 'email', email);
    if (contact && !contact.isConfirmed) {
      // The same code as account/sendconfirmationtocontact: account/confirmContact accepts it.
      const code = await issueCode(app, contact.playerId, 'contact', email);
      await sendMessage(app.database.db, {
        recipient: email,
        channel: 'email',
        subject: 'Confirm your Northstar e-mail',
        body: `Your confirmation code is ${code}. It is valid for 10 minutes.`,
      });
    }
    return { email, sent: true };
  });
}

function populateOf(request: FastifyRequest): unknown {
  const search = request.url.split('?')[1] ?? '';
  return qs.parse(search, { depth: 3, parameterLimit: 50, allowPrototypes: false }).populate;
}
