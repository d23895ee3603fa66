import * as v from 'valibot';
import type { Database } from '../db/client.ts';
import { analyticsHits } from './schema.ts';

/**
 * `/hit`'s query (§7: referer, seon_session, track_id; `kind` is ours: `visit`, the default, or
 * `security`). Every value is bounded; anything else is a 400, never a row.
 */
export const hitQuery = v.strictObject({
  kind: v.optional(v.picklist(['visit', 'security']), 'visit'),
  referer: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  seon_session: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,128}$/))),
  track_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  // The page's cache breaker (`&t=…`), not kept.
  t: v.optional(v.pipe(v.string(), v.maxLength(32))),
});
export type HitQuery = v.InferOutput<typeof hitQuery>;

/** A transparent 1×1 GIF: what a tracking image answers. */
export const PIXEL = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

export interface HitContext {
  query: HitQuery;
  /** The visitor's cookie consent (`cookie_consent`), undefined when not answered yet. */
  consent: string | undefined;
  securityEnabled: boolean;
  playerId: number | null;
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

/** Why a hit was not kept, or `kept`. */
export type HitOutcome = 'kept' | 'no_consent' | 'security_off' | 'nothing_to_keep';

/**
 * Keeps a hit when it may be kept. A visit (where the visitor came from, an affiliate's id) is
 * tracking: kept only with analytics consent (`cookie_consent=all`), and without the address or
 * the browser. The security hit is fraud prevention (the operator's legitimate interest, no
 * consent asked): kept when `is_seon_enabled`, with the device session, the address and the
 * browser, which fraud checks compare across accounts.
 */
export async function recordHit(db: Database, hit: HitContext): Promise<HitOutcome> {
  const { query } = hit;
  if (query.kind === 'visit') {
    if (hit.consent !== 'all') return 'no_consent';
    if (!query.referer && !query.track_id) return 'nothing_to_keep';
    await db.insert(analyticsHits).values({
      kind: 'visit',
      playerId: hit.playerId,
      referer: query.referer ?? null,
      trackId: query.track_id ?? null,
      createdAt: hit.now,
    });
    return 'kept';
  }
  if (!hit.securityEnabled) return 'security_off';
  if (!query.seon_session) return 'nothing_to_keep';
  await db.insert(analyticsHits).values({
    kind: 'security',
    playerId: hit.playerId,
    seonSession: query.seon_session,
    trackId: query.track_id ?? null,
    ip: hit.ip,
    userAgent: hit.userAgent?.slice(0, 500) ?? null,
    createdAt: hit.now,
  });
  return 'kept';
}
