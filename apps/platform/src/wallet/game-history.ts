import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import { fromMinor } from './money.ts';

/**
 * A player's rounds from the wallet's records, newest first (games/getHistory, the export). The
 * game's name is the catalogue's (games/ adds it through its door): here only its code.
 */
export interface RoundFilter {
  /** Rounds started at or after. */
  from?: Date;
  /** Rounds started before. */
  to?: Date;
  /** Only these games (the caller's product filter: the catalogue knows which games). */
  gameCodes?: readonly string[];
  /** Only unfinished rounds (not closed, not refunded): the ones a player may resume. */
  openOnly?: boolean;
}

/** A player's rounds of one page, with the filter of games/getHistory and the export. */
export async function playerRounds(
  app: AppContext,
  playerId: number,
  page: { limit: number; offset: number },
  filter: RoundFilter = {},
) {
  const conditions = [sql`t.player_id = ${playerId}`];
  if (filter.gameCodes) {
    if (filter.gameCodes.length === 0) return { total: 0, items: [] };
    conditions.push(
      sql`t.game_code in (${sql.join(
        filter.gameCodes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
    );
  }
  const having = [
    sql`bool_or((t.type = 'bet' and t.fingerprint <> 'tombstone') or t.type = 'win')`,
  ];
  if (filter.from) having.push(sql`min(t.created_at) >= ${sqlTime(filter.from)}`);
  if (filter.to) having.push(sql`min(t.created_at) < ${sqlTime(filter.to)}`);
  if (filter.openOnly) {
    having.push(sql`not bool_or(t.round_closed)`);
    having.push(
      sql`not bool_or(t.type = 'bet' and t.state = 'rolled_back' and t.fingerprint <> 'tombstone')`,
    );
  }
  // A round whose only rows are a rollback and its tombstone moved no money: not listed.
  const rounds = sql`
    select t.provider_id, t.round, min(t.game_code) as game_code, min(t.currency) as currency,
      coalesce(sum(t.amount_minor) filter (where t.type = 'bet'), 0)::text as staked,
      coalesce(sum(t.amount_minor) filter (where t.type = 'win'), 0)::text as won,
      bool_or(t.type = 'bet' and t.state = 'rolled_back' and t.fingerprint <> 'tombstone')
        as refunded,
      bool_or(t.round_closed) as closed,
      min(t.created_at) as started_at,
      max(t.created_at) filter (where t.round_closed) as finished_at
    from wallet_transactions t
    where ${sql.join(conditions, sql` and `)}
    group by t.provider_id, t.round
    having ${sql.join(having, sql` and `)}`;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from (${rounds}) r`,
  );
  const rows = await app.database.query<{
    round: string;
    provider_id: string;
    game_code: string;
    currency: string;
    decimals: number | null;
    staked: string;
    won: string;
    refunded: boolean;
    closed: boolean;
    started_at: Date | string;
    finished_at: Date | string | null;
    balance_after: string | null;
  }>(sql`
    select r.*, c.decimals, after.balance::text as balance_after from (
      select * from (${rounds}) r0
      order by r0.started_at desc, r0.round desc
      limit ${page.limit} offset ${page.offset}
    ) r
    left join currencies c on c.code = r.currency
    -- The balance after the round (main + bonus): each balance's ledger row at or before the
    -- round's last ledger row. Null for a round that moved no money (a free spin that paid 0).
    left join lateral (
      select max(l.id) as last_id from ledger_entries l
      where l.player_id = ${playerId} and l.meta->>'provider' = r.provider_id
        and l.meta->>'round' = r.round
    ) last on true
    left join lateral (
      select sum(b.balance_after_minor) as balance from (
        select distinct on (l.kind) l.balance_after_minor from ledger_entries l
        -- main + bonus only: pending free-spin winnings (kind freespins, issue #26) are in no
        -- balance the player plays with.
        where l.player_id = ${playerId} and l.currency = r.currency and l.id <= last.last_id
          and l.kind in ('main', 'bonus')
        order by l.kind, l.id desc
      ) b
    ) after on last.last_id is not null
    order by r.started_at desc, r.round desc`);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => {
      const decimals = row.decimals ?? 2;
      return {
        round: row.round,
        game_code: row.game_code,
        provider: row.provider_id,
        currency: row.currency,
        stake: fromMinor(BigInt(row.staked), decimals),
        win: fromMinor(BigInt(row.won), decimals),
        balance_after:
          row.balance_after === null ? null : fromMinor(BigInt(row.balance_after), decimals),
        status: row.refunded
          ? ('rolled_back' as const)
          : row.closed
            ? ('settled' as const)
            : ('open' as const),
        started_at: new Date(row.started_at).toISOString(),
        finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      };
    }),
  };
}

