import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import { applyClaimedMovement } from './ledger.ts';

/**
 * Wagering holds (issue #26, README.md "Bonus money"): what the wallet enforces for a bonus where
 * the money moves. The bonus engine opens a hold when a bonus is activated (crediting the bonus
 * money in the same transaction) and closes it by converting, forfeiting or returning the money.
 * Every bet while a hold is open adds its weighted stake in the bet's own transaction
 * (sql/bet.sql, which keeps the same arithmetic as `weightedStake` below).
 */

/**
 * The part of a stake that counts towards wagering: `weightPercent` % of it, rounded down to the
 * currency's minor unit (a casino never rounds wagering in the player's favour by more than the
 * smallest coin; rounding down is what the terms say: "10 % of each stake").
 */
export function weightedStake(stakeMinor: bigint, weightPercent: number): bigint {
  if (stakeMinor <= 0n || weightPercent <= 0) return 0n;
  return (stakeMinor * BigInt(Math.min(100, Math.trunc(weightPercent)))) / 100n;
}

/**
 * A game's weight under a hold: the highest weight among its categories that the hold names, else
 * the hold's default; an excluded game counts 0. Mirrors sql/bet.sql.
 */
export function gameWeight(
  hold: { weights: Record<string, number>; defaultWeight: number; excludedGames: string[] },
  game: { sysname: string; categories: string[] },
): number {
  if (hold.excludedGames.includes(game.sysname)) return 0;
  const named = game.categories.filter((c) => hold.weights[c] !== undefined);
  if (named.length === 0) return hold.defaultWeight;
  return Math.max(...named.map((c) => hold.weights[c]!));
}

export interface HoldTerms {
  playerId: number;
  currency: string;
  /** The bonus it belongs to, e.g. `bonus:12`. */
  owner: string;
  requiredMinor: bigint;
  maxBetMinor: bigint | null;
  weights: Record<string, number>;
  defaultWeight: number;
  excludedGames: string[];
}

export interface HoldView {
  id: number;
  owner: string;
  status: 'open' | 'complete' | 'closed';
  outcome: string | null;
  requiredMinor: bigint;
  progressMinor: bigint;
}

type HoldRow = {
  id: number;
  owner: string;
  status: HoldView['status'];
  outcome: string | null;
  required_minor: string;
  progress_minor: string;
  player_id: number;
  currency: string;
};

const toView = (row: HoldRow): HoldView => ({
  id: row.id,
  owner: row.owner,
  status: row.status,
  outcome: row.outcome,
  requiredMinor: BigInt(row.required_minor),
  progressMinor: BigInt(row.progress_minor),
});

/** Locks the player's main then bonus wallet (the order every path takes, sql/bet.sql too). */
async function lockWallets(tx: Executor, playerId: number, currency: string): Promise<bigint> {
  await tx.execute(sql`
    insert into wallets (player_id, kind, currency, balance_minor)
    values (${playerId}, 'main', ${currency}, 0), (${playerId}, 'bonus', ${currency}, 0)
    on conflict do nothing`);
  const rows = await rowsOf<{ kind: string; balance_minor: string }>(
    tx,
    sql`select kind, balance_minor::text from wallets
        where player_id = ${playerId} and currency = ${currency} and kind in ('main', 'bonus')
        order by kind desc for update`,
  );
  return BigInt(rows.find((r) => r.kind === 'bonus')?.balance_minor ?? '0');
}

/**
 * Opens a hold and credits the bonus money, in the caller's transaction. `creditKey` is the
 * ledger's idempotency key of the credit. A player with a live hold in this currency is refused
 * (one bonus wagers at a time).
 */
