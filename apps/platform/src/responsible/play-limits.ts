import { sql } from 'drizzle-orm';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import { isReviewDue, limitWindow, planLimitChange, sessionOver } from './limit-rules.ts';

/**
 * Loss and session-time limits (issue #25, UKGC RTS 12) on the deposit limits' rules
 * (limit-rules.ts). A loss limit is enforced where the money moves: the wallet's bet function
 * (wallet/sql/bet.sql) reads `play_limits` in the bet's own transaction, after locking the
 * balances, and refuses a stake above what the window's net loss leaves. A session-time limit
 * ends the signed-in session when it runs out (server.ts wires `sessionAllowed` into identity's
 * session check, so every request after it is signed out).
 */
export const LOSS_PERIODS = [1, 7, 14, 30] as const;
export type LossPeriod = (typeof LOSS_PERIODS)[number];
/** A session-time limit between 5 minutes and 24 hours (ours; the spec is silent). */
export const SESSION_MINUTES = { min: 5, max: 1440 } as const;
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 60] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS)[number];

export type PlayLimitKind = 'loss' | 'session';

export interface PlayLimitState {
  kind: PlayLimitKind;
  /** Loss: 1, 7, 14 or 30 days; session: 0. */
  periodDays: number;
  currency: string | null;
  /** Loss: minor units; session: minutes. */
  amount: bigint;
  windowStart: Date;
  windowEndsAt: Date | null;
  pending: { amount: bigint | null; appliesAt: Date } | null;
  confirmedAt: Date;
}

type Row = {
  kind: PlayLimitKind;
  period_days: number;
  currency: string | null;
  amount: string;
  anchor_at: Date | string;
  pending_amount: string | null;
  pending_remove: boolean;
  pending_at: Date | string | null;
  confirmed_at: Date | string;
};

/** Changes whose cooling-off has passed take effect (the bet function reads them the same way). */
async function applyDue(db: Executor, playerId: number, now: Date): Promise<void> {
  await db.execute(sql`
    delete from play_limits
    where player_id = ${playerId} and pending_remove and pending_at <= ${sqlTime(now)}`);
  await db.execute(sql`
    update play_limits
    set amount = pending_amount, pending_amount = null, pending_at = null
    where player_id = ${playerId} and pending_amount is not null
      and pending_at <= ${sqlTime(now)}`);
}

export async function playLimitsOf(
  db: Executor,
  playerId: number,
  now: Date,
): Promise<PlayLimitState[]> {
  await applyDue(db, playerId, now);
  const rows = await rowsOf<Row>(
    db,
    sql`select * from play_limits where player_id = ${playerId} order by kind, period_days`,
  );
  return rows.map((row) => {
    const anchor = new Date(row.anchor_at);
    const window = row.kind === 'loss' ? limitWindow(anchor, row.period_days, now) : null;
    return {
      kind: row.kind,
      periodDays: row.period_days,
      currency: row.currency,
      amount: BigInt(row.amount),
      windowStart: window?.start ?? anchor,
      windowEndsAt: window?.end ?? null,
      pending: row.pending_at
        ? {
            amount: row.pending_remove ? null : BigInt(row.pending_amount ?? '0'),
            appliesAt: new Date(row.pending_at),
          }
        : null,
      confirmedAt: new Date(row.confirmed_at),
    };
  });
}

/**
 * Sets (or, with `amount` null, removes) a loss limit of one period or the session-time limit.
 * Call it in a transaction: the row is locked so two changes at once apply one after the other.
 */
export async function setPlayLimit(
  db: Executor,
  change: {
    playerId: number;
    kind: PlayLimitKind;
    periodDays: number;
    currency: string | null;
    amount: bigint | null;
  },
  now: Date,
): Promise<void> {
  const { playerId, kind, periodDays, currency, amount } = change;
  await applyDue(db, playerId, now);
  const [current] = await rowsOf<Row>(
    db,
    sql`select * from play_limits
        where player_id = ${playerId} and kind = ${kind} and period_days = ${periodDays}
        for update`,
  );
  const plan = planLimitChange(current ? BigInt(current.amount) : null, amount, now);
  const where = sql`player_id = ${playerId} and kind = ${kind} and period_days = ${periodDays}`;
  switch (plan.action) {
    case 'none':
      return;
    case 'apply':
      if (!current) {
        await db.execute(sql`
          insert into play_limits
            (player_id, kind, period_days, currency, amount, anchor_at, confirmed_at)
          values (${playerId}, ${kind}, ${periodDays}, ${currency},
                  ${plan.amount.toString()}::bigint, ${sqlTime(now)}, ${sqlTime(now)})`);
      } else {
        await db.execute(sql`
          update play_limits set amount = ${plan.amount.toString()}::bigint,
            pending_amount = null, pending_remove = false, pending_at = null,
            confirmed_at = ${sqlTime(now)}
          where ${where}`);
      }
      return;
    case 'pending':
      await db.execute(sql`
        update play_limits set
          pending_amount = ${plan.amount === null ? null : plan.amount.toString()}::bigint,
          pending_remove = ${plan.amount === null}, pending_at = ${sqlTime(plan.appliesAt)},
          confirmed_at = ${sqlTime(now)}
        where ${where}`);
      return;
  }
}