/** How far back the winners list looks: a week of wins is "recent" on a lobby. */
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every player's wins (games/getWinners) from the wallet's own records, as playerRounds reads a
 * player's rounds: a round counts once it is settled (closed, not refunded) and what it paid
 * beat what it staked, so a win that only gave part of the stake back is not a "win" here. Free
 * spins (no stake) count. `recent`: the newest first; `biggest`: the largest amounts of the week.
 * The players' names (identity) and the games' names (games) are the caller's to add.
 */
export async function recentWins(
  app: AppContext,
  page: { sort: 'recent' | 'biggest'; limit: number; offset: number },
) {
  const since = new Date(app.now().getTime() - WINDOW_MS);
  // The wins of the window first (few rows), then their whole rounds: bets may be older.
  const wins = sql`
    select t.provider_id, t.round, min(t.player_id) as player_id, min(t.game_code) as game_code,
      min(t.currency) as currency, sum(t.amount_minor) as won, max(t.created_at) as won_at
    from wallet_transactions t
    where t.type = 'win' and t.amount_minor > 0 and t.created_at >= ${sqlTime(since)}
    group by t.provider_id, t.round`;
  const settled = sql`
    select w.*, coalesce(r.staked, 0) as staked from (${wins}) w
    join lateral (
      select
        sum(b.amount_minor) filter (where b.type = 'bet' and b.fingerprint <> 'tombstone')
          as staked,
        bool_or(b.type = 'bet' and b.state = 'rolled_back' and b.fingerprint <> 'tombstone')
          as refunded,
        bool_or(b.round_closed) as closed
      from wallet_transactions b
      where b.provider_id = w.provider_id and b.round = w.round and b.player_id = w.player_id
    ) r on true
    where r.closed and not coalesce(r.refunded, false) and w.won > coalesce(r.staked, 0)`;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from (${settled}) s`,
  );
  const order =
    page.sort === 'biggest'
      ? sql`s.won::numeric / power(10, coalesce(c.decimals, 2)) desc, s.won_at desc`
      : sql`s.won_at desc, s.round desc`;
  const rows = await app.database.query<{
    round: string;
    game_code: string;
    player_id: number;
    currency: string;
    decimals: number | null;
    won: string;
    staked: string;
    won_at: Date | string;
  }>(sql`
    select s.round, s.game_code, s.player_id, s.currency, c.decimals,
      s.won::text as won, s.staked::text as staked, s.won_at
    from (${settled}) s
    left join currencies c on c.code = s.currency
    order by ${order}
    limit ${page.limit} offset ${page.offset}`);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => {
      const decimals = row.decimals ?? 2;
      return {
        round: row.round,
        player_id: Number(row.player_id),
        game_code: row.game_code,
        amount: fromMinor(BigInt(row.won), decimals),
        stake: fromMinor(BigInt(row.staked), decimals),
        currency: row.currency,
        won_at: new Date(row.won_at).toISOString(),
      };
    }),
  };
}

/**
 * What a player's play session has moved since `start` (UK RTS 14 and 2E), in minor units of one
 * currency: stakes of bets that stood (a rolled-back bet and a rollback's tombstone moved
 * nothing), wins, and the rounds with a standing bet (modules/games/session-summary.ts).
 */
export async function sessionMoves(
  app: AppContext,
  playerId: number,
  currency: string,
  start: Date,
): Promise<{ staked: bigint; won: bigint; rounds: number }> {
  const [sums] = await app.database.query<{ staked: string; won: string; rounds: number }>(sql`
    select
      coalesce(sum(t.amount_minor) filter (
        where t.type = 'bet' and t.state <> 'rolled_back' and t.fingerprint <> 'tombstone'
      ), 0)::text as staked,
      coalesce(sum(t.amount_minor) filter (where t.type = 'win'), 0)::text as won,
      count(distinct t.provider_id || ':' || t.round) filter (
        where t.type = 'bet' and t.state <> 'rolled_back' and t.fingerprint <> 'tombstone'
      )::int as rounds
    from wallet_transactions t
    where t.player_id = ${playerId} and t.currency = ${currency}
      and t.created_at >= ${sqlTime(start)}`);
  return {
    staked: BigInt(sums?.staked ?? '0'),
    won: BigInt(sums?.won ?? '0'),
    rounds: sums?.rounds ?? 0,
  };
}

/**
 * Every sportsbook movement of the main balance is named `sports_*` (sportsbook/bets.ts: the
 * stake, what a settlement returns or takes back, a cash-out). A free bet's stake is the
 * operator's money and moves no main balance, so it is not here.
 */
const SPORTS_MAIN = sql`l.kind = 'main' and l.reason like 'sports\\_%'`;

/**
 * What a loss limit counts since `start` (issue #25 with #29), in minor units of one currency:
 * the games' stakes that stood and wins (as sessionMoves and the bet function count them), and the
 * sportsbook's stakes and what it paid back (returns, cash-outs, less what a resettlement took).
 * `db` is the caller's transaction: the sportsbook checks a stake against it after locking the
 * balances (lockMainBalance), as the bet function does for a game's.
 */
export async function lossMoves(
  db: Executor,
  playerId: number,
  currency: string,
  start: Date,
): Promise<{ staked: bigint; won: bigint }> {
  const [games] = await rowsOf<{ staked: string; won: string }>(
    db,
    sql`select
      coalesce(sum(t.amount_minor) filter (
        where t.type = 'bet' and t.state <> 'rolled_back' and t.fingerprint <> 'tombstone'
      ), 0)::text as staked,
      coalesce(sum(t.amount_minor) filter (where t.type = 'win'), 0)::text as won
    from wallet_transactions t
    where t.player_id = ${playerId} and t.currency = ${currency}
      and t.created_at >= ${sqlTime(start)}`,
  );
  const [sports] = await rowsOf<{ staked: string; returned: string }>(
    db,
    sql`select
      coalesce(-sum(l.amount_minor) filter (where l.amount_minor < 0 and l.reason = 'sports_stake'), 0)::text as staked,
      coalesce(sum(l.amount_minor) filter (where l.reason <> 'sports_stake'), 0)::text as returned
    from ledger_entries l
    where l.player_id = ${playerId} and l.currency = ${currency} and ${SPORTS_MAIN}
      and l.created_at >= ${sqlTime(start)}`,
  );
  return {
    staked: BigInt(games?.staked ?? '0') + BigInt(sports?.staked ?? '0'),
    won: BigInt(games?.won ?? '0') + BigInt(sports?.returned ?? '0'),
  };
}

/**
 * Locks the player's main balance in `currency` for the caller's transaction: a stake checked
 * against a loss limit and then taken is counted after any other stake of the same player.
 */
export async function lockMainBalance(
  db: Executor,
  playerId: number,
  currency: string,
): Promise<void> {
  await db.execute(
    sql`select 1 from wallets where player_id = ${playerId} and currency = ${currency} and kind = 'main' for update`,
  );
}
