import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import { grantCashbackBonus } from '../bonuses/index.ts';
import { cashbackPerksBp } from '../loyalty/index.ts';
import { isSelfExcluded } from '../responsible/index.ts';
import { applyMovement, gameNetLosses, ledgerWatermark } from '../wallet/index.ts';
import {
  cashbackAmount,
  lastClosedPeriod,
  percentWithPerk,
  periodOf,
  type CashbackPeriod,
} from './arithmetic.ts';

/**
 * Cashback (issue #26, §3): an operator's terms per currency; at each period's end a share of a
 * player's real-money net loss becomes an `active` cashback the player pays out (once, into the
 * main or the bonus balance as the terms say) or removes before `receiving_expired_at`, after
 * which it expires. active → paid_out | expired | removed.
 */

export type CashbackStatus = 'active' | 'paid_out' | 'expired' | 'removed';
export type CashbackPayout = 'main' | 'bonus';

export interface SettingsInput {
  currency: string;
  percentBp: number;
  minLossMinor: bigint;
  capMinor: bigint | null;
  period: CashbackPeriod;
  payoutTo: CashbackPayout;
  wageringMultiplier: number;
  claimHours: number;
  isActive: boolean;
}

export interface SettingsRow {
  id: number;
  currency: string;
  percent_bp: number;
  min_loss_minor: string;
  cap_minor: string | null;
  period: CashbackPeriod;
  payout_to: CashbackPayout;
  wagering_multiplier: number;
  claim_hours: number;
  is_active: boolean;
  start_watermark: string;
}

export interface CashbackRow {
  id: number;
  player_id: number;
  settings_id: number;
  grant_key: string;
  currency: string;
  period_start: Date | string;
  period_end: Date | string;
  net_loss_minor: string;
  percent_bp: number;
  amount_minor: string;
  payout_to: CashbackPayout;
  wagering_multiplier: number;
  status: CashbackStatus;
  receiving_expired_at: Date | string;
  paid_out_at: Date | string | null;
  created_at: Date | string;
}

const iso = (date: Date) => date.toISOString();
const time = (value: Date | string) => new Date(value).getTime();

/** Sets one currency's terms (a new period's figures use them; computed cashbacks keep theirs). */
export async function setSettings(
  db: Executor,
  now: Date,
  input: SettingsInput,
): Promise<SettingsRow> {
  if (input.percentBp <= 0 || input.percentBp > 10_000) {
    throw new ApiError('InvalidParameter', 'A percentage from 0.01 to 100', {
      invalidParameters: { percent: ['wrong_field'] },
    });
  }
  if (input.capMinor !== null && input.capMinor <= 0n) {
    throw new ApiError('InvalidParameter', 'A cap above zero, or none', {
      invalidParameters: { cap: ['wrong_field'] },
    });
  }
  const existing = await settingsOf(db, input.currency);
  const start = await ledgerWatermark(db);
  const [row] = await rowsOf<SettingsRow>(
    db,
    sql`insert into cashback_settings (currency, percent_bp, min_loss_minor, cap_minor, period,
          payout_to, wagering_multiplier, claim_hours, is_active, start_watermark)
        values (${input.currency}, ${input.percentBp}, ${input.minLossMinor.toString()}::bigint,
          ${input.capMinor === null ? null : input.capMinor.toString()}::bigint, ${input.period},
          ${input.payoutTo}, ${input.wageringMultiplier}, ${input.claimHours}, ${input.isActive},
          ${start.toString()}::bigint)
        on conflict (currency) do update set percent_bp = excluded.percent_bp,
          min_loss_minor = excluded.min_loss_minor, cap_minor = excluded.cap_minor,
          period = excluded.period, payout_to = excluded.payout_to,
          wagering_multiplier = excluded.wagering_multiplier, claim_hours = excluded.claim_hours,
          is_active = excluded.is_active
        returning *`,
  );
  if (!existing) {
    // New terms start now: the period that has already ended is marked closed and empty, so the
    // first close counts only what was played under the terms (not the days before them).
    const closed = lastClosedPeriod(now, input.period);
    await db.execute(sql`
      insert into cashback_periods (settings_id, period_start, period_end, from_watermark, to_watermark)
      values (${row!.id}, ${iso(closed.start)}::timestamptz, ${iso(closed.end)}::timestamptz,
        ${start.toString()}::bigint, ${start.toString()}::bigint)
      on conflict (settings_id, period_start) do nothing`);
  }
  return row!;
}

