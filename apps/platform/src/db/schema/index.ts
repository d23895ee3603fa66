/**
 * The build-time aggregate of the platform's schema (issue #23): each domain declares its tables
 * in its own `schema.ts` and imports them only inside itself; this file exists for drizzle-kit
 * (drizzle.config.ts) and for typing `db/client.ts`'s database, and no domain imports it (the
 * `boundaries/platform-domains` lint rule). One line per domain. The same tables and migrations
 * serve the embedded PGlite default and a real PostgreSQL (`DATABASE_URL`); stay within SQL both
 * accept (PGlite embeds PostgreSQL 18, Debian's server is 15).
 */
export * from '../../reference/schema.ts';
export * from '../../identity/schema.ts';
export * from '../../providers/mail/schema.ts';
export * from '../../loyalty/schema.ts';
export * from '../../content/schema.ts';
export * from '../../player-storage/schema.ts';
export * from '../../providers/social/schema.ts';
export * from '../../campaigns/schema.ts';
export * from '../../responsible/schema.ts';
export * from '../../marketing/schema.ts';
export * from '../../providers/payments/schema.ts';
export * from '../../wallet/schema.ts';
export * from '../../games/schema.ts';
export * from '../../payments/schema.ts';
export * from '../../bonuses/schema.ts';
export * from '../../providers/kyc/schema.ts';
export * from '../../kyc/schema.ts';
export * from '../../cashback/schema.ts';
export * from '../../play-events/schema.ts';
export * from '../../tournaments/schema.ts';
export * from '../../analytics/schema.ts';
export * from '../../sportsbook/schema.ts';
export * from '../../audit/schema.ts';
export * from '../../chat/schema.ts';
