import { count, gte } from 'drizzle-orm';
import type { AnalyticsEventName, AnalyticsEventProperties } from '@northstar/contract';
import type { Database } from '../db/client.ts';
import { analyticsEvents } from './schema.ts';

export interface CollectedEvent {
  name: AnalyticsEventName;
  properties: AnalyticsEventProperties;
  playerId: number | null;
  now: Date;
}

/**
 * Keeps one event of the site's own collector (`events/handle`). The browser's `event_id` makes
 * it once-only: the same event sent again (a retry, a replayed queue) is not a second row. An
 * event without one (another client of the API) gets an id of its own here. Answers whether it
 * was new.
 */
export async function recordEvent(db: Database, event: CollectedEvent): Promise<boolean> {
  const { event_id: given, ...properties } = event.properties;
  const eventId = typeof given === 'string' ? given : crypto.randomUUID();
  const inserted = await db
    .insert(analyticsEvents)
    .values({
      eventId,
      name: event.name,
      playerId: event.playerId,
      properties,
      createdAt: event.now,
    })
    .onConflictDoNothing({ target: analyticsEvents.eventId })
    .returning({ id: analyticsEvents.id });
  return inserted.length === 1;
}

/** How many events of each name were kept since a moment (the operator's counts; tests). */
export async function eventCounts(db: Database, since: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.createdAt, since))
    .groupBy(analyticsEvents.name);
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}