export async function allSettings(db: Executor): Promise<SettingsRow[]> {
  return rowsOf<SettingsRow>(db, sql`select * from cashback_settings order by currency`);
}

export async function settingsOf(db: Executor, currency: string): Promise<SettingsRow | null> {
  const [row] = await rowsOf<SettingsRow>(
    db,
    sql`select * from cashback_settings where currency = ${currency}`,
  );
  return row ?? null;
}

/** The terms' rule, at the player's percentage (the terms' plus their level's perk). */
const ruleOf = (s: SettingsRow, perkBp = 0) => ({
  percentBp: percentWithPerk(s.percent_bp, perkBp),
  minLossMinor: BigInt(s.min_loss_minor),
  capMinor: s.cap_minor === null ? null : BigInt(s.cap_minor),
});

/** Where the next period's ledger span starts: the last closed period's end, else the terms'. */
async function openWatermark(db: Executor, settings: SettingsRow): Promise<bigint> {
  const [row] = await rowsOf<{ to: string | null }>(
    db,
    sql`select max(to_watermark)::text as to from cashback_periods where settings_id = ${settings.id}`,
  );
  return row?.to ? BigInt(row.to) : BigInt(settings.start_watermark);
}

/**
 * The job's step for one currency: closes the last ended period once, and creates each
 * qualifying player's `active` cashback. In one transaction: the period row is unique per
 * (terms, start), so with two platform instances one inserts it and the other's insert finds it
 * (after waiting for the first to commit) and does nothing; the transaction-scoped advisory lock
 * lets the second skip at once instead of waiting. Each cashback is unique per (player, period).
 * Periods the platform was down for are folded into the next one closed (the span runs from the
 * last close), so no loss is ever left out or counted twice. Answers the cashbacks created.
 */
export async function closePeriod(
  tx: Executor,
  now: Date,
  settings: SettingsRow,
): Promise<CashbackRow[]> {
  const closed = lastClosedPeriod(now, settings.period);
  const [lock] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtext(${`cashback:${settings.id}`})) as ok`,
  );
  if (!lock?.ok) return [];
  const [done] = await rowsOf(
    tx,
    sql`select 1 from cashback_periods where settings_id = ${settings.id}
          and period_start >= ${iso(closed.start)}::timestamptz limit 1`,
  );
  if (done) return [];
  const from = await openWatermark(tx, settings);
  const to = await ledgerWatermark(tx);
  const [period] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into cashback_periods (settings_id, period_start, period_end, from_watermark, to_watermark)
        values (${settings.id}, ${iso(closed.start)}::timestamptz, ${iso(closed.end)}::timestamptz,
          ${from.toString()}::bigint, ${to.toString()}::bigint)
        on conflict (settings_id, period_start) do nothing
        returning id`,
  );
  if (!period || !settings.is_active) return [];
  const losses = await gameNetLosses(tx, {
    currency: settings.currency,
    afterId: from,
    upToId: to,
  });
  // Each player's level at the close decides their perk (loyalty/'s door).
  const perks = await cashbackPerksBp(
    tx,
    losses.map((l) => l.playerId),
  );
  const created: CashbackRow[] = [];
  for (const loss of losses) {
    const rule = ruleOf(settings, perks.get(loss.playerId) ?? 0);
    const amount = cashbackAmount(rule, loss.netLossMinor);
    if (amount <= 0n) continue;
    const row = await insertCashback(tx, now, settings, {
      playerId: loss.playerId,
      grantKey: `period:${period.id}`,
      periodStart: closed.start,
      periodEnd: closed.end,
      netLossMinor: loss.netLossMinor,
      percentBp: rule.percentBp,
      amountMinor: amount,
    });
    if (row) created.push(row);
  }
  return created;
}

