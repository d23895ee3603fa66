import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import type { PaymentRow } from './service.ts';

/**
 * The payments domain's reads for the §7 cashier handlers (modules/cashier/handlers.ts), which
 * no longer query `payments` themselves (issue #23 §1). Each answer is what the handler showed
 * before: rows with the currency's decimals (2 when the currency is unknown).
 */
export type PaymentWithDecimals = PaymentRow & { decimals: number };

/** The player's own payment of that kind; null for another player's or no such id (§2). */
export async function ownPayment(
  db: Executor,
  playerId: number,
  id: number,
  kind: 'deposit' | 'withdrawal',
): Promise<PaymentWithDecimals | null> {
  const [row] = await rowsOf<PaymentWithDecimals>(
    db,
    sql`select p.*, coalesce(c.decimals, 2) as decimals from payments p
        left join currencies c on c.code = p.currency
        where p.id = ${id} and p.player_id = ${playerId} and p.kind = ${kind}`,
  );
  return row ?? null;
}

/** Whether the player has ever deposited successfully (the first-deposit flag). */
export async function hasSuccessfulDeposit(db: Executor, playerId: number): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists(select 1 from payments where player_id = ${playerId}
          and kind = 'deposit' and status = 'success') as any`,
  );
  return row?.any ?? false;
}

/**
 * Whether a deposit is the player's first that went through: no successful deposit of theirs
 * came before it (issue #28: the page's `first_deposit` analytics event).
 */
export async function isFirstSuccessfulDeposit(
  db: Executor,
  playerId: number,
  paymentId: number,
): Promise<boolean> {
  const [row] = await rowsOf<{ first: boolean }>(
    db,
    sql`select not exists(select 1 from payments where player_id = ${playerId}
          and kind = 'deposit' and status = 'success' and id < ${paymentId}) as first`,
  );
  return row?.first ?? false;
}

/** Minor units the player asked to withdraw since `since`, rejected and cancelled ones left out. */
export async function withdrawnSince(db: Executor, playerId: number, since: Date): Promise<bigint> {
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(amount_minor), 0)::text as total from payments
        where player_id = ${playerId} and kind = 'withdrawal'
          and status not in ('rejected', 'cancelled')
          and created_at > ${since.toISOString()}::timestamptz`,
  );
  return BigInt(row!.total);
}

/** One page of payments, newest first (the player's history) or oldest first (staff's queue). */
export async function paymentsPage(
  db: Executor,
  filter: {
    playerId?: number;
    kind: 'deposit' | 'withdrawal';
    statuses: readonly string[];
    oldestFirst?: boolean;
  },
  page: { offset: number; count: number },
): Promise<{ total: number; rows: PaymentWithDecimals[] }> {
  const where = sql.join(
    [
      sql`p.kind = ${filter.kind}`,
      ...(filter.playerId === undefined ? [] : [sql`p.player_id = ${filter.playerId}`]),
      ...(filter.statuses.length
        ? [
            sql`p.status in (${sql.join(
              filter.statuses.map((item) => sql`${item}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
  const order = filter.oldestFirst ? sql`p.created_at, p.id` : sql`p.created_at desc, p.id desc`;
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from payments p where ${where}`,
  );
  const rows = await rowsOf<PaymentWithDecimals>(
    db,
    sql`select p.*, coalesce(c.decimals, 2) as decimals from payments p
        left join currencies c on c.code = p.currency
        where ${where} order by ${order} offset ${page.offset} limit ${page.count}`,
  );
  return { total: counted!.total, rows };
}

/**
 * Net deposits in the player's currency (successful deposits less paid withdrawals), in minor
 * units: over the account's life and since `since`.
 */
export async function netDeposits(
  db: Executor,
  player: { id: number; currency: string },
  since: Date,
): Promise<{ lifetime: bigint; recent: bigint }> {
  const [row] = await rowsOf<{ lifetime: string; recent: string }>(
    db,
    sql`select
          coalesce(sum(case when kind = 'deposit' then amount_minor else -amount_minor end), 0)::text as lifetime,
          coalesce(sum(case when kind = 'deposit' then amount_minor else -amount_minor end)
            filter (where created_at > ${since.toISOString()}::timestamptz), 0)::text as recent
        from payments where player_id = ${player.id} and currency = ${player.currency}
          and ((kind = 'deposit' and status = 'success') or (kind = 'withdrawal' and status = 'paid'))`,
  );
  return { lifetime: BigInt(row!.lifetime), recent: BigInt(row!.recent) };
}

/** A currency's decimals (2 when it is unknown). */
export async function currencyDecimals(db: Executor, currency: string): Promise<number> {
  const [row] = await rowsOf<{ decimals: number }>(
    db,
    sql`select decimals from currencies where code = ${currency}`,
  );
  return row?.decimals ?? 2;
}
