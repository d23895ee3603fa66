import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { levelFor, type LevelDef } from './levels.ts';
import { notify } from './notifications.ts';

/**
 * The points ledger (issue #27), kept by the same rules as money: every change of a player's
 * points is a row of `loyalty_points_ledger` with a unique idempotency key and the balance after
 * it; the account's `points` and `lifetime_points` change only in the same transaction as that
 * row, under the account row's lock, so two changes at once are applied one after the other.
 */

export type PointsKind = 'earn' | 'rollback' | 'spend' | 'reward';

export interface PointsChange {
  playerId: number;
  kind: PointsKind;
  /** Positive credits, negative debits. */
  delta: number;
  key: string;
  meta?: Record<string, unknown>;
  /**
   * A debit larger than the balance: `refuse` answers `insufficient` and writes nothing (the
   * shop); `clamp` takes what there is (a rollback of points already spent: they stay spent).
   */
  overdraw?: 'refuse' | 'clamp';
}

export type PointsResult =
  | { status: 'applied' | 'replayed'; delta: number; balance: number; lifetime: bigint }
  | { status: 'insufficient'; balance: number };

type AccountRow = { points: number; lifetime_points: string; level: number };

/** Locks the player's account row (opening it first when missing) and reads it. */
export async function lockAccount(tx: Executor, playerId: number): Promise<AccountRow> {
  await tx.execute(
    sql`insert into loyalty_accounts (player_id) values (${playerId}) on conflict do nothing`,
  );
  const [row] = await rowsOf<AccountRow>(
    tx,
    sql`select points, lifetime_points::text, level from loyalty_accounts
        where player_id = ${playerId} for update`,
  );
  return row!;
}

/**
 * Applies one change of points in `tx` (the caller's transaction: the consumer's batch, the
 * purchase). Earning raises the lifetime points too, and a new level reached is written and
 * notified (trigger `level`) in the same transaction. A key seen before changes nothing and
 * answers `replayed` with that row's figures.
 */
export async function movePoints(tx: Executor, change: PointsChange): Promise<PointsResult> {
  const account = await lockAccount(tx, change.playerId);
  const [seen] = await rowsOf<{ delta: number; balance_after: number; lifetime_after: string }>(
    tx,
    sql`select delta, balance_after, lifetime_after::text from loyalty_points_ledger
        where idempotency_key = ${change.key}`,
  );
  if (seen) {
    return {
      status: 'replayed',
      delta: seen.delta,
      balance: seen.balance_after,
      lifetime: BigInt(seen.lifetime_after),
    };
  }
  let delta = change.delta;
  if (account.points + delta < 0) {
    if (change.overdraw !== 'clamp') return { status: 'insufficient', balance: account.points };
    delta = -account.points;
  }
  const balance = account.points + delta;
  // Lifetime points count what was earned (play and rewards); a rollback takes its stake's
  // points back from them too, spending in the shop does not.
  const lifetimeDelta = change.kind === 'spend' ? 0n : BigInt(delta);
  let lifetime = BigInt(account.lifetime_points) + lifetimeDelta;
  if (lifetime < 0n) lifetime = 0n;
  await tx.execute(sql`
    insert into loyalty_points_ledger
      (player_id, kind, delta, balance_after, lifetime_after, idempotency_key, meta)
    values (${change.playerId}, ${change.kind}, ${delta}, ${balance}, ${lifetime.toString()}::bigint,
      ${change.key}, ${JSON.stringify(change.meta ?? {})}::jsonb)`);
  const level = await reachedLevel(tx, change.playerId, account.level, lifetime);
  await tx.execute(sql`
    update loyalty_accounts
    set points = ${balance}, lifetime_points = ${lifetime.toString()}::bigint, level = ${level}
    where player_id = ${change.playerId}`);
  return { status: 'applied', delta, balance, lifetime };
}

/**
 * The cashback perk of each player's level (issue #27, the level's `cashback_percent`), in
 * hundredths of a percent, for cashback/ to add to its terms. A player without a loyalty account,
 * or at a level without the perk, is absent (0). One array parameter, however many players a
 * period closes for (a list of binds would meet PostgreSQL's 65,535 limit).
 */
export async function cashbackPerksBp(
  db: Executor,
  playerIds: readonly number[],
): Promise<Map<number, number>> {
  if (playerIds.length === 0) return new Map();
  const rows = await rowsOf<{ player_id: number; percent: number }>(
    db,
    sql`select a.player_id, l.cashback_percent as percent
        from loyalty_accounts a join loyalty_levels l on l.level = a.level
        where a.player_id = any(${`{${playerIds.join(',')}}`}::int[])
          and l.cashback_percent > 0`,
  );
  return new Map(rows.map((r) => [r.player_id, Math.round(Number(r.percent) * 100)]));
}

/** The level table, lowest first. */
export async function levelTable(db: Executor): Promise<LevelDef[]> {
  const rows = await rowsOf<{
    level: number;
    name: string;
    points_from: string;
    cashback_percent: number;
    shop_discount_percent: number;
    image_url: string | null;
  }>(db, sql`select * from loyalty_levels order by points_from`);
  return rows.map((r) => ({
    level: r.level,
    name: r.name,
    pointsFrom: BigInt(r.points_from),
    cashbackPercent: r.cashback_percent,
    shopDiscountPercent: r.shop_discount_percent,
    imageUrl: r.image_url,
  }));
}

/**
 * The account's level after its lifetime points changed: the level they reach, never below the
 * one reached before (a level once reached stays: a rollback does not take a perk back). Each new
 * level is notified once (key `level:<player>:<level>`).
 */
async function reachedLevel(
  tx: Executor,
  playerId: number,
  before: number,
  lifetime: bigint,
): Promise<number> {
  const levels = await levelTable(tx);
  if (levels.length === 0) return before;
  const { current } = levelFor(levels, lifetime);
  if (current.level <= before) return before;
  for (const reached of levels) {
    if (reached.level > before && reached.level <= current.level) {
      await notify(tx, {
        playerId,
        trigger: 'level',
        type: 'other',
        key: `level:${playerId}:${reached.level}`,
        params: { level: reached.name },
        image: reached.imageUrl,
      });
    }
  }
  return current.level;
}
