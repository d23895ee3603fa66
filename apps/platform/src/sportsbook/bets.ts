import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Database, type Executor } from '../db/client.ts';
import { applyClaimedMovement, balancesOf, lockMainBalance, lossMoves } from '../wallet/index.ts';
import { settleFreeBet, stakeFreeBet } from '../bonuses/index.ts';
import { isSelfExcluded, lossRemaining, playLimitsOf } from '../responsible/index.ts';
import {
  betLines,
  BetShapeError,
  cashOutValue,
  ODDS_SCALE,
  oddsText,
  parseBetKind,
  potentialReturn,
  settle,
  stakeAfterPartialCashOut,
  type Bet,
  type LegResult,
} from '@northstar/contract/bet-math';
import { acceptsOdds, type OddsChangeSetting } from './odds.ts';
import { inList } from './ingest.ts';

/**
 * Bets (issue #29): placement, settlement and cash-out. Money moves only through wallet/, one
 * ledger row per movement, each under a key named after the bet (`sb:<id>:stake`,
 * `sb:<id>:settle:<n>`, `sb:<id>:cashout:<cash-out id>`), in the same transaction as the bet's rows.
 *
 * - **Placement** re-checks every leg when it commits: the events of the bet are read `FOR SHARE`
 *   (the feed's ingest updates an event's row in every change of it, so the prices read are the
 *   ones in force when the bet commits), every event and market open and every outcome priced, the
 *   odds within the player's odds-change setting, no two legs of one event (unless the market says
 *   so), the stake within the book's limits, the player not self-excluded. A refusal is typed
 *   (`InvalidRequest` with `error_data.reason`) and names the legs (`odds_changed` with old and
 *   new odds; `selection_suspended`). The player's request id makes a placement sent twice one bet.
 * - **Settlement** runs when a leg's outcome has a result (the feed's, through the ingest): the
 *   bet's row is locked (`SKIP LOCKED`: two instances never settle one bet at once), its legs take
 *   their outcomes' results, and once every line is decided the return is paid. A result corrected
 *   later settles the bet again: the difference is a new ledger movement (`sb:<id>:settle:2`, …),
 *   never an edit; what the player no longer holds of a taken-back return is recorded as owed.
 * - **Cash-out**, full or partial, at the value of the open lines at today's prices less the
 *   operator's margin (`@northstar/contract/bet-math` `cashOutValue`); refused while a leg's market is suspended, and
 *   re-quoted when the value differs from the one the player was shown.
 */

export type BetStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed-out';

export interface BookLimits {
  /** The least stake per line, in the currency's major units (e.g. 0.10). */
  minStake: number;
  /** The most one bet may stake in all, major units. */
  maxStake: number;
  /** The most one bet may return, major units. */
  maxPayout: number;
  /** The operator's margin on a cash-out's value, basis points. */
  cashOutMarginBasisPoints: number;
}

export const DEFAULT_LIMITS: BookLimits = {
  minStake: 0.1,
  maxStake: 5_000,
  maxPayout: 250_000,
  cashOutMarginBasisPoints: 500,
};

function refused(reason: string, message: string, data: Record<string, unknown> = {}): ApiError {
  return new ApiError('InvalidRequest', message, { errorData: { reason, ...data } });
}

function fieldError(field: string, message: string): ApiError {
  return new ApiError('InvalidParameter', message, {
    invalidParameters: { [field]: ['wrong_field'] },
  });
}

/**
 * Loss limits (issue #25, UKGC RTS 12) hold for sports as for games: a stake above what a limit's
 * window leaves (its net loss at the games and the sportsbook together, wallet's lossMoves) is
 * refused with `loss_limit` and what is left. The main balance is locked first, so two stakes of
 * one player at once are counted one after the other (the games' bet function locks it too).
 */
