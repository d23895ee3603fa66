/** Storage (§7 storage/*): per-player key/value pairs. */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../identity/schema.ts';

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