async function insertCashback(
  tx: Executor,
  now: Date,
  settings: SettingsRow,
  c: {
    playerId: number;
    grantKey: string;
    periodStart: Date;
    periodEnd: Date;
    netLossMinor: bigint;
    /** The percentage it was computed at (the terms', with the level's perk). */
    percentBp: number;
    amountMinor: bigint;
  },
): Promise<CashbackRow | null> {
  const expires = new Date(now.getTime() + settings.claim_hours * 3_600_000);
  const [row] = await rowsOf<CashbackRow>(
    tx,
    sql`insert into cashbacks (player_id, settings_id, grant_key, currency, period_start,
          period_end, net_loss_minor, percent_bp, amount_minor, payout_to, wagering_multiplier,
          status, receiving_expired_at, created_at)
        values (${c.playerId}, ${settings.id}, ${c.grantKey}, ${settings.currency},
          ${iso(c.periodStart)}::timestamptz, ${iso(c.periodEnd)}::timestamptz,
          ${c.netLossMinor.toString()}::bigint, ${c.percentBp},
          ${c.amountMinor.toString()}::bigint, ${settings.payout_to},
          ${settings.wagering_multiplier}, 'active', ${iso(expires)}::timestamptz,
          ${iso(now)}::timestamptz)
        on conflict (player_id, grant_key) do nothing
        returning *`,
  );
  return row ?? null;
}

/** A goodwill cashback (staff), on the currency's terms, for the current period. */
export async function grantCashback(
  tx: Executor,
  now: Date,
  grant: { playerId: number; currency: string; amountMinor: bigint; grantKey: string },
): Promise<CashbackRow> {
  const settings = await settingsOf(tx, grant.currency);
  if (!settings) {
    throw new ApiError('InvalidParameter', 'No cashback terms for the player’s currency', {
      invalidParameters: { player_id: ['wrong_field'] },
    });
  }
  if (grant.amountMinor <= 0n) {
    throw new ApiError('InvalidParameter', 'An amount above zero', {
      invalidParameters: { amount: ['wrong_field'] },
    });
  }
  const current = periodOf(now, settings.period);
  const row = await insertCashback(tx, now, settings, {
    playerId: grant.playerId,
    grantKey: grant.grantKey,
    periodStart: current.start,
    periodEnd: current.end,
    netLossMinor: 0n,
    percentBp: settings.percent_bp,
    amountMinor: grant.amountMinor,
  });
  if (!row) throw new ApiError('InvalidRequest', 'Already granted');
  return row;
}

