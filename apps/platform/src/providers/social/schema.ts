/** The sandbox OAuth provider (providers/social). */
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.ts';

/** What the consent form gave, and until when a token or a code made from it is good. */
const consentedProfile = () => ({
  subject: text('subject').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Access tokens of the sandbox OAuth provider (providers/social/sandbox.ts): only a SHA-256 of the
 * token is kept, with the profile the consent form gave; a token lives 10 minutes.
 */
export const sandboxOauthTokens = pgTable(
  'sandbox_oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: text('provider').notNull(),
    ...consentedProfile(),
  },
  (t) => [index('sandbox_oauth_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One-time authorization codes of the sandbox provider (OAuth 2.0 authorization code grant with
 * PKCE, RFC 7636): only a SHA-256 of the code is kept, bound to the redirect path and the client's
 * S256 code challenge it was issued for, with the consented profile; a code lives 60 seconds and
 * is deleted when it is presented, whether the exchange succeeds or not.
 */
export const sandboxOauthCodes = pgTable(
  'sandbox_oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    provider: text('provider').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    ...consentedProfile(),
  },
  (t) => [index('sandbox_oauth_codes_expires_idx').on(t.expiresAt)],
);
