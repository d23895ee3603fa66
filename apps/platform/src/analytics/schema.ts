/**
 * The analytics domain's tables (issue #28): analytics/ owns them; nothing else reads them.
 */
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
import { players } from '../identity/schema.ts';

/**
 * The site's own analytics collector (`events/handle`): one row per event a browser sent after
 * its visitor accepted analytics cookies. `event_id` is made once in the browser, so an event
 * sent twice is kept once. No IP address or user agent: what is counted is what happened, not who
 * the visitor's device is.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    name: text('name').notNull(),
    /** The signed-in player, if any (kept when the player is deleted: the counts stay). */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('analytics_events_event_id_idx').on(t.eventId),
    index('analytics_events_name_idx').on(t.name, t.createdAt),
  ],
);

/**
 * `/hit` (§7): a visit's tracking image (after consent: where the visitor came from and the
 * affiliate's `track_id`) and the security hit (fraud prevention, when `is_seon_enabled`: the
 * device session, the address and the browser, linked to the player if signed in).
 */
export const analyticsHits = pgTable(
  'analytics_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `visit` or `security`. */
    kind: text('kind').notNull(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    referer: text('referer'),
    trackId: text('track_id'),
    seonSession: text('seon_session'),
    /** Kept for the security hit only (what fraud checks compare); null on a visit. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_hits_kind_idx').on(t.kind, t.createdAt),
    index('analytics_hits_player_idx').on(t.playerId),
  ],
);
