import * as v from 'valibot';
import { STAFF_ROLES, type StaffRole } from '../define-method.ts';
import { money } from '../entities.ts';
import * as w from '../wire.ts';
import { method, ok, staffMethod } from './shared.ts';

// Not in §7 (ours, issue #30): the back office's own methods. Staff sign in here, not through
// `auth/login`: a separate session (its own HttpOnly, SameSite=Strict cookie, 30 minutes idle)
// that always needs a code from an authenticator app.

/** Every role but admin, which every staff method allows anyway. */
const ANY_ROLE = STAFF_ROLES.filter(
  (role): role is Exclude<StaffRole, 'admin'> => role !== 'admin',
);

export const staffMember = v.object({
  id: v.number(),
  login: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
});

/**
 * A successful sign-in. `recovery_codes` only on the sign-in that set up the authenticator app
 * (shown this once). A sign-in that needs a code answers `AuthorizationException` with
 * `error_data.two_factor_auth` (a code from the app is due) or `error_data.two_factor_setup`
 * (`secret`, `otpauth_url`, `qr_code`: the first sign-in of an account sets the app up, and the
 * same call with `code` confirms it).
 */
export const staffSignIn = v.object({
  staff: staffMember,
  recovery_codes: v.optional(v.array(v.string())),
});

/** One row of a player search: enough to tell players apart. */
export const staffPlayerRow = v.object({
  id: v.number(),
  login: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  currency: v.string(),
  status: v.string(),
  reg_time: v.string(),
});

export const staffPlayerNote = v.object({
  id: v.number(),
  at: v.string(),
  author: v.string(),
  text: v.string(),
});

export const staffPlayerSession = v.object({
  created_at: v.string(),
  last_seen_at: v.string(),
  ip: v.nullable(v.string()),
  user_agent: v.nullable(v.string()),
});

/** A player as the back office shows them: profile, money, protection, sessions, notes. */
export const staffPlayer = v.object({
  ...staffPlayerRow.entries,
  fakename: v.nullable(v.string()),
  birth_date: v.nullable(v.string()),
  country_code: v.nullable(v.string()),
  locale: v.string(),
  is_verified: v.boolean(),
  is_kyc_block_enabled: v.boolean(),
  two_factor: v.boolean(),
  /** The last block or unblock, with its reason. */
  block: v.nullable(
    v.object({
      action: v.picklist(['block', 'unblock']),
      reason: v.string(),
      at: v.string(),
      by: v.string(),
    }),
  ),
  /** The wallet's balances (main, bonus, betting bonus, total), as the player's own answer has them. */
  balances: v.object({
    balance_main: money,
    balance_bonus: money,
    balance_betting_bonus: money,
    balance_total: money,
  }),
  /** Deposit, loss and session limits in force, with a change waiting for its cooling-off. */
  limits: v.array(
    v.object({
      kind: v.picklist(['deposit', 'loss', 'session']),
      period_days: v.number(),
      /** An amount in the player's currency, or minutes for a session limit. */
      value: v.string(),
      pending: v.nullable(v.object({ value: v.nullable(v.string()), applies_at: v.string() })),
    }),
  ),
  self_exclusion: v.nullable(
    v.object({ kind: v.string(), period: v.nullable(v.string()), until: v.nullable(v.string()) }),
  ),
  sessions: v.array(staffPlayerSession),
  notes: v.array(staffPlayerNote),
});

export const auditRow = v.object({
  id: v.number(),
  at: v.string(),
  actor_id: v.number(),
  actor_login: v.string(),
  actor_roles: v.array(v.string()),
  action: v.string(),
  kind: v.picklist(['read', 'change']),
  subject_type: v.string(),
  subject_id: v.nullable(v.string()),
  player_id: v.nullable(v.number()),
  before: v.unknown(),
  after: v.unknown(),
  reason: v.nullable(v.string()),
  ip: v.nullable(v.string()),
});

/** A staff account as admins manage it. */
export const staffAccount = v.object({
  id: v.number(),
  login: v.string(),
  roles: v.array(v.picklist(STAFF_ROLES)),
  status: v.picklist(['active', 'blocked']),
  /** Whether its authenticator app is set up (else the next sign-in sets it up). */
  two_factor: v.boolean(),
  created_at: v.string(),
});

/** At least one role, each once. */
const roles = () => w.list(STAFF_ROLES, { min: 1 });