async function checkLossLimits(
  tx: Executor,
  now: Date,
  playerId: number,
  currency: string,
  stakeMinor: bigint,
): Promise<void> {
  const limits = (await playLimitsOf(tx, playerId, now)).filter(
    (limit) => limit.kind === 'loss' && (limit.currency ?? currency) === currency,
  );
  if (limits.length === 0) return;
  await lockMainBalance(tx, playerId, currency);
  for (const limit of limits) {
    const { staked, won } = await lossMoves(tx, playerId, currency, limit.windowStart);
    const left = lossRemaining(limit.amount, staked, won);
    if (stakeMinor > left) {
      throw refused('loss_limit', 'The stake is above what your loss limit leaves', {
        available_minor: left.toString(),
        period_days: limit.periodDays,
      });
    }
  }
}

export interface PlaceRequest {
  playerId: number;
  currency: string;
  /** The currency's decimals (2 for EUR). */
  decimals: number;
  requestId: string;
  kind: string;
  /** The outcomes and the odds the player saw, thousandths. */
  legs: { outcomeId: number; odds: number }[];
  /** Per line, minor units (a free bet's: its whole amount, and one line). */
  stakeMinor: bigint;
  freeBetId: number | null;
  /** The player's setting unless the slip sends one. */
  oddsChange: OddsChangeSetting | null;
}

