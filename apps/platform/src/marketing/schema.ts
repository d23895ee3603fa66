/**
 * Marketing consent's table (issue #25): marketing/ owns it; other domains ask through
 * marketing/index.ts (responsible/ withdraws consent on a self-exclusion, the account handlers
 * show and change it).
 */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../identity/schema.ts';

/**
 * Every change of a player's marketing consent for one product (casino, sports) on one channel
 * (e-mail, SMS, push), with when and through what it was given or withdrawn (GDPR art. 7(1): the
 * operator must be able to show the consent). Append-only: the newest row of a (player, product,
 * channel) is the consent in force; no row is no consent.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    channel: text('channel').notNull(),
    granted: boolean('granted').notNull(),
    /** What recorded it: `settings` (the player's page), `registration`, `self_exclusion`, … */
    source: text('source').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('marketing_consents_player_idx').on(t.playerId, t.product, t.channel, t.id)],
);
