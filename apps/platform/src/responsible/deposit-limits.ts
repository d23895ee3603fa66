import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import { COOLING_OFF_MS } from './limit-rules.ts';

/**
 * Deposit limits (§3, UKGC RTS 12). A player may hold one limit per period (1, 7, 14 or 30 days)
 * at once; the lowest remaining amount applies. Each period counts deposits in windows that start
 * when the limit was first set (`anchor_at`), so "resets on" is a date the player can see. A
 * pending deposit counts until it fails, so two payment pages open at once cannot pass the limit
 * together. A decrease applies at once; an increase or a removal waits 24 hours (cooling-off).
 *
 * The deposits counted are the cashier's `payments` rows (read only here).
 */
export const LIMIT_PERIODS = [1, 7, 14, 30] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
const DAY_MS = 86_400_000;

export interface DepositLimitState {
  period: LimitPeriod;
  currency: string;
  limitMinor: bigint;
  usedMinor: bigint;
  availableMinor: bigint;
  windowEndsAt: Date;
  pending: { limitMinor: bigint | null; appliesAt: Date } | null;
}

type LimitRow = {
  period_days: number;
  currency: string;
  amount_minor: string;
  anchor_at: Date | string;
  pending_amount_minor: string | null;
  pending_remove: boolean;
  pending_at: Date | string | null;
};

/** Changes whose cooling-off has passed take effect (on every read, in the reader's transaction). */
async function applyDue(db: Executor, playerId: number, now: Date): Promise<void> {
  await db.execute(sql`
    delete from deposit_limits
    where player_id = ${playerId} and pending_remove and pending_at <= ${sqlTime(now)}`);
  await db.execute(sql`
    update deposit_limits
    set amount_minor = pending_amount_minor, pending_amount_minor = null, pending_at = null
    where player_id = ${playerId} and pending_amount_minor is not null
      and pending_at <= ${sqlTime(now)}`);
}

function windowOf(anchor: Date, periodDays: number, now: Date): { start: Date; end: Date } {
  const length = periodDays * DAY_MS;
  const elapsed = Math.max(0, now.getTime() - anchor.getTime());
  const start = anchor.getTime() + Math.floor(elapsed / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** Every limit of the player at `now`, with what remains of it. */
export async function depositLimitsOf(
  db: Executor,
  playerId: number,
  now: Date,
): Promise<DepositLimitState[]> {
  await applyDue(db, playerId, now);
  const limits = await rowsOf<LimitRow>(
    db,
    sql`select * from deposit_limits where player_id = ${playerId} order by period_days`,
  );
  const states: DepositLimitState[] = [];
  for (const row of limits) {
    const { start, end } = windowOf(new Date(row.anchor_at), row.period_days, now);
    const [used] = await rowsOf<{ total: string | null }>(
      db,
      sql`select coalesce(sum(amount_minor), 0)::text as total from payments
          where player_id = ${playerId} and kind = 'deposit' and currency = ${row.currency}
            and status in ('pending', 'success') and created_at >= ${sqlTime(start)}`,
    );
    const limitMinor = BigInt(row.amount_minor);
    const usedMinor = BigInt(used?.total ?? '0');
    const available = limitMinor - usedMinor;
    states.push({
      period: row.period_days as LimitPeriod,
      currency: row.currency,
      limitMinor,
      usedMinor,
      availableMinor: available > 0n ? available : 0n,
      windowEndsAt: end,
      pending: row.pending_at
        ? {
            limitMinor: row.pending_remove ? null : BigInt(row.pending_amount_minor ?? '0'),
            appliesAt: new Date(row.pending_at),
          }
        : null,
    });
  }
  return states;
}

/** The limit that binds now: the one with the least left (null without limits). */
export function bindingLimit(states: readonly DepositLimitState[]): DepositLimitState | null {
  let lowest: DepositLimitState | null = null;
  for (const state of states) {
    if (!lowest || state.availableMinor < lowest.availableMinor) lowest = state;
  }
  return lowest;
}

/**
 * Sets (or, with `amountMinor` null, removes) the limit of one period. A new limit or a lower
 * one applies at once and cancels a pending change; a higher one or a removal waits 24 hours.
 */
export async function setDepositLimit(
  db: Executor,
  change: { playerId: number; period: LimitPeriod; currency: string; amountMinor: bigint | null },
  now: Date,
): Promise<void> {
  const { playerId, period, currency, amountMinor } = change;
  await applyDue(db, playerId, now);
  const [current] = await rowsOf<LimitRow>(
    db,
    sql`select * from deposit_limits where player_id = ${playerId} and period_days = ${period}
        for update`,
  );
  if (!current) {
    if (amountMinor === null) return;
    await db.execute(sql`
      insert into deposit_limits
        (player_id, period_days, currency, amount_minor, anchor_at, confirmed_at)
      values (${playerId}, ${period}, ${currency}, ${amountMinor.toString()}::bigint,
              ${sqlTime(now)}, ${sqlTime(now)})`);
    return;
  }
  const appliesAt = new Date(now.getTime() + COOLING_OFF_MS);
  if (amountMinor === null) {
    await db.execute(sql`
      update deposit_limits set pending_remove = true, pending_amount_minor = null,
        pending_at = ${sqlTime(appliesAt)}, confirmed_at = ${sqlTime(now)}
      where player_id = ${playerId} and period_days = ${period}`);
  } else if (amountMinor <= BigInt(current.amount_minor)) {
    await db.execute(sql`
      update deposit_limits set amount_minor = ${amountMinor.toString()}::bigint,
        pending_remove = false, pending_amount_minor = null, pending_at = null,
        confirmed_at = ${sqlTime(now)}
      where player_id = ${playerId} and period_days = ${period}`);
  } else {
    await db.execute(sql`
      update deposit_limits set pending_remove = false,
        pending_amount_minor = ${amountMinor.toString()}::bigint, pending_at = ${sqlTime(appliesAt)},
        confirmed_at = ${sqlTime(now)}
      where player_id = ${playerId} and period_days = ${period}`);
  }
}

/**
 * Refuses a deposit above what the binding limit leaves, with `BillingDepositLimitExceeded`
 * (its `errorData` says how much is left, in minor units, and which period binds). Call it in
 * the transaction that records the deposit, after locking the player (see the cashier).
 */
export async function assertDepositAllowed(
  db: Executor,
  playerId: number,
  amountMinor: bigint,
  now: Date,
): Promise<void> {
  const binding = bindingLimit(await depositLimitsOf(db, playerId, now));
  if (binding && amountMinor > binding.availableMinor) {
    throw new ApiError('BillingDepositLimitExceeded', 'This deposit is over your deposit limit', {
      errorData: {
        available_minor: binding.availableMinor.toString(),
        period: String(binding.period),
        resets_at: binding.windowEndsAt.toISOString(),
      },
    });
  }
}
