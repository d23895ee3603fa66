/** Games: providers, games, favourites, free-spin packs. */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { players } from './identity.ts';

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
