import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import { applyClaimedMovement } from '../wallet/index.ts';
import { FREE_BET_KIND, type BonusRow, type TemplateRow } from './service.ts';

/**
 * Sportsbook free bets (issue #26 "bettingbonuses/* the same for free bets", issue #29 "Free bets
 * from bettingbonuses (stake not returned on a win)"; spec §3 `balance_betting_bonus`, §7
 * BettingBonuses).
 *
 * A free bet is a bonus of a `betting_free_bet` template, granted by the engine's usual triggers
 * (registration, deposit, promo code, offer, staff) as a `player_bonuses` row. Its lifecycle:
 *
 *   available ──activate──▶ active ──stake──▶ used ──settle won | lost──▶ (used, ended)
 *       │                    │  ▲                  │
 *       │                    │  └────settle void───┘ (the free bet comes back, while unexpired)
 *       └──remove / expiry───┴──remove / expiry──▶ removed | expired
 *
 * The money, only through wallet/ (ledger rows in the caller's transaction, each under a unique
 * idempotency key):
 * - activate: the amount is credited to the player's `betting_bonus` wallet (§3
 *   `balance_betting_bonus`), key `freebet:<id>:credit`. An available free bet is not money yet.
 * - stake: the whole amount leaves that wallet into the bet, key `freebet:<id>:stake:<betRef>`.
 *   A free bet is staked whole, in one bet (ours: no partial free bets; the player sees one
 *   amount and one bet), at odds at least the template's minimum (the bet's total odds).
 * - settle won: the winnings **without the stake** (the return minus the stake) are credited to
 *   the **main** balance as real money, key `freebet:<id>:win:<betRef>`: the stake was never the
 *   player's (issue #29). No wagering (our choice, and the template refuses a multiplier).
 * - settle lost: nothing moves; the free bet is burnt (it left the wallet when staked).
 * - settle void: the free bet comes back to the `betting_bonus` wallet and is `active` again,
 *   key `freebet:<id>:void:<betRef>`, to be staked on another bet; if it expired meanwhile it is
 *   not given back (it ends `expired`: a free bet is never usable past its expiry).
 * - remove or expiry of an active free bet: the amount leaves the wallet, key
 *   `freebet:<id>:removed|expired`. A used (staked) free bet neither expires nor is removed: its
 *   bet is the sportsbook's to settle.
 *
 * Order of locks (every path): the bonus row (`player_bonuses`), then its stake rows, then the
 * wallet rows (applyClaimedMovement) — the same order as the casino's bonus paths, so none waits
 * on another in a cycle. Idempotency: a stake is named by the sportsbook's bet reference (unique
 * in `free_bet_stakes`); a replay of the same stake or settlement answers the first result and
 * moves nothing; the same reference with a different request is refused
 * (`idempotency_key_reused`). At most one open stake per free bet is a unique index: a free bet
 * can never be spent twice, also by a path that forgot the lock.
 *
 * Expiry is the template's `activate_hours` after the grant, whether activated or not
 * (`activate_until`; an active free bet's `wager_until` carries the same instant): one date the
 * player reads, that activation does not move.
 */

export type FreeBetStatus = 'available' | 'active' | 'used' | 'expired' | 'removed';
export type FreeBetOutcome = 'won' | 'lost' | 'void';

