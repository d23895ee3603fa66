/** Identity (identity/): players, contacts, sessions, one-time codes, rate limits, social identities. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased sign-in name: the login, else the email, else the phone (§3). */
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('player'),
    /**
     * Issue #30: a staff account's back-office roles (admin, support, risk, content, finance);
     * empty for players. Only an account with role `staff` and at least one role signs in to the
     * back office.
     */
    staffRoles: text('staff_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    fakename: text('fakename'),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    countryCode: text('country_code'),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    isBetting: boolean('is_betting').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isOnVerification: boolean('is_on_verification').notNull().default(false),
    isKycBlockEnabled: boolean('is_kyc_block_enabled').notNull().default(false),
    isRegistrationCompleted: boolean('is_registration_completed').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    characterId: integer('character_id'),
    promoCode: text('promo_code'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    sex: integer('sex'),
    birthDate: text('birth_date'),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    region: text('region'),
    homeTown: text('home_town'),
    address: text('address'),
    postcode: text('postcode'),
    regTime: timestamp('reg_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_login_key').on(t.login),
    uniqueIndex('players_fakename_key').on(sql`lower(${t.fakename})`),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Emails lower-cased; phones digits only. */
    contact: text('contact').notNull(),
    phoneCountryCode: text('phone_country_code'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contacts_type_contact_key').on(t.type, t.contact),
    index('contacts_player_idx').on(t.playerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a database leak does not leak live sessions. */
    id: text('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in (issue #25: the security page's device column). */
    userAgent: text('user_agent'),
    /** The address at sign-in, for the security page's approximate place. */
    ip: text('ip'),
  },
  (t) => [index('sessions_player_idx').on(t.playerId)],
);

/**
 * Issue #25 authenticator-app two-factor (RFC 6238 TOTP): one per player. The secret is kept
 * encrypted (AES-256-GCM under a key derived from the server secret) and never sent again once
 * set-up is confirmed. `confirmedAt` null: set-up started, not yet proved by a first code.
 * `lastStep` is the newest 30-second step a code was accepted for: a code is never accepted twice.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step').notNull().default(0),
});

/** One-time recovery codes of the authenticator app, shown once and kept as HMACs only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_player_idx').on(t.playerId)],
);

/** One-time codes: password restore, two-factor sign-in and set-up, contact confirmation. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.playerId, t.purpose)],
);

/** Fixed-window counters shared by every instance (never only in one process's memory). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Social sign-in (providers/social): which player a provider's account is. `subject` is the
 * provider's stable id for its user, never the e-mail (an e-mail can change hands at a provider).
 * A player may have several identities; an identity names one player.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The e-mail the provider gave when the identity was linked (for support, not for sign-in). */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_player_idx').on(t.playerId),
  ],
);

/**
 * Issue #30: back-office sessions, separate from the players' (`sessions`): their own cookie
 * (HttpOnly, SameSite=Strict), 30 minutes idle and 12 hours at most, and only ever started after
 * a code from the staff member's authenticator app.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the cookie's token. */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Issue #30: what staff wrote about a player (the back office's notes; kept, never edited). */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull(),
    authorLogin: text('author_login').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('player_notes_player_idx').on(t.playerId, t.createdAt)],
);

/** Issue #30: each block and unblock of a player by staff, with the reason given. */
export const playerBlocks = pgTable(
  'player_blocks',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').notNull(),
    staffLogin: text('staff_login').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('player_blocks_player_idx').on(t.playerId, t.createdAt)],
);
