import { sql } from 'drizzle-orm';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';

/**
 * The payments' figures of the back office's daily report (issue #30): deposits that went
 * through and withdrawals staff approved, per UTC day and currency. A payment counts on the day of
 * the stage that decided it (`stages` keeps each stage's time), not the day it was asked for: a
 * deposit confirmed after midnight is the next day's money. A withdrawal whose payout later failed
 * (`rejected`, its money returned) no longer counts.
 */

export interface DailyPayments {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  currency: string;
  kind: 'deposit' | 'withdrawal';
  count: number;
  amountMinor: bigint;
}

export async function dailyPayments(
  db: Executor,
  range: { from: Date; until: Date },
): Promise<DailyPayments[]> {
  const rows = await rowsOf<{
    date: string;
    currency: string;
    kind: 'deposit' | 'withdrawal';
    count: number;
    total: string;
  }>(
    db,
    sql`select to_char(d.at at time zone 'UTC', 'YYYY-MM-DD') as date, p.currency, p.kind,
          count(*)::int as count, sum(p.amount_minor)::text as total
        from payments p
        cross join lateral (
          select min((s->>'at')::timestamptz) as at from jsonb_array_elements(p.stages) s
          where s->>'stage' = case p.kind when 'deposit' then 'success' else 'approved' end
        ) d
        where ((p.kind = 'deposit' and p.status = 'success')
            or (p.kind = 'withdrawal' and p.status in ('approved', 'sent', 'paid')))
          -- A payment is asked for before it is decided, and updated when it is: the range's
          -- payments are among these (the stages are read for them only).
          and p.created_at < ${sqlTime(range.until)} and p.updated_at >= ${sqlTime(range.from)}
          and d.at >= ${sqlTime(range.from)} and d.at < ${sqlTime(range.until)}
        group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    date: row.date,
    currency: row.currency,
    kind: row.kind,
    count: Number(row.count),
    amountMinor: BigInt(row.total),
  }));
}
