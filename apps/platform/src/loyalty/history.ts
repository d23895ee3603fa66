import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

export interface PointsHistoryRow {
  id: number;
  kind: string;
  delta: number;
  balance_after: number;
  created_at: string;
  meta: Record<string, unknown>;
  /** What the row is about: the product bought, the programme completed; null for play. */
  title: string | null;
}

/**
 * One page of a player's points ledger, newest first (§2 /profile/loyalty: the history of points
 * earned and spent), and how many rows there are.
 */
export async function pointsHistory(
  db: Executor,
  playerId: number,
  offset: number,
  count: number,
): Promise<{ rows: PointsHistoryRow[]; total: number }> {
  const [{ total } = { total: 0 }] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from loyalty_points_ledger where player_id = ${playerId}`,
  );
  const rows = await rowsOf<{
    id: string;
    kind: string;
    delta: number;
    balance_after: number;
    created_at: string | Date;
    meta: Record<string, unknown>;
    title: string | null;
  }>(
    db,
    sql`select l.id::text, l.kind, l.delta, l.balance_after, l.created_at, l.meta,
          coalesce(p.title, q.title) as title
        from loyalty_points_ledger l
        left join loyalty_products p
          on l.meta ? 'product' and p.id = (l.meta->>'product')::int
        left join loyalty_programs q
          on l.meta ? 'program' and q.id = (l.meta->>'program')::int
        where l.player_id = ${playerId} order by l.id desc limit ${count} offset ${offset}`,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      delta: r.delta,
      balance_after: r.balance_after,
      created_at: new Date(r.created_at).toISOString(),
      meta: r.meta,
      title: r.title,
    })),
  };
}