/** A reason staff give for a change: said in words, kept in the audit log. */
const reason = () => w.text({ min: 3, max: 500 });
const isoMoment = () =>
  w.text({ max: 40, pattern: /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, code: 'date' });

export const staff = {
  signin: method(
    'staff',
    'signin',
    'POST',
    'public',
    w.params({
      login: w.text({ max: 254 }),
      password: v.pipe(
        v.string('wrong_field'),
        v.minLength(1, 'required'),
        v.maxLength(200, 'max_length'),
      ),
      code: w.optional(w.signInCode()),
    }),
    staffSignIn,
    'built',
  ),
  signout: staffMethod('staff', 'signout', 'POST', ANY_ROLE, w.noParams, ok),
  me: staffMethod('staff', 'me', 'GET', ANY_ROLE, w.noParams, staffMember),
  /** By id, e-mail, phone or login (part of one, at least 3 characters); at most 50 rows. */
  searchplayers: staffMethod(
    'staff',
    'searchplayers',
    'GET',
    ['support', 'risk', 'finance'],
    w.params({ query: w.text({ min: 1, max: 254 }) }),
    v.array(staffPlayerRow),
  ),
  getplayer: staffMethod(
    'staff',
    'getplayer',
    'GET',
    ['support', 'risk', 'finance'],
    w.params({ player_id: w.integer({ min: 1 }) }),
    staffPlayer,
  ),
  /** Blocks a player (every session ends; sign-in answers UserBanned), with a reason. */
  blockplayer: staffMethod(
    'staff',
    'blockplayer',
    'POST',
    ['support', 'risk'],
    w.params({ player_id: w.integer({ min: 1 }), reason: reason() }),
    ok,
  ),
  unblockplayer: staffMethod(
    'staff',
    'unblockplayer',
    'POST',
    ['support', 'risk'],
    w.params({ player_id: w.integer({ min: 1 }), reason: reason() }),
    ok,
  ),
  addplayernote: staffMethod(
    'staff',
    'addplayernote',
    'POST',
    ['support', 'risk', 'finance'],
    w.params({ player_id: w.integer({ min: 1 }), text: w.text({ min: 1, max: 2000 }) }),
    staffPlayerNote,
  ),
  /** Admins only: every staff account. */
  liststaff: staffMethod('staff', 'liststaff', 'GET', [], w.noParams, v.array(staffAccount)),
  /**
   * Admins only: a new staff account (its first sign-in sets up its authenticator app). The
   * password follows the site's rule; the audit row never holds it.
   */
  createstaff: staffMethod(
    'staff',
    'createstaff',
    'POST',
    [],
    w.params({ email: w.email(), password: w.password(), roles: roles() }),
    staffAccount,
  ),
  /** Admins only: another account's roles (an admin cannot take their own admin role away). */
  setstaffroles: staffMethod(
    'staff',
    'setstaffroles',
    'POST',
    [],
    w.params({ staff_id: w.integer({ min: 1 }), roles: roles(), reason: reason() }),
    staffAccount,
  ),
  /** Admins only: blocks or unblocks another staff account (its sessions end at once). */
  setstaffblocked: staffMethod(
    'staff',
    'setstaffblocked',
    'POST',
    [],
    w.params({ staff_id: w.integer({ min: 1 }), blocked: w.flag(), reason: reason() }),
    staffAccount,
  ),
  /**
   * Admins only: a lost phone. The account's authenticator app and recovery codes are removed;
   * its next sign-in sets a new one up. Its sessions end at once.
   */
  resetstafftwofactor: staffMethod(
    'staff',
    'resetstafftwofactor',
    'POST',
    [],
    w.params({ staff_id: w.integer({ min: 1 }), reason: reason() }),
    staffAccount,
  ),
  /** The audit log, newest first, filtered; `total` counts every row that matches. */
  listaudit: staffMethod(
    'staff',
    'listaudit',
    'GET',
    ['risk'],
    w.params({
      actor_id: w.optional(w.integer({ min: 1 })),
      player_id: w.optional(w.integer({ min: 1 })),
      action: w.optional(w.text({ max: 100 })),
      kind: w.optional(w.oneOf(['read', 'change'])),
      from: w.optional(isoMoment()),
      to: w.optional(isoMoment()),
      offset: w.optional(w.integer({ min: 0 })),
      count: w.optional(w.integer({ min: 1, max: 200 })),
    }),
    v.object({ items: v.array(auditRow), total: v.number() }),
  ),
};
