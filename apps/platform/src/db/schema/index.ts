/**
 * The platform's schema, one file per domain (PostgreSQL through Drizzle). The same tables and migrations serve
 * the embedded PGlite default and a real PostgreSQL (`DATABASE_URL`); stay within SQL both accept
 * (PGlite embeds PostgreSQL 18, Debian's server is 15).
 */
export * from './reference.ts';
export * from './identity.ts';
export * from './mail.ts';
export * from './loyalty.ts';
export * from './content.ts';
export * from './storage.ts';
export * from './social.ts';
export * from './campaigns.ts';
export * from './cashier.ts';
export * from '../../wallet/schema.ts';
export * from '../../games/schema.ts';
export * from '../../payments/schema.ts';
