/**
 * The platform's one schema (PostgreSQL through Drizzle). The same tables and migrations serve
 * the embedded PGlite default and a real PostgreSQL (`DATABASE_URL`); stay within SQL both accept
 * (PGlite embeds PostgreSQL 18, Debian's server is 15).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  /** Units of this currency for one EUR, as a decimal string. */
  rate: text('rate').notNull(),
  symbolPosition: text('symbol_position').notNull().default('before'),
});

export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased sign-in name: the login, else the email, else the phone (§3). */
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('player'),
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
  },
  (t) => [index('sessions_player_idx').on(t.playerId)],
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

/** Mail and SMS the platform sends; the sandbox transport keeps them here (`/dev/mail`). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  channel: text('channel').notNull().default('email'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** A balance per player, currency and kind (main, bonus, betting_bonus, fun), in minor units. */
export const wallets = pgTable(
  'wallets',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.currency] })],
);

/** One row per balance change, written in the same transaction, with an idempotency key. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_player_idx').on(t.playerId, t.createdAt),
  ],
);

export const gameProviders = pgTable('game_providers', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull().default('casino'),
  imageUrl: text('image_url'),
  isActive: boolean('is_active').notNull().default(true),
});

export const games = pgTable('games', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  name: text('name').notNull(),
  providerSysname: text('provider_sysname').notNull(),
  imageUrl: text('image_url'),
  tags: jsonb('tags')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  categories: jsonb('categories')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
});

export const favourites = pgTable(
  'favourites',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameSysname: text('game_sysname').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameSysname] })],
);

export const characters = pgTable('characters', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
});

export const loyaltyAccounts = pgTable('loyalty_accounts', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  points: integer('points').notNull().default(0),
  level: integer('level').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
});

export const freespinPacks = pgTable('freespin_packs', {
  id: serial('id').primaryKey(),
  playerId: integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  gameSysname: text('game_sysname').notNull(),
  remainingCount: integer('remaining_count').notNull(),
  status: text('status').notNull().default('received'),
  createdAt: createdAt(),
});

/**
 * The content backend's entries (§7 "Content backend"): one generic table for every content type
 * (pages, menus, banners, popups, redirects, SEO records, translations, site config…). `data`
 * holds the attributes; `locale` is null for types that are not localised.
 */
export const cmsEntries = pgTable(
  'cms_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    locale: text('locale'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the entry is a draft: public reads and the site leave drafts out. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('cms_entries_type_locale_idx').on(t.type, t.locale, t.id)],
);

/** Content seeds already applied (by name): a seed runs once, so staff deletions stay deleted. */
export const cmsSeedRuns = pgTable('cms_seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});

/** Storage (§7 storage/get, getKeys, set): small per-player key/value pairs kept for the site. */
export const playerStorage = pgTable(
  'player_storage',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.key] })],
);

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
 * Access tokens of the sandbox OAuth provider (providers/social/sandbox.ts): only a SHA-256 of the
 * token is kept, with the profile the consent form gave; a token lives 10 minutes.
 */
export const sandboxOauthTokens = pgTable(
  'sandbox_oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_oauth_tokens_expires_idx').on(t.expiresAt)],
);
