import { sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { SETTLE_RESULTS, SportsbookChange } from '@northstar/contract';
import { rowsOf, type Database, type Executor } from '../db/client.ts';
import { settleBet, type SettleOutcome } from './bets.ts';
import { eventById, type EventView } from './book.ts';
import { CHANGES_CHANNEL } from './ingest.ts';

/**
 * The sportsbook as traders run it from the back office (issue #30): the events with their open
 * bets, and a market settled or voided by hand when the feed cannot (an event it dropped, a
 * result it got wrong). A decision only writes the outcomes' results, as the feed's ingest would,
 * marks the market decided (the ingest then leaves it alone) and publishes the change; the money
 * moves through the one settlement there is (bets.ts `settleBet`: the ledger, resettlement of a
 * corrected result, free bets through bonuses/). No new money path.
 */

export type ManualResult = (typeof SETTLE_RESULTS)[number];

export interface TradingEvent {
  id: number;
  sport: string;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  status: string;
  /** Markets in all, and those still open or suspended (not yet settled or void). */
  markets: number;
  undecidedMarkets: number;
  /** Bets with a leg on the event still waiting for its result. */
  openBets: number;
}

/** Events for the trading screen: by status (ended ones first need results), newest start first. */
export async function tradingEvents(
  db: Executor,
  filter: { status: string | null; query: string | null; offset: number; count: number },
): Promise<{ total: number; items: TradingEvent[] }> {
  const where: SQL[] = [sql`true`];
  if (filter.status) where.push(sql`e.status = ${filter.status}`);
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(sql`(e.home ilike ${like} or e.away ilike ${like} or c.name ilike ${like})`);
  }
  const condition = sql.join(where, sql` and `);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from sb_events e
        join sb_competitions c on c.id = e.competition_id where ${condition}`,
  );
  const rows = await rowsOf<{
    id: number;
    sport: string;
    competition: string;
    home: string;
    away: string;
    starts_at: Date | string;
    status: string;
    markets: number;
    undecided: number;
    open_bets: number;
  }>(
    db,
    sql`select e.id, c.sport, c.name as competition, e.home, e.away, e.starts_at, e.status,
          (select count(*)::int from sb_markets m where m.event_id = e.id) as markets,
          (select count(*)::int from sb_markets m where m.event_id = e.id
            and m.status in ('open', 'suspended')) as undecided,
          (select count(distinct l.bet_id)::int from sb_bet_legs l
            where l.event_id = e.id and l.result = 'pending') as open_bets
        from sb_events e join sb_competitions c on c.id = e.competition_id
        where ${condition}
        order by e.starts_at desc, e.id desc limit ${filter.count} offset ${filter.offset}`,
  );
  return {
    total: count!.total,
    items: rows.map((row) => ({
      id: row.id,
      sport: row.sport,
      competition: row.competition,
      home: row.home,
      away: row.away,
      startsAt: new Date(row.starts_at),
      status: row.status,
      markets: row.markets,
      undecidedMarkets: row.undecided,
      openBets: row.open_bets,
    })),
  };
}

export interface TradingMarket {
  id: number;
  decidedAt: Date | null;
  /** Bets with a leg on it still waiting for its result. */
  openBets: number;
}

/** One event with every market, and per market whether staff decided it and its open bets. */
export async function tradingEvent(
  db: Executor,
  id: number,
): Promise<{ event: EventView; markets: Map<number, TradingMarket> } | null> {
  const event = await eventById(db, id);
  if (!event) return null;
  const rows = await rowsOf<{ id: number; decided_at: Date | string | null; open_bets: number }>(
    db,
    sql`select m.id, m.decided_at,
          (select count(distinct l.bet_id)::int from sb_bet_legs l
            where l.market_id = m.id and l.result = 'pending') as open_bets
        from sb_markets m where m.event_id = ${id}`,
  );
  const markets = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
        openBets: row.open_bets,
      },
    ]),
  );
  return { event, markets };
}

export interface MarketDecision {
  marketId: number;
  /** Each outcome's result by its key; null voids the whole market. */
  results: Record<string, ManualResult> | null;
  /** A void market's reason, as the player's bet shows it (`event_cancelled`, …). */
  voidReason: string | null;
}

interface DecidedMarket {
  status: string;
  void_reason: string | null;
  outcomes: Record<string, string>;
}

const refused = (field: string, code: string, message: string) =>
  new ApiError('InvalidParameter', message, { invalidParameters: { [field]: [code] } });

/**
 * Writes staff's decision on a market in the caller's transaction: each outcome's result, the
 * market settled (or void, all its outcomes void, with the reason), marked decided, and the
 * change published to the odds stream. Answers before and after (for the audit row) and the
 * bets that stand on it (to settle once this commits). A decision on a decided market corrects
 * it: the settlement then resettles the bets it already paid.
 */
export async function decideMarket(
  tx: Executor,
  now: Date,
  decision: MarketDecision,
): Promise<{ before: DecidedMarket; after: DecidedMarket; eventId: number; betIds: string[] }> {
  // The event's row first, then the market's, as the ingest and placement lock them (ingest.ts).
  const [owner] = await rowsOf<{ event_id: number }>(
    tx,
    sql`select event_id from sb_markets where id = ${decision.marketId}`,
  );
  if (!owner) throw refused('market_id', 'wrong_field', 'No such market');
  await tx.execute(sql`select id from sb_events where id = ${owner.event_id} for update`);
  const [market] = await rowsOf<{
    event_id: number;
    competition_id: number;
    sport: string;
    key: string;
    status: string;
    void_reason: string | null;
  }>(
    tx,
    sql`select m.event_id, e.competition_id, c.sport, m.key, m.status, m.void_reason
        from sb_markets m join sb_events e on e.id = m.event_id
        join sb_competitions c on c.id = e.competition_id
        where m.id = ${decision.marketId}
        for update of m`,
  );
  if (!market) throw refused('market_id', 'wrong_field', 'No such market');
  const outcomes = await rowsOf<{ id: number; key: string; odds: number | null; status: string }>(
    tx,
    sql`select id, key, odds, status from sb_outcomes where market_id = ${decision.marketId}
        order by position for update`,
  );
  const keys = new Set(outcomes.map((outcome) => outcome.key));
  const results = decision.results;
  if (results) {
    if (Object.keys(results).some((key) => !keys.has(key))) {
      throw refused('results', 'wrong_field', 'A result names no outcome of this market');
    }
    if (outcomes.some((outcome) => results[outcome.key] === undefined)) {
      throw refused('results', 'required', 'Every outcome of the market needs its result');
    }
  }
  const resultOf = (key: string): ManualResult => results?.[key] ?? 'void';
  const allVoid = outcomes.every((outcome) => resultOf(outcome.key) === 'void');
  const status = allVoid ? 'void' : 'settled';
  const voidReason = allVoid ? (decision.voidReason ?? 'void') : null;
  const before: DecidedMarket = {
    status: market.status,
    void_reason: market.void_reason,
    outcomes: Object.fromEntries(outcomes.map((outcome) => [outcome.key, outcome.status])),
  };
  const after: DecidedMarket = {
    status,
    void_reason: voidReason,
    outcomes: Object.fromEntries(outcomes.map((outcome) => [outcome.key, resultOf(outcome.key)])),
  };

  await tx.execute(sql`update sb_events set revision = revision + 1, updated_at = now()
    where id = ${market.event_id}`);
  await tx.execute(sql`update sb_markets set status = ${status}, void_reason = ${voidReason},
      decided_at = ${now.toISOString()}::timestamptz
    where id = ${decision.marketId}`);
  for (const outcome of outcomes) {
    await tx.execute(sql`update sb_outcomes set status = ${resultOf(outcome.key)}, odds = null
      where id = ${outcome.id}`);
  }
  const change: SportsbookChange = {
    event_id: market.event_id,
    competition_id: market.competition_id,
    sport: market.sport,
    markets: [{ id: decision.marketId, key: market.key, status }],
    outcomes: outcomes.map((outcome) => ({
      id: outcome.id,
      market_id: decision.marketId,
      key: outcome.key,
      odds: null,
      status: resultOf(outcome.key),
    })),
  };
  await tx.execute(sql`insert into sb_changes (event_id, competition_id, sport, payload, created_at)
    values (${market.event_id}, ${market.competition_id}, ${market.sport},
      ${JSON.stringify(change)}::jsonb, ${now.toISOString()}::timestamptz)`);
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, '')`);

  const bets = await rowsOf<{ bet_id: string }>(
    tx,
    sql`select distinct bet_id::text from sb_bet_legs where market_id = ${decision.marketId}
        order by 1`,
  );
  return { before, after, eventId: market.event_id, betIds: bets.map((bet) => bet.bet_id) };
}

/**
 * Settles the bets a decision touched, each in its own transaction, through the one settlement
 * (bets.ts). A bet another instance's settlement holds at the moment is skipped here and settled
 * there (`settleBet` claims each bet with SKIP LOCKED).
 */
export async function settleBets(
  db: Database,
  now: Date,
  betIds: readonly string[],
): Promise<SettleOutcome[]> {
  const out: SettleOutcome[] = [];
  for (const id of betIds) {
    const done = await db.transaction((tx) => settleBet(tx, now, id));
    if (done) out.push(done);
  }
  return out;
}