/** The session-time limit in force, in minutes (null without one). */
export async function sessionLimitMinutes(
  db: Executor,
  playerId: number,
  now: Date,
): Promise<number | null> {
  const [row] = await rowsOf<{ amount: string }>(
    db,
    sql`select case when pending_at is not null and pending_at <= ${sqlTime(now)}
                    then case when pending_remove then null else pending_amount end
                    else amount end::text as amount
        from play_limits where player_id = ${playerId} and kind = 'session'`,
  );
  return row?.amount ? Number(row.amount) : null;
}

/**
 * Whether a signed-in session started at `startedAt` may go on: false once the player's
 * session-time limit has run out (identity then ends the session).
 */
export async function sessionAllowed(
  db: Executor,
  playerId: number,
  startedAt: Date,
  now: Date,
): Promise<boolean> {
  const minutes = await sessionLimitMinutes(db, playerId, now);
  return minutes === null || !sessionOver(startedAt, minutes, now);
}

/**
 * When a signed-in session started at `startedAt` must end under the player's session-time
 * limit (null without one): a game launched in it gets a token that expires then, so a game left
 * open cannot bet past the limit.
 */
export async function sessionEndsAt(
  db: Executor,
  playerId: number,
  startedAt: Date,
  now: Date,
): Promise<Date | null> {
  const minutes = await sessionLimitMinutes(db, playerId, now);
  return minutes === null ? null : new Date(startedAt.getTime() + minutes * 60_000);
}

/** The limits (deposit, loss, session) set or kept six months ago or more. */
export async function limitsDueForReview(
  db: Executor,
  playerId: number,
  now: Date,
): Promise<{ type: 'deposit' | PlayLimitKind; periodDays: number }[]> {
  const deposit = await rowsOf<{ period_days: number; confirmed: Date | string }>(
    db,
    sql`select period_days, coalesce(confirmed_at, anchor_at) as confirmed
        from deposit_limits where player_id = ${playerId}`,
  );
  const play = await rowsOf<{ kind: PlayLimitKind; period_days: number; confirmed_at: Date }>(
    db,
    sql`select kind, period_days, confirmed_at from play_limits where player_id = ${playerId}`,
  );
  return [
    ...deposit
      .filter((row) => isReviewDue(new Date(row.confirmed), now))
      .map((row) => ({ type: 'deposit' as const, periodDays: row.period_days })),
    ...play
      .filter((row) => isReviewDue(new Date(row.confirmed_at), now))
      .map((row) => ({ type: row.kind, periodDays: row.period_days })),
  ];
}

/** The player keeps every limit as it is: the next review is six months from now. */
export async function keepLimits(db: Executor, playerId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update deposit_limits set confirmed_at = ${sqlTime(now)} where player_id = ${playerId}`,
  );
  await db.execute(
    sql`update play_limits set confirmed_at = ${sqlTime(now)} where player_id = ${playerId}`,
  );
}

export async function realityCheckOf(db: Executor, playerId: number): Promise<number> {
  const [row] = await rowsOf<{ interval_minutes: number }>(
    db,
    sql`select interval_minutes from reality_checks where player_id = ${playerId}`,
  );
  return row?.interval_minutes ?? 0;
}

/** Reality checks (UKGC RTS 13): any interval may be chosen at once, as it only informs. */
export async function setRealityCheck(
  db: Executor,
  playerId: number,
  minutes: RealityCheckInterval,
): Promise<void> {
  await db.execute(sql`
    insert into reality_checks (player_id, interval_minutes) values (${playerId}, ${minutes})
    on conflict (player_id) do update set interval_minutes = excluded.interval_minutes`);
}