/** Ends the active cashbacks past their time to claim (nothing was credited: no money moves). */
export async function expireDue(db: Executor, now: Date): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update cashbacks set status = 'expired', ended_at = ${iso(now)}::timestamptz
        where status = 'active' and receiving_expired_at <= ${iso(now)}::timestamptz
        returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function playerCashbacks(
  db: Executor,
  playerId: number,
  filter: {
    statuses: CashbackStatus[];
    offset: number;
    count: number;
    sort: 'id' | 'created_at' | 'end_date';
    order: 'asc' | 'desc';
  },
): Promise<{ total: number; items: CashbackRow[] }> {
  const where = sql`player_id = ${playerId} ${
    filter.statuses.length > 0
      ? sql`and status in (${sql.join(
          filter.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``
  }`;
  const column = { id: sql`id`, created_at: sql`created_at`, end_date: sql`period_end` }[
    filter.sort
  ];
  const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await rowsOf<CashbackRow>(
    db,
    sql`select * from cashbacks where ${where} order by ${column} ${direction}, id ${direction}
        limit ${filter.count} offset ${filter.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from cashbacks where ${where}`,
  );
  return { total: count!.total, items };
}

async function lockCashback(tx: Executor, playerId: number, id: number): Promise<CashbackRow> {
  const [row] = await rowsOf<CashbackRow>(
    tx,
    sql`select * from cashbacks where id = ${id} and player_id = ${playerId} for update`,
  );
  if (!row) {
    throw new ApiError('InvalidParameter', 'No such cashback', {
      invalidParameters: { cashback_id: ['wrong_field'] },
    });
  }
  return row;
}

function refusal(message: string, reason: string, extra: Record<string, unknown> = {}) {
  return new ApiError('InvalidRequest', message, { errorData: { reason, ...extra } });
}

/**
 * Pays an active cashback once: into the main balance (ledger key `cashback:<id>:payout`), or as
 * a bonus with its wagering through the bonus engine. The row lock and the status checked under
 * it make a second payout (a double click, two tabs) a typed refusal, and the ledger's unique
 * key stands behind it. A self-excluded or timed-out player is refused (§3, server-enforced:
 * promotions are marketing, which an excluded player must not receive).
 */
export async function payoutCashback(
  tx: Executor,
  now: Date,
  playerId: number,
  id: number,
): Promise<{ row: CashbackRow; bonusActivated: boolean | null; bonusId: number | null }> {
  const row = await lockCashback(tx, playerId, id);
  if (row.status !== 'active') {
    throw refusal('This cashback cannot be paid out now', 'cashback_status', {
      status: row.status,
    });
  }
  if (time(row.receiving_expired_at) <= now.getTime()) {
    throw refusal('This cashback has expired', 'cashback_expired');
  }
  if (await isSelfExcluded(tx, playerId, now)) {
    throw refusal('Cashback is closed while you are excluded', 'self_excluded');
  }
  const amount = BigInt(row.amount_minor);
  let bonusActivated: boolean | null = null;
  let bonusId: number | null = null;
  if (row.payout_to === 'main') {
    await applyMovement(tx, {
      playerId,
      kind: 'main',
      currency: row.currency,
      amountMinor: amount,
      reason: 'cashback_payout',
      idempotencyKey: `cashback:${row.id}:payout`,
      meta: { cashback: row.id },
    });
  } else {
    const granted = await grantCashbackBonus(tx, now, {
      playerId,
      currency: row.currency,
      amountMinor: amount,
      wageringMultiplier: row.wagering_multiplier,
      // The spec is silent on the time to wager a cashback bonus: 30 days, the welcome offer's.
      wagerHours: 30 * 24,
      grantKey: `cashback:${row.id}`,
    });
    // Another bonus wagering: this one waits as `available` on /profile/bonuses (one hold at a
    // time); the cashback itself is paid out (its money is the bonus engine's from here).
    bonusActivated = granted.activated;
    bonusId = granted.bonus.id;
  }
  const [paid] = await rowsOf<CashbackRow>(
    tx,
    sql`update cashbacks set status = 'paid_out', paid_out_at = ${iso(now)}::timestamptz
        where id = ${row.id} returning *`,
  );
  return { row: paid!, bonusActivated, bonusId };
}

/** The player declines an active cashback: active → removed (nothing was credited). */
export async function removeCashback(
  tx: Executor,
  now: Date,
  playerId: number,
  id: number,
): Promise<void> {
  const row = await lockCashback(tx, playerId, id);
  if (row.status !== 'active') {
    throw refusal('This cashback cannot be removed now', 'cashback_status', {
      status: row.status,
    });
  }
  await tx.execute(sql`
    update cashbacks set status = 'removed', ended_at = ${iso(now)}::timestamptz
    where id = ${row.id}`);
}

/**
 * The current period's running figure for a player: the net loss since the last close (the same
 * span the job will use) and what it would pay now. Null when the currency has no active terms.
 */
export async function currentFigure(
  db: Executor,
  now: Date,
  player: { id: number; currency: string },
): Promise<{
  settings: SettingsRow;
  start: Date;
  end: Date;
  netLossMinor: bigint;
  /** The player's percentage: the terms' plus `perkBp`, their level's. */
  percentBp: number;
  perkBp: number;
  amountMinor: bigint;
} | null> {
  const settings = await settingsOf(db, player.currency);
  if (!settings || !settings.is_active) return null;
  const from = await openWatermark(db, settings);
  const [loss] = await gameNetLosses(db, {
    currency: player.currency,
    afterId: from,
    upToId: null,
    playerId: player.id,
  });
  const net = loss?.netLossMinor ?? 0n;
  const period = periodOf(now, settings.period);
  const perk = (await cashbackPerksBp(db, [player.id])).get(player.id) ?? 0;
  const rule = ruleOf(settings, perk);
  return {
    settings,
    start: period.start,
    end: period.end,
    netLossMinor: net,
    percentBp: rule.percentBp,
    perkBp: perk,
    amountMinor: cashbackAmount(rule, net),
  };
}
