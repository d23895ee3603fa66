import * as v from 'valibot';
import { CONSENT_COOKIE } from '@northstar/shell-sdk/analytics';
import { resolveSession } from '../identity/index.ts';
import { domain } from '../lib/domain.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { hitQuery, PIXEL, recordHit } from './hits.ts';

export { eventCounts, recordEvent, type CollectedEvent } from './collector.ts';
export { recordHit, type HitOutcome } from './hits.ts';

/**
 * The analytics domain (issue #28): the site's own collector of analytics events (`events/handle`
 * hands them to `recordEvent`, with the visitor's consent) and `/hit`, the tracking image and the
 * security hit (hits.ts). It owns `analytics_events` and `analytics_hits` (schema.ts).
 *
 * `/hit` always answers the image (or 400 for a query outside its bounds), never says whether a
 * hit was kept, and is never cached.
 */
export const analyticsDomain = domain('analytics', (server, app) => {
  server.get('/hit', async (request, reply) => {
    const parsed = v.safeParse(hitQuery, request.query);
    if (!parsed.success) {
      return reply.code(400).header('cache-control', 'no-store').type('text/plain').send('bad_hit');
    }
    const settings = generalSettings();
    const session = await resolveSession(app, request, settings.time_to_force_logout);
    await recordHit(app.database.db, {
      query: parsed.output,
      consent: request.cookies[CONSENT_COOKIE],
      securityEnabled: settings.is_seon_enabled,
      playerId: session?.playerId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      now: app.now(),
    });
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'image/gif')
      .send(PIXEL);
  });
});
