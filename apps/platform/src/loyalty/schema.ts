/** Loyalty: characters and loyalty accounts. */
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { players } from '../identity/schema.ts';

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