export interface FreeBetStake {
  id: number;
  bonus_id: number;
  player_id: number;
  bet_ref: string;
  stake_minor: string;
  odds: string;
  status: 'open' | FreeBetOutcome;
  return_minor: string | null;
  paid_minor: string | null;
  returned: boolean | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

export interface FreeBetView {
  bonus: BonusRow;
  template: TemplateRow;
  /** Its latest stake (the bet it is in, or the last one it was in). */
  stake: FreeBetStake | null;
}

const time = (value: Date | string) => new Date(value).getTime();

function refused(reason: string, message: string, data: Record<string, unknown> = {}): ApiError {
  return new ApiError('InvalidRequest', message, { errorData: { reason, ...data } });
}

const notFound = () =>
  new ApiError('InvalidParameter', 'No such free bet', {
    invalidParameters: { bonus_id: ['wrong_field'] },
  });

// ------------------------------------------------------------------------ decimal odds, exactly

/** Decimal odds as an integer over 10^scale: `"2.375"` → 2375n / 10^3. Never a float. */
export function parseOdds(text: string): { units: bigint; scale: number } | null {
  const match = /^(\d{1,6})(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const units = BigInt(match[1]! + fraction);
  const scale = fraction.length;
  // Decimal odds below 1.00 do not exist (a bet never returns less than nothing on a win).
  if (units < 10n ** BigInt(scale)) return null;
  return { units, scale };
}

/** a < b, a = b, a > b as -1, 0, 1, exactly. */
export function compareOdds(a: string, b: string): number {
  const x = parseOdds(a);
  const y = parseOdds(b);
  if (!x || !y) throw new Error(`not odds: ${a} / ${b}`);
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * 10n ** BigInt(scale - x.scale);
  const right = y.units * 10n ** BigInt(scale - y.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The most a stake can return at these odds: stake × odds, rounded down to the minor unit. */
export function maxReturn(stakeMinor: bigint, odds: string): bigint {
  const parsed = parseOdds(odds)!;
  return (stakeMinor * parsed.units) / 10n ** BigInt(parsed.scale);
}

// ------------------------------------------------------------------------ the player's methods

/** The player's free bet, locked for this transaction; another player's, or a casino bonus, is not found. */
async function lockFreeBet(tx: Executor, playerId: number, bonusId: number) {
  const [row] = await rowsOf<BonusRow & { min_odds: string }>(
    tx,
    sql`select b.*, t.min_odds::text as min_odds from player_bonuses b
        join bonus_templates t on t.id = b.template_id
        where b.id = ${bonusId} and b.player_id = ${playerId} and t.kind = ${FREE_BET_KIND}
        for update of b`,
  );
  if (!row) throw notFound();
  return row;
}

function wrongStatus(row: BonusRow, action: string): ApiError {
  return refused('bonus_status', `This free bet cannot be ${action} now`, { status: row.status });
}

/** `bettingbonuses/get`: the player's free bets, with each one's latest stake. */
export async function playerFreeBets(
  db: Executor,
  playerId: number,
  filter: { statuses: FreeBetStatus[]; offset: number; count: number },
): Promise<{ total: number; items: FreeBetView[] }> {
  const statuses =
    filter.statuses.length > 0
      ? sql`and b.status in (${sql.join(
          filter.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const where = sql`b.player_id = ${playerId} and t.kind = ${FREE_BET_KIND} ${statuses}`;
  const rows = await rowsOf<BonusRow & { template: TemplateRow; stake: FreeBetStake | null }>(
    db,
    sql`select b.*, to_jsonb(t) as template,
          (select to_jsonb(s) from free_bet_stakes s where s.bonus_id = b.id
           order by s.id desc limit 1) as stake
        from player_bonuses b join bonus_templates t on t.id = b.template_id
        where ${where}
        order by case b.status when 'active' then 0 when 'available' then 1 when 'used' then 2
          else 3 end, b.id desc
        limit ${filter.count} offset ${filter.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from player_bonuses b
        join bonus_templates t on t.id = b.template_id where ${where}`,
  );
  return {
    total: count!.total,
    items: rows.map(({ template, stake, ...bonus }) => ({ bonus, template, stake })),
  };
}

/**
 * `bettingbonuses/activate` (§2 betting-bonus-activated): available → active, the amount credited
 * to the betting bonus balance. Several free bets may be active at once (each is its own bet, no
 * wagering hold is involved). Refused when it has expired (the job may not have passed yet).
 */
export async function activateFreeBet(
  tx: Executor,
  now: Date,
  playerId: number,
  bonusId: number,
): Promise<BonusRow> {
  const row = await lockFreeBet(tx, playerId, bonusId);
  if (row.status !== 'available') throw wrongStatus(row, 'activated');
  if (time(row.activate_until) <= now.getTime()) {
    throw refused('bonus_expired', 'This free bet has expired');
  }
  await applyClaimedMovement(tx, {
    playerId,
    kind: 'betting_bonus',
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    reason: 'free_bet_credit',
    idempotencyKey: `freebet:${row.id}:credit`,
    meta: { bonus: row.id },
  });
  const [updated] = await rowsOf<BonusRow>(
    tx,
    sql`update player_bonuses set status = 'active', activations = activations + 1,
          activated_at = ${now.toISOString()}::timestamptz, wager_until = activate_until
        where id = ${row.id} returning *`,
  );
  return updated!;
}

/** Ends an available or active free bet; an active one's amount leaves the betting bonus balance. */
async function endFreeBet(
  tx: Executor,
  now: Date,
  row: BonusRow,
  status: 'expired' | 'removed',
): Promise<void> {
  if (row.status === 'active') {
    await applyClaimedMovement(tx, {
      playerId: row.player_id,
      kind: 'betting_bonus',
      currency: row.currency,
      amountMinor: -BigInt(row.amount_minor),
      reason: `free_bet_${status}`,
      idempotencyKey: `freebet:${row.id}:${status}`,
      meta: { bonus: row.id },
    });
  }
  await tx.execute(sql`
    update player_bonuses set status = ${status}, ended_at = ${now.toISOString()}::timestamptz
    where id = ${row.id}`);
}

/**
 * `bettingbonuses/remove` (§2 bonus remove confirm): available or active → removed. A staked free
 * bet is refused (`free_bet_in_play`): its bet is settled by the sportsbook.
 */
export async function removeFreeBet(
  tx: Executor,
  now: Date,
  playerId: number,
  bonusId: number,
): Promise<void> {
  const row = await lockFreeBet(tx, playerId, bonusId);
  if (row.status === 'used') {
    const [open] = await rowsOf(
      tx,
      sql`select 1 from free_bet_stakes where bonus_id = ${row.id} and status = 'open'`,
    );
    if (open) throw refused('free_bet_in_play', 'This free bet is in a bet that is not settled');
  }
  if (row.status !== 'available' && row.status !== 'active') throw wrongStatus(row, 'removed');
  await endFreeBet(tx, now, row, 'removed');
}

// ------------------------------------------------------------------------ the sportsbook's door

export interface StakeRequest {
  playerId: number;
  bonusId: number;
  /** Must be the free bet's whole amount, in its currency's minor units. */
  stakeMinor: bigint;
  /** The bet's decimal odds (an accumulator's total), as text: `"2.10"`. */
  odds: string;
  /** The sportsbook's bet id: the stake's idempotency key. */
  betRef: string;
}

export interface StakeAnswer {
  stakeId: number;
  bonusId: number;
  betRef: string;
  stakeMinor: bigint;
  odds: string;
  /** True when this call found the stake already made (a replay): nothing moved. */
  replayed: boolean;
}

function stakeAnswer(row: FreeBetStake, replayed: boolean): StakeAnswer {
  return {
    stakeId: row.id,
    bonusId: row.bonus_id,
    betRef: row.bet_ref,
    stakeMinor: BigInt(row.stake_minor),
    odds: row.odds,
    replayed,
  };
}

const reused = () =>
  refused('idempotency_key_reused', 'This bet reference was used for another free bet stake');

/**
 * The sportsbook stakes a free bet on a bet it is placing, in the placement's own transaction
 * (`tx`), so the bet and the free bet's stake commit or fail together. In order:
 * 1. the odds must be decimal odds (a field error on `odds`);
 * 2. the free bet is locked; another player's, or no free bet, is a field error on `bonus_id`;
 * 3. a stake under this `betRef` already made is the answer again (a replay; nothing moves), or,
 *    if it was a different request, refused (`idempotency_key_reused`);
 * 4. refused unless `active` (`bonus_status`, or `free_bet_used` when it is in a bet), unexpired
 *    (`bonus_expired`), staked whole (`free_bet_amount`) and at the template's minimum odds or
 *    more (`free_bet_min_odds`);
 * 5. one ledger row takes the amount from the betting bonus balance; the free bet is `used`.
 */
export async function stakeFreeBet(
  tx: Executor,
  now: Date,
  request: StakeRequest,
): Promise<StakeAnswer> {
  if (!parseOdds(request.odds)) {
    throw new ApiError('InvalidParameter', 'Odds are decimal odds of 1.00 or more', {
      invalidParameters: { odds: ['wrong_field'] },
    });
  }
  const odds = request.odds.trim();
  const row = await lockFreeBet(tx, request.playerId, request.bonusId);
  const [existing] = await rowsOf<FreeBetStake>(
    tx,
    sql`select * from free_bet_stakes where bet_ref = ${request.betRef}`,
  );
  if (existing) {
    const same =
      existing.bonus_id === row.id &&
      existing.player_id === request.playerId &&
      BigInt(existing.stake_minor) === request.stakeMinor &&
      existing.odds === odds;
    if (!same) throw reused();
    return stakeAnswer(existing, true);
  }
  if (row.status === 'used') throw refused('free_bet_used', 'This free bet is already in a bet');
  if (row.status !== 'active') throw wrongStatus(row, 'staked');
  if (time(row.activate_until) <= now.getTime()) {
    throw refused('bonus_expired', 'This free bet has expired');
  }
  if (request.stakeMinor !== BigInt(row.amount_minor)) {
    throw refused('free_bet_amount', 'A free bet is staked whole', {
      amount_minor: row.amount_minor,
    });
  }
  if (compareOdds(odds, row.min_odds) < 0) {
    throw refused('free_bet_min_odds', 'The odds are below the free bet’s minimum', {
      min_odds: row.min_odds,
    });
  }
  const [stake] = await rowsOf<FreeBetStake>(
    tx,
    sql`insert into free_bet_stakes (bonus_id, player_id, bet_ref, stake_minor, odds, created_at)
        values (${row.id}, ${row.player_id}, ${request.betRef}, ${request.stakeMinor.toString()}::bigint,
          ${odds}, ${now.toISOString()}::timestamptz)
        returning *`,
  );
  await applyClaimedMovement(tx, {
    playerId: row.player_id,
    kind: 'betting_bonus',
    currency: row.currency,
    amountMinor: -request.stakeMinor,
    reason: 'free_bet_stake',
    idempotencyKey: `freebet:${row.id}:stake:${request.betRef}`,
    meta: { bonus: row.id, bet: request.betRef, odds },
  });
  await tx.execute(sql`update player_bonuses set status = 'used' where id = ${row.id}`);
  return stakeAnswer(stake!, false);
}

export interface SettleRequest {
  betRef: string;
  outcome: FreeBetOutcome;
  /**
   * won: the bet's whole return as the sportsbook computed it (stake × the odds, stake included,
   * less for void legs or a dead heat); never more than stake × the odds taken. lost, void: 0.
   */
  returnMinor: bigint;
}

export interface SettleAnswer {
  bonusId: number;
  betRef: string;
  outcome: FreeBetOutcome;
  /** Real money credited to the main balance: the return minus the stake (won), else 0. */
  winningsMinor: bigint;
  /** void: whether the free bet came back (false when it had expired meanwhile). */
  returned: boolean;
  replayed: boolean;
}

function settleAnswer(row: FreeBetStake, replayed: boolean): SettleAnswer {
  return {
    bonusId: row.bonus_id,
    betRef: row.bet_ref,
    outcome: row.status as FreeBetOutcome,
    winningsMinor: BigInt(row.paid_minor ?? 0),
    returned: row.returned === true,
    replayed,
  };
}

/**
 * The sportsbook settles a bet that staked a free bet, in its settlement's transaction. In order:
 * 1. an unknown `betRef` is a field error on `bet_ref`; the free bet's row is locked, then the
 *    stake's;
 * 2. a stake already settled answers its first settlement again if this one is the same (a
 *    replay; nothing moves), else is refused (`free_bet_settled`: a correction is a new ledger
 *    movement the sportsbook's resettlement will ask for, never an edit);
 * 3. won: the return must be between the stake and stake × odds (`return` field error); the
 *    winnings, return − stake, are credited to the main balance (the stake is not returned);
 *    lost: the return must be 0; nothing moves; void: the return must be 0; the free bet comes
 *    back `active` with its amount on the betting bonus balance, unless it has expired by now
 *    (then it ends `expired` and nothing comes back).
 */
export async function settleFreeBet(
  tx: Executor,
  now: Date,
  request: SettleRequest,
): Promise<SettleAnswer> {
  const [found] = await rowsOf<FreeBetStake>(
    tx,
    sql`select * from free_bet_stakes where bet_ref = ${request.betRef}`,
  );
  if (!found) {
    throw new ApiError('InvalidParameter', 'No free bet stake with this bet reference', {
      invalidParameters: { bet_ref: ['wrong_field'] },
    });
  }
  const bonus = await lockFreeBet(tx, found.player_id, found.bonus_id);
  const [stake] = await rowsOf<FreeBetStake>(
    tx,
    sql`select * from free_bet_stakes where id = ${found.id} for update`,
  );
  if (stake!.status !== 'open') {
    const same =
      stake!.status === request.outcome &&
      (request.outcome === 'won'
        ? BigInt(stake!.return_minor ?? -1) === request.returnMinor
        : request.returnMinor === 0n);
    if (!same) {
      throw refused('free_bet_settled', 'This bet was settled otherwise', {
        outcome: stake!.status,
      });
    }
    return settleAnswer(stake!, true);
  }
  const stakeMinor = BigInt(stake!.stake_minor);
  const badReturn = () =>
    new ApiError('InvalidParameter', 'This return does not fit the bet', {
      invalidParameters: { return: ['wrong_field'] },
    });
  let paid = 0n;
  let returned = false;
  if (request.outcome === 'won') {
    if (
      request.returnMinor < stakeMinor ||
      request.returnMinor > maxReturn(stakeMinor, stake!.odds)
    ) {
      throw badReturn();
    }
    paid = request.returnMinor - stakeMinor;
    if (paid > 0n) {
      await applyClaimedMovement(tx, {
        playerId: stake!.player_id,
        kind: 'main',
        currency: bonus.currency,
        amountMinor: paid,
        reason: 'free_bet_win',
        idempotencyKey: `freebet:${bonus.id}:win:${stake!.bet_ref}`,
        meta: { bonus: bonus.id, bet: stake!.bet_ref },
      });
    }
    await tx.execute(sql`
      update player_bonuses set ended_at = ${now.toISOString()}::timestamptz where id = ${bonus.id}`);
  } else {
    if (request.returnMinor !== 0n) throw badReturn();
    if (request.outcome === 'lost') {
      await tx.execute(sql`
        update player_bonuses set ended_at = ${now.toISOString()}::timestamptz where id = ${bonus.id}`);
    } else if (time(bonus.activate_until) > now.getTime()) {
      returned = true;
      await applyClaimedMovement(tx, {
        playerId: stake!.player_id,
        kind: 'betting_bonus',
        currency: bonus.currency,
        amountMinor: stakeMinor,
        reason: 'free_bet_void',
        idempotencyKey: `freebet:${bonus.id}:void:${stake!.bet_ref}`,
        meta: { bonus: bonus.id, bet: stake!.bet_ref },
      });
      await tx.execute(sql`update player_bonuses set status = 'active' where id = ${bonus.id}`);
    } else {
      await tx.execute(sql`
        update player_bonuses set status = 'expired', ended_at = ${now.toISOString()}::timestamptz
        where id = ${bonus.id}`);
    }
  }
  const [settled] = await rowsOf<FreeBetStake>(
    tx,
    sql`update free_bet_stakes set status = ${request.outcome},
          return_minor = ${request.outcome === 'won' ? request.returnMinor.toString() : null}::bigint,
          paid_minor = ${paid.toString()}::bigint, returned = ${returned},
          settled_at = ${now.toISOString()}::timestamptz
        where id = ${stake!.id} returning *`,
  );
  return settleAnswer(settled!, false);
}

// ------------------------------------------------------------------------ the bonus job's step

/** The free bets past their expiry that have not ended (available or active; never a used one). */
export async function dueFreeBetIds(db: Executor, now: Date): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select b.id from player_bonuses b join bonus_templates t on t.id = b.template_id
        where t.kind = ${FREE_BET_KIND} and b.status in ('available', 'active')
          and b.activate_until <= ${now.toISOString()}::timestamptz
        order by b.id limit 200`,
  );
  return rows.map((r) => r.id);
}

/**
 * One due free bet, in the caller's transaction, its row taken `FOR UPDATE SKIP LOCKED` (as the
 * casino's bonuses, jobs.ts): two instances never expire the same free bet, and the status read
 * under the lock and the ledger's unique key take its amount once.
 */
export async function expireFreeBet(tx: Executor, now: Date, bonusId: number): Promise<boolean> {
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`select * from player_bonuses where id = ${bonusId} for update skip locked`,
  );
  if (!row || (row.status !== 'available' && row.status !== 'active')) return false;
  if (time(row.activate_until) > now.getTime()) return false;
  await endFreeBet(tx, now, row, 'expired');
  return true;
}