/** A row of `sb_bets` as raw SQL reads it. */
export interface BetRow {
  id: string;
  player_id: number;
  request_id: string;
  kind: string;
  currency: string;
  stake_minor: string;
  placed_stake_minor: string;
  lines: number;
  free_bet_id: number | null;
  odds_change: OddsChangeSetting;
  status: BetStatus;
  return_minor: string | null;
  cashed_out_minor: string;
  owed_minor: string;
  settlements: number;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

interface LegRow {
  bet_id: string;
  position: number;
  outcome_id: number;
  market_id: number;
  event_id: number;
  odds: number;
  result: LegResult;
  void_reason: string | null;
}

/** The odds-change setting a player chose (none chosen: `none`, the strictest). */
export async function oddsChangeOf(db: Executor, playerId: number): Promise<OddsChangeSetting> {
  const [row] = await rowsOf<{ odds_change: OddsChangeSetting }>(
    db,
    sql`select odds_change from sb_player_settings where player_id = ${playerId}`,
  );
  return row?.odds_change ?? 'none';
}

export async function setOddsChange(
  db: Executor,
  playerId: number,
  setting: OddsChangeSetting,
): Promise<void> {
  await db.execute(sql`insert into sb_player_settings (player_id, odds_change, updated_at)
    values (${playerId}, ${setting}, now())
    on conflict (player_id) do update set odds_change = excluded.odds_change, updated_at = now()`);
}

const major = (amount: number, decimals: number) => BigInt(Math.round(amount * 10 ** decimals));

function betOf(row: BetRow, legs: readonly LegRow[]): Bet {
  return {
    kind: parseBetKind(row.kind)!,
    legs: legs.map((leg) => ({ odds: leg.odds, result: leg.result })),
    stake: Number(row.stake_minor),
    free: row.free_bet_id !== null,
  };
}

async function legsOf(db: Executor, betId: string): Promise<LegRow[]> {
  return rowsOf<LegRow>(
    db,
    sql`select * from sb_bet_legs where bet_id = ${betId}::bigint order by position`,
  );
}

/**
 * Places a bet (in the caller's transaction). Answers the bet's id, and whether it was placed by
 * this call (false: the request id had placed it already).
 */
export async function placeBet(
  tx: Executor,
  now: Date,
  request: PlaceRequest,
  limits: BookLimits = DEFAULT_LIMITS,
): Promise<{ betId: string; created: boolean }> {
  const kind = parseBetKind(request.kind);
  if (!kind) throw fieldError('kind', 'Unknown bet type');
  let lines: number[][];
  try {
    lines = betLines(kind, request.legs.length);
  } catch (error) {
    if (error instanceof BetShapeError) throw fieldError('selections', error.message);
    throw error;
  }
  const outcomeIds = request.legs.map((leg) => leg.outcomeId);
  if (new Set(outcomeIds).size !== outcomeIds.length) {
    throw fieldError('selections', 'A selection is in the bet twice');
  }

  const [existing] = await rowsOf<BetRow>(
    tx,
    sql`select * from sb_bets where player_id = ${request.playerId} and request_id = ${request.requestId}`,
  );
  if (existing) {
    const legs = await legsOf(tx, existing.id);
    const same =
      existing.kind === request.kind &&
      BigInt(existing.placed_stake_minor) === request.stakeMinor &&
      existing.free_bet_id === request.freeBetId &&
      legs.length === request.legs.length &&
      legs.every((leg, index) => leg.outcome_id === request.legs[index]!.outcomeId);
    if (!same) {
      throw refused('idempotency_key_reused', 'This request id was used for another bet');
    }
    return { betId: existing.id, created: false };
  }

  if (await isSelfExcluded(tx, request.playerId, now)) {
    throw refused('self_excluded', 'Betting is closed while a self-exclusion or time-out runs');
  }

  // The bet's events, shared until it commits: a change of their prices waits for it.
  const found = await rowsOf<{
    outcome_id: number;
    market_id: number;
    event_id: number;
    odds: number | null;
    outcome_status: string;
    market_status: string;
    combinable: boolean;
    max_stake_minor: string | null;
    event_status: string;
  }>(
    tx,
    sql`select o.id as outcome_id, m.id as market_id, e.id as event_id, o.odds, o.status as outcome_status,
          m.status as market_status, m.combinable, m.max_stake_minor::text, e.status as event_status
        from sb_outcomes o join sb_markets m on m.id = o.market_id join sb_events e on e.id = m.event_id
        where o.id in (${inList(outcomeIds)})`,
  );
  const eventIds = [...new Set(found.map((row) => row.event_id))].sort((a, b) => a - b);
  if (eventIds.length > 0) {
    await tx.execute(
      sql`select id from sb_events where id in (${inList(eventIds)}) order by id for share`,
    );
  }
  // Read again under the lock: what an ingest committed meanwhile is seen now.
  const current = await rowsOf<(typeof found)[number]>(
    tx,
    sql`select o.id as outcome_id, m.id as market_id, e.id as event_id, o.odds, o.status as outcome_status,
          m.status as market_status, m.combinable, m.max_stake_minor::text, e.status as event_status
        from sb_outcomes o join sb_markets m on m.id = o.market_id join sb_events e on e.id = m.event_id
        where o.id in (${inList(outcomeIds)})`,
  );
  const byOutcome = new Map(current.map((row) => [row.outcome_id, row]));
  const missing = outcomeIds.filter((id) => !byOutcome.has(id));
  if (missing.length > 0) throw fieldError('selections', 'A selection is not in the book');

  const suspended = request.legs
    .map((leg) => byOutcome.get(leg.outcomeId)!)
    .filter(
      (row) =>
        row.odds === null ||
        row.outcome_status !== 'open' ||
        row.market_status !== 'open' ||
        (row.event_status !== 'prematch' && row.event_status !== 'live'),
    )
    .map((row) => row.outcome_id);
  if (suspended.length > 0) {
    throw refused('selection_suspended', 'A selection is suspended or closed', {
      outcome_ids: suspended,
    });
  }
  const setting = request.oddsChange ?? (await oddsChangeOf(tx, request.playerId));
  const changed = request.legs
    .map((leg) => ({ leg, now: byOutcome.get(leg.outcomeId)!.odds! }))
    .filter(({ leg, now: odds }) => odds !== leg.odds)
    .map(({ leg, now: odds }) => ({
      outcome_id: leg.outcomeId,
      shown: oddsText(leg.odds),
      now: oddsText(odds),
      accepted: acceptsOdds(setting, leg.odds, odds),
    }));
  if (changed.some((change) => !change.accepted)) {
    throw refused('odds_changed', 'The odds have changed', {
      changes: changed.map(({ accepted: _, ...change }) => change),
    });
  }
  // Two legs of one event only where every market involved allows it (lines of a system too).
  const perEvent = new Map<number, (typeof current)[number][]>();
  for (const leg of request.legs) {
    const row = byOutcome.get(leg.outcomeId)!;
    perEvent.set(row.event_id, [...(perEvent.get(row.event_id) ?? []), row]);
  }
  for (const rows of perEvent.values()) {
    if (rows.length > 1 && !rows.every((row) => row.combinable)) {
      throw refused('same_event', 'Two selections of one event cannot be in one bet', {
        outcome_ids: rows.map((row) => row.outcome_id),
      });
    }
  }

  // The odds taken: the current ones (equal to, or accepted over, the ones shown).
  const legs = request.legs.map((leg) => {
    const row = byOutcome.get(leg.outcomeId)!;
    return { ...row, odds: row.odds! };
  });
  const free = request.freeBetId !== null;
  if (free && lines.length !== 1) {
    throw fieldError('free_bet_id', 'A free bet is one single or one accumulator');
  }
  const bet: Bet = {
    kind,
    legs: legs.map((leg) => ({ odds: leg.odds, result: 'pending' })),
    stake: Number(request.stakeMinor),
    free,
  };
  const total = request.stakeMinor * BigInt(lines.length);
  if (request.stakeMinor < major(limits.minStake, request.decimals)) {
    throw refused('stake_too_low', 'The stake is below the least the book takes', {
      min_stake: limits.minStake.toFixed(request.decimals),
    });
  }
  if (total > major(limits.maxStake, request.decimals)) {
    throw refused('stake_too_high', 'The stake is above the most the book takes', {
      max_stake: limits.maxStake.toFixed(request.decimals),
    });
  }
  for (const leg of legs) {
    const linesWithLeg = lines.filter((line) => line.includes(legs.indexOf(leg))).length;
    if (
      leg.max_stake_minor !== null &&
      request.stakeMinor * BigInt(linesWithLeg) > BigInt(leg.max_stake_minor)
    ) {
      throw refused('stake_too_high', 'The stake is above the most this market takes', {
        outcome_ids: [leg.outcome_id],
      });
    }
  }
  if (
    BigInt(potentialReturn({ ...bet, free: false })) > major(limits.maxPayout, request.decimals)
  ) {
    throw refused('payout_too_high', 'The bet could return more than the book pays on one bet', {
      max_payout: limits.maxPayout.toFixed(request.decimals),
    });
  }

  if (!free) await checkLossLimits(tx, now, request.playerId, request.currency, total);

  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into sb_bets (player_id, request_id, kind, currency, stake_minor, placed_stake_minor, lines,
          free_bet_id, odds_change, placed_at)
        values (${request.playerId}, ${request.requestId}, ${request.kind}, ${request.currency},
          ${request.stakeMinor.toString()}::bigint, ${request.stakeMinor.toString()}::bigint, ${lines.length},
          ${request.freeBetId}, ${setting}, ${now.toISOString()}::timestamptz)
        returning id::text`,
  );
  const betId = row!.id;
  await tx.execute(sql`insert into sb_bet_legs (bet_id, position, outcome_id, market_id, event_id, odds)
    values ${sql.join(
      legs.map(
        (leg, position) =>
          sql`(${betId}::bigint, ${position}, ${leg.outcome_id}, ${leg.market_id}, ${leg.event_id}, ${leg.odds})`,
      ),
      sql`, `,
    )}`);
  if (free) {
    const totalOdds = legs.reduce((product, leg) => (product * leg.odds) / ODDS_SCALE, 1);
    await stakeFreeBet(tx, now, {
      playerId: request.playerId,
      bonusId: request.freeBetId!,
      stakeMinor: request.stakeMinor,
      // The bet's odds to two decimals, down (the free bet's minimum is checked against them).
      odds: (Math.floor(totalOdds * 100) / 100).toFixed(2),
      betRef: `sb:${betId}`,
    });
  } else {
    await applyClaimedMovement(tx, {
      playerId: request.playerId,
      kind: 'main',
      currency: request.currency,
      amountMinor: -total,
      reason: 'sports_stake',
      idempotencyKey: `sb:${betId}:stake`,
      meta: { bet: betId },
    });
  }
  return { betId, created: true };
}

// ---------------------------------------------------------------------------------- settlement

const RESULTS = ['won', 'lost', 'void', 'half-won', 'half-lost'];

/** Bets with a leg whose outcome has a result the leg does not have yet (or has another one). */
export async function betsToSettle(db: Executor, limit = 200): Promise<string[]> {
  const rows = await rowsOf<{ bet_id: string }>(
    db,
    sql`select bet_id::text from (
          (select l.bet_id from sb_bet_legs l join sb_outcomes o on o.id = l.outcome_id
            where l.result = 'pending' and o.status in (${inList(RESULTS)}) limit ${limit})
          union
          (select l.bet_id from sb_events e
            join sb_bet_legs l on l.event_id = e.id
            join sb_outcomes o on o.id = l.outcome_id
            where e.updated_at > now() - interval '1 day' and l.result <> 'pending'
              and o.status in (${inList(RESULTS)}) and l.result <> o.status limit ${limit})
        ) due order by bet_id`,
  );
  return rows.map((row) => row.bet_id);
}

export interface SettleOutcome {
  betId: string;
  status: BetStatus;
  /** What this call moved to the player (negative: taken back by a correction). */
  movedMinor: bigint;
  resettled: boolean;
}

/**
 * Settles one bet from its legs' outcomes, in the caller's transaction. Null when another
 * instance holds the bet, or nothing changed for it.
 */
export async function settleBet(
  tx: Executor,
  now: Date,
  betId: string,
): Promise<SettleOutcome | null> {
  const [bet] = await rowsOf<BetRow>(
    tx,
    sql`select * from sb_bets where id = ${betId}::bigint for update skip locked`,
  );
  if (!bet) return null;
  const updates = await rowsOf<{ position: number; result: LegResult; void_reason: string | null }>(
    tx,
    sql`update sb_bet_legs l set result = o.status,
          void_reason = case when o.status = 'void' then coalesce(m.void_reason, 'push') else null end
        from sb_outcomes o join sb_markets m on m.id = o.market_id
        where l.bet_id = ${betId}::bigint and o.id = l.outcome_id
          and o.status in (${inList(RESULTS)}) and l.result <> o.status
        returning l.position, l.result, l.void_reason`,
  );
  if (updates.length === 0) return null;
  if (bet.status === 'cashed-out')
    return { betId, status: bet.status, movedMinor: 0n, resettled: false };
  const legs = await legsOf(tx, betId);
  const shape = betOf(bet, legs);
  const settlement = settle(shape);
  const free = bet.free_bet_id !== null;
  // Settled before: a first settlement has happened (a reopened bet is `open` again but was).
  const settledBefore = bet.settlements > 0;
  const wasSettled = bet.status !== 'open';
  if (!settlement.settled && !wasSettled) {
    // Lines still open wait for their legs.
    return { betId, status: 'open', movedMinor: 0n, resettled: false };
  }
  const n = bet.settlements + 1;
  let owed = BigInt(bet.owed_minor);
  const previous = BigInt(bet.return_minor ?? 0);

  /** Moves `delta` to the main balance under `sb:<id>:settle:<n>`; a debit takes what is held. */
  const move = async (wanted: bigint, reason: string): Promise<bigint> => {
    let delta = wanted;
    if (delta < 0n) {
      // Taken back: what the main balance holds; the rest is owed (the operator collects it).
      const held = (await balancesOf(tx, bet.player_id, bet.currency)).main;
      const taken = -delta > held ? held : -delta;
      owed += -delta - taken;
      delta = -taken;
    }
    if (delta !== 0n) {
      await applyClaimedMovement(tx, {
        playerId: bet.player_id,
        kind: 'main',
        currency: bet.currency,
        amountMinor: delta,
        reason,
        idempotencyKey: `sb:${betId}:settle:${n}`,
        meta: { bet: betId },
      });
    }
    return delta;
  };

  if (!settlement.settled) {
    // A correction turned a decided bet back into an open one (a lost leg won, the others still
    // to play): what it paid is taken back (a free bet's winnings stay: bonuses/ settles a free
    // bet once), and it settles again when its legs do.
    const moved = free ? 0n : await move(-previous, 'sports_resettle');
    await tx.execute(sql`update sb_bets set status = 'open', return_minor = ${free ? bet.return_minor : null}::bigint,
        owed_minor = ${owed.toString()}::bigint, settlements = ${n}, settled_at = null
      where id = ${betId}::bigint`);
    return { betId, status: 'open', movedMinor: moved, resettled: true };
  }
  const allVoid = legs.every((leg) => leg.result === 'void');
  // A free bet: what the lines return with the stake (bonuses/ keeps only the winnings).
  const full = free ? settle({ ...shape, free: false }).returned : settlement.returned;
  const returned = settlement.returned;
  const status: BetStatus = allVoid ? 'void' : returned > 0 ? 'won' : 'lost';
  let moved: bigint;
  if (free && !settledBefore) {
    const outcome = allVoid ? 'void' : full > Number(bet.stake_minor) ? 'won' : 'lost';
    const answer = await settleFreeBet(tx, now, {
      betRef: `sb:${betId}`,
      outcome,
      returnMinor: outcome === 'won' ? BigInt(full) : 0n,
    });
    moved = answer.winningsMinor;
  } else {
    moved = await move(
      BigInt(returned) - previous,
      settledBefore ? 'sports_resettle' : 'sports_return',
    );
  }
  await tx.execute(sql`update sb_bets set status = ${status}, return_minor = ${String(returned)}::bigint,
      owed_minor = ${owed.toString()}::bigint, settlements = ${n},
      settled_at = coalesce(settled_at, ${now.toISOString()}::timestamptz)
    where id = ${betId}::bigint`);
  return { betId, status, movedMinor: moved, resettled: settledBefore };
}

/** One pass of the settlement job: every bet with news, each in its own transaction. */
export async function settleDue(db: Database, now: Date): Promise<SettleOutcome[]> {
  const out: SettleOutcome[] = [];
  for (const id of await betsToSettle(db)) {
    const done = await db.transaction((tx) => settleBet(tx, now, id));
    if (done) out.push(done);
  }
  return out;
}

// ------------------------------------------------------------------------------------ cash-out

export interface CashOutQuote {
  /** The whole bet's value now, minor units; null when it cannot be cashed out now. */
  valueMinor: bigint | null;
  /** Why not, when it cannot. */
  reason: 'free_bet' | 'settled' | 'suspended' | null;
}

async function quoteLocked(
  tx: Executor,
  bet: BetRow,
  legs: LegRow[],
  marginBasisPoints: number,
): Promise<CashOutQuote> {
  if (bet.status !== 'open') return { valueMinor: null, reason: 'settled' };
  if (bet.free_bet_id !== null) return { valueMinor: null, reason: 'free_bet' };
  const pending = legs.filter((leg) => leg.result === 'pending');
  const prices = pending.length
    ? await rowsOf<{ id: number; odds: number | null; status: string; market_status: string }>(
        tx,
        sql`select o.id, o.odds, o.status, m.status as market_status from sb_outcomes o
            join sb_markets m on m.id = o.market_id where o.id in (${inList(pending.map((leg) => leg.outcome_id))})`,
      )
    : [];
  const current = new Map<number, number>();
  for (const [index, leg] of legs.entries()) {
    if (leg.result !== 'pending') continue;
    const price = prices.find((row) => row.id === leg.outcome_id);
    if (
      !price ||
      price.odds === null ||
      price.status !== 'open' ||
      price.market_status !== 'open'
    ) {
      return { valueMinor: null, reason: 'suspended' };
    }
    current.set(index, price.odds);
  }
  const value = cashOutValue(betOf(bet, legs), current, marginBasisPoints);
  return value === null || value <= 0
    ? { valueMinor: null, reason: 'suspended' }
    : { valueMinor: BigInt(value), reason: null };
}

/** What a bet is worth to cash out now (read only). */
export async function quoteCashOut(
  db: Executor,
  playerId: number,
  betId: string,
  marginBasisPoints: number,
): Promise<CashOutQuote> {
  const [bet] = await rowsOf<BetRow>(
    db,
    sql`select * from sb_bets where id = ${betId}::bigint and player_id = ${playerId}`,
  );
  if (!bet) throw fieldError('bet_id', 'No such bet');
  return quoteLocked(db, bet, await legsOf(db, betId), marginBasisPoints);
}

export interface CashOutRequest {
  playerId: number;
  betId: string;
  requestId: string;
  /** The value the player was shown for the whole bet, minor units. */
  quotedMinor: bigint;
  /** What to take out, minor units; null or equal to the value: all of it. */
  amountMinor: bigint | null;
}

export interface CashOutAnswer {
  betId: string;
  paidMinor: bigint;
  /** The stake per line left on the bet (0 after a full cash-out). */
  stakeLeftMinor: bigint;
  replayed: boolean;
}

export async function cashOut(
  tx: Executor,
  request: CashOutRequest,
  marginBasisPoints: number,
): Promise<CashOutAnswer> {
  const [bet] = await rowsOf<BetRow>(
    tx,
    sql`select * from sb_bets where id = ${request.betId}::bigint and player_id = ${request.playerId} for update`,
  );
  if (!bet) throw fieldError('bet_id', 'No such bet');
  const [done] = await rowsOf<{ amount_minor: string; stake_after_minor: string }>(
    tx,
    sql`select amount_minor::text, stake_after_minor::text from sb_cash_outs
        where bet_id = ${request.betId}::bigint and request_id = ${request.requestId}`,
  );
  if (done) {
    return {
      betId: request.betId,
      paidMinor: BigInt(done.amount_minor),
      stakeLeftMinor: BigInt(done.stake_after_minor),
      replayed: true,
    };
  }
  const legs = await legsOf(tx, request.betId);
  // The bet's events shared, as placement does: the prices read are the ones in force.
  const eventIds = [...new Set(legs.map((leg) => leg.event_id))].sort((a, b) => a - b);
  await tx.execute(
    sql`select id from sb_events where id in (${inList(eventIds)}) order by id for share`,
  );
  const quote = await quoteLocked(tx, bet, legs, marginBasisPoints);
  if (quote.valueMinor === null) {
    throw refused('cash_out_unavailable', 'This bet cannot be cashed out now', {
      why: quote.reason,
    });
  }
  const value = quote.valueMinor;
  if (value !== request.quotedMinor) {
    throw refused('cash_out_requoted', 'The cash-out value has changed', {
      value_minor: value.toString(),
    });
  }
  const amount = request.amountMinor ?? value;
  if (amount < 1n || amount > value) throw fieldError('amount', 'More than the bet is worth');
  const stakeBefore = BigInt(bet.stake_minor);
  let stakeLeft = 0n;
  if (amount < value) {
    const left = stakeAfterPartialCashOut(betOf(bet, legs), Number(value), Number(amount));
    if (left === null) throw fieldError('amount', 'That would leave nothing on the bet');
    stakeLeft = BigInt(left);
  }
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into sb_cash_outs (bet_id, request_id, amount_minor, stake_before_minor, stake_after_minor)
        values (${request.betId}::bigint, ${request.requestId}, ${amount.toString()}::bigint,
          ${stakeBefore.toString()}::bigint, ${stakeLeft.toString()}::bigint)
        returning id`,
  );
  await applyClaimedMovement(tx, {
    playerId: bet.player_id,
    kind: 'main',
    currency: bet.currency,
    amountMinor: amount,
    reason: 'sports_cash_out',
    idempotencyKey: `sb:${request.betId}:cashout:${row!.id}`,
    meta: { bet: request.betId },
  });
  await tx.execute(sql`update sb_bets set stake_minor = ${stakeLeft.toString()}::bigint,
      cashed_out_minor = cashed_out_minor + ${amount.toString()}::bigint,
      status = ${stakeLeft === 0n ? 'cashed-out' : 'open'},
      settled_at = ${stakeLeft === 0n ? sql`now()` : sql`null`}
    where id = ${request.betId}::bigint`);
  return { betId: request.betId, paidMinor: amount, stakeLeftMinor: stakeLeft, replayed: false };
}
