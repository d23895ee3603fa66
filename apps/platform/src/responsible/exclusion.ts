import { sql } from 'drizzle-orm';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import { withdrawAllMarketingConsent } from '../marketing/index.ts';

/** §3 self-exclusion periods and how long each lasts (null: permanent). */
export const SELF_EXCLUSION = {
  '1d': { days: 1 },
  '7d': { days: 7 },
  '30d': { days: 30 },
  '3m': { months: 3 },
  '6m': { months: 6 },
  '9m': { months: 9 },
  '1y': { months: 12 },
  '2y': { months: 24 },
  '3y': { months: 36 },
  '4y': { months: 48 },
  '5y': { months: 60 },
  permanent: null,
} as const satisfies Record<string, { days: number } | { months: number } | null>;

export type SelfExclusionPeriod = keyof typeof SELF_EXCLUSION;

/** Time-outs (issue #25, UKGC "take a break"): short breaks that stop play and sign-in alike. */
export const TIME_OUT = {
  '24h': { days: 1 },
  '7d': { days: 7 },
  '6w': { days: 42 },
} as const;

export type TimeOutPeriod = keyof typeof TIME_OUT;
export type ExclusionKind = 'self_exclusion' | 'time_out';

export interface SelfExclusion {
  active: boolean;
  kind: ExclusionKind | null;
  period: SelfExclusionPeriod | TimeOutPeriod | null;
  startedAt: Date | null;
  /** null while permanent (or when there is none). */
  until: Date | null;
}

const NONE: SelfExclusion = {
  active: false,
  kind: null,
  period: null,
  startedAt: null,
  until: null,
};

/** When a self-exclusion of `period` set at `from` ends (null: never). Calendar months, UTC. */
export function exclusionEnd(period: SelfExclusionPeriod, from: Date): Date | null {
  const length = SELF_EXCLUSION[period];
  if (length === null) return null;
  if ('days' in length) return new Date(from.getTime() + length.days * 86_400_000);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}

/** The self-exclusion in force for a player at `now`, if any. */
export async function selfExclusionOf(
  db: Executor,
  playerId: number,
  now: Date,
): Promise<SelfExclusion> {
  const [row] = await rowsOf<{
    kind: ExclusionKind;
    period: SelfExclusionPeriod | TimeOutPeriod;
    started_at: Date;
    ends_at: Date | null;
  }>(
    db,
    sql`select kind, period, started_at, ends_at from self_exclusions
        where player_id = ${playerId} and started_at <= ${sqlTime(now)}
          and (ends_at is null or ends_at > ${sqlTime(now)})
        order by ends_at desc nulls first limit 1`,
  );
  if (!row) return NONE;
  return {
    active: true,
    kind: row.kind,
    period: row.period,
    startedAt: new Date(row.started_at),
    until: row.ends_at ? new Date(row.ends_at) : null,
  };
}

export async function isSelfExcluded(db: Executor, playerId: number, now: Date): Promise<boolean> {
  return (await selfExclusionOf(db, playerId, now)).active;
}

/**
 * Self-excludes a player from `now`. It cannot be shortened or lifted: a new one that would end
 * before the one in force changes nothing (the answer shows the one in force). Every marketing
 * consent is withdrawn with it (UKGC LCCP SR 3.5.3; issue #25), through marketing/'s door.
 */
export async function setSelfExclusion(
  db: Executor,
  playerId: number,
  period: SelfExclusionPeriod,
  now: Date,
): Promise<SelfExclusion> {
  return exclude(db, playerId, 'self_exclusion', period, exclusionEnd(period, now), now);
}

/** A time-out (24 hours, 7 days, 6 weeks) from `now`, on the self-exclusion's rules. */
export async function setTimeOut(
  db: Executor,
  playerId: number,
  period: TimeOutPeriod,
  now: Date,
): Promise<SelfExclusion> {
  const end = new Date(now.getTime() + TIME_OUT[period].days * 86_400_000);
  return exclude(db, playerId, 'time_out', period, end, now);
}

/**
 * Neither can be shortened or lifted: one that would end before the one in force changes nothing
 * (the answer shows the one in force).
 */
async function exclude(
  db: Executor,
  playerId: number,
  kind: ExclusionKind,
  period: SelfExclusionPeriod | TimeOutPeriod,
  end: Date | null,
  now: Date,
): Promise<SelfExclusion> {
  const current = await selfExclusionOf(db, playerId, now);
  const longer =
    !current.active || (current.until !== null && (end === null || end > current.until));
  if (longer) {
    await db.execute(sql`
      insert into self_exclusions (player_id, kind, period, started_at, ends_at)
      values (${playerId}, ${kind}, ${period}, ${sqlTime(now)},
              ${end ? sqlTime(end) : null})`);
  }
  await withdrawAllMarketingConsent(db, playerId, 'self_exclusion', now);
  return selfExclusionOf(db, playerId, now);
}