export async function openWageringHold(
  tx: Executor,
  terms: HoldTerms,
  credit: { amountMinor: bigint; idempotencyKey: string; meta?: Record<string, unknown> },
): Promise<HoldView> {
  await lockWallets(tx, terms.playerId, terms.currency);
  const [live] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from wagering_holds where player_id = ${terms.playerId}
          and currency = ${terms.currency} and status in ('open', 'complete')`,
  );
  if (live) {
    throw new ApiError('InvalidRequest', 'Another bonus is being wagered', {
      errorData: { reason: 'bonus_already_active' },
    });
  }
  // A re-activation (after a deactivation) reopens the owner's closed hold from zero.
  const [row] = await rowsOf<HoldRow>(
    tx,
    sql`insert into wagering_holds (player_id, currency, owner, status, required_minor,
          progress_minor, max_bet_minor, weights, default_weight, excluded_games)
        values (${terms.playerId}, ${terms.currency}, ${terms.owner}, 'open',
          ${terms.requiredMinor.toString()}::bigint, 0,
          ${terms.maxBetMinor === null ? null : terms.maxBetMinor.toString()}::bigint,
          ${JSON.stringify(terms.weights)}::jsonb, ${terms.defaultWeight},
          ${JSON.stringify(terms.excludedGames)}::jsonb)
        on conflict (owner) do update set status = 'open', outcome = null, progress_minor = 0,
          required_minor = excluded.required_minor, closed_at = null
        returning *`,
  );
  if (credit.amountMinor > 0n) {
    await applyClaimedMovement(tx, {
      playerId: terms.playerId,
      kind: 'bonus',
      currency: terms.currency,
      amountMinor: credit.amountMinor,
      reason: 'bonus_credit',
      idempotencyKey: credit.idempotencyKey,
      meta: { hold: row!.id, owner: terms.owner, ...credit.meta },
    });
  }
  return toView(row!);
}

/** The holds of these owners (a bonus list's wagering progress), by owner. */
export async function wageringHolds(
  db: Executor,
  owners: string[],
): Promise<Map<string, HoldView>> {
  if (owners.length === 0) return new Map();
  const rows = await rowsOf<HoldRow>(
    db,
    sql`select * from wagering_holds where owner in (${sql.join(
      owners.map((o) => sql`${o}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.owner, toView(row)]));
}

/** Owners of the holds whose wagering is done and that wait to convert (the bonus job's list). */
export async function completedHoldOwners(db: Executor, limit = 100): Promise<string[]> {
  const rows = await rowsOf<{ owner: string }>(
    db,
    sql`select owner from wagering_holds where status = 'complete' order by id limit ${limit}`,
  );
  return rows.map((r) => r.owner);
}

export type HoldClose =
  /** Wagering done: the whole bonus balance becomes real money (once). */
  | { outcome: 'converted' }
  /** Expired, removed, or forfeited for a withdrawal: the bonus balance is taken. */
  | { outcome: 'forfeited'; reason: string }
  /**
   * Deactivated before any wagering: refused once a stake has counted or the balance is under
   * `amountMinor` (bonus money played); else the bonus balance goes back and the hold may reopen.
   */
  | { outcome: 'returned'; amountMinor: bigint };

/**
 * Closes the owner's live hold in the caller's transaction and moves its money, each movement a
 * ledger row keyed `<keyPrefix>:…` (so a repeat is refused by the ledger's unique key, and the
 * status check under the lock makes it happen once). Answers the minor units moved, or null when
 * the owner has no live hold (already closed: nothing happens twice).
 */
export async function closeWageringHold(
  tx: Executor,
  owner: string,
  close: HoldClose,
  keyPrefix: string,
): Promise<bigint | null> {
  const [peek] = await rowsOf<HoldRow>(
    tx,
    sql`select * from wagering_holds where owner = ${owner}`,
  );
  if (!peek) return null;
  const bonus = await lockWallets(tx, peek.player_id, peek.currency);
  const [hold] = await rowsOf<HoldRow>(
    tx,
    sql`select * from wagering_holds where owner = ${owner}
          and status in ('open', 'complete') for update`,
  );
  if (!hold) return null;
  if (close.outcome === 'converted' && hold.status !== 'complete') return null;
  const meta = { hold: hold.id, owner };
  const base = { playerId: hold.player_id, currency: hold.currency, meta };
  // Every close moves the whole bonus balance: converted to main, forfeited, or given back.
  const moved = bonus;
  if (close.outcome === 'converted') {
    if (moved > 0n) {
      await applyClaimedMovement(tx, {
        ...base,
        kind: 'bonus',
        amountMinor: -moved,
        reason: 'bonus_conversion',
        idempotencyKey: `${keyPrefix}:bonus`,
      });
      await applyClaimedMovement(tx, {
        ...base,
        kind: 'main',
        amountMinor: moved,
        reason: 'bonus_conversion',
        idempotencyKey: `${keyPrefix}:main`,
      });
    }
  } else if (close.outcome === 'forfeited') {
    if (moved > 0n) {
      await applyClaimedMovement(tx, {
        ...base,
        kind: 'bonus',
        amountMinor: -moved,
        reason: `bonus_${close.reason}`,
        idempotencyKey: keyPrefix,
      });
    }
  } else {
    if (BigInt(hold.progress_minor) !== 0n || bonus < close.amountMinor) {
      throw new ApiError('InvalidRequest', 'This bonus is already in play', {
        errorData: { reason: 'bonus_in_play' },
      });
    }
    // The bonus goes back with whatever its stakes won (bonus winnings belong to the bonus), so
    // no bonus money is left on the balance without a bonus.
    if (moved > 0n) {
      await applyClaimedMovement(tx, {
        ...base,
        kind: 'bonus',
        amountMinor: -moved,
        reason: 'bonus_deactivation',
        idempotencyKey: keyPrefix,
      });
    }
  }
  await tx.execute(sql`
    update wagering_holds set status = 'closed', outcome = ${close.outcome}, closed_at = now()
    where id = ${hold.id}`);
  return moved;
}
