import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { fromMinor } from '../wallet/index.ts';
import { potentialReturn, type LegResult } from '@northstar/contract/bet-math';
import { inList } from './ingest.ts';
import { oddsText, parseBetKind } from '@northstar/contract/bet-math';
import { quoteCashOut, type BetRow } from './bets.ts';
import type { Clock, Scoreline } from './schema.ts';

/**
 * What the API reads of the book and of a player's bets (issue #29), in the contract's shapes
 * (`@northstar/contract` sportsbook.ts): odds as two-decimal text, money in the currency's
 * decimals.
 */

export interface OutcomeView {
  id: number;
  key: string;
  odds: string | null;
  status: 'open' | 'suspended' | 'won' | 'lost' | 'void' | 'half-won' | 'half-lost';
}

export interface MarketView {
  id: number;
  kind: string;
  line: string | null;
  status: 'open' | 'suspended' | 'settled' | 'void';
  void_reason: string | null;
  outcomes: OutcomeView[];
}

export interface EventView {
  id: number;
  sport: 'football' | 'tennis' | 'basketball' | 'ice-hockey' | 'esports';
  competition: { id: number; name: string; country: string };
  kind: 'match' | 'outright';
  home: string;
  away: string;
  starts_at: string;
  status: 'prematch' | 'live' | 'ended' | 'cancelled';
  score: Scoreline | null;
  clock: Clock | null;
  markets: MarketView[];
  markets_count: number;
}

/** A line as text without trailing zeros (`2.50` → `2.5`, `-1.00` → `-1`). */
export const lineText = (line: string | null) => (line === null ? null : String(Number(line)));

interface EventRow {
  id: number;
  sport: EventView['sport'];
  competition_id: number;
  competition_name: string;
  country: string;
  kind: EventView['kind'];
  home: string;
  away: string;
  starts_at: Date | string;
  status: EventView['status'];
  score: Scoreline | null;
  clock: Clock | null;
  markets_count: number;
}

const EVENT_COLUMNS = sql`e.id, c.sport, c.id as competition_id, c.name as competition_name, c.country, e.kind,
  e.home, e.away, e.starts_at, e.status, e.score, e.clock,
  (select count(*)::int from sb_markets m where m.event_id = e.id) as markets_count`;

async function marketsOf(
  db: Executor,
  eventIds: number[],
  mainOnly: boolean,
): Promise<Map<number, MarketView[]>> {
  const out = new Map<number, MarketView[]>();
  if (eventIds.length === 0) return out;
  const rows = await rowsOf<{
    event_id: number;
    market_id: number;
    kind: string;
    line: string | null;
    market_status: MarketView['status'];
    void_reason: string | null;
    outcome_id: number;
    key: string;
    odds: number | null;
    outcome_status: OutcomeView['status'];
  }>(
    db,
    sql`select m.event_id, m.id as market_id, m.kind, m.line::text, m.status as market_status, m.void_reason,
          o.id as outcome_id, o.key, o.odds, o.status as outcome_status
        from sb_markets m join sb_outcomes o on o.market_id = m.id
        where m.event_id in (${inList(eventIds)})
          ${mainOnly ? sql`and m.position = (select min(position) from sb_markets x where x.event_id = m.event_id)` : sql``}
        order by m.event_id, m.position, o.position`,
  );
  for (const row of rows) {
    const markets = out.get(row.event_id) ?? [];
    out.set(row.event_id, markets);
    let market = markets.at(-1);
    if (market?.id !== row.market_id) {
      market = {
        id: row.market_id,
        kind: row.kind,
        line: lineText(row.line),
        status: row.market_status,
        void_reason: row.void_reason,
        outcomes: [],
      };
      markets.push(market);
    }
    market.outcomes.push({
      id: row.outcome_id,
      key: row.key,
      odds: row.odds === null ? null : oddsText(row.odds),
      status: row.outcome_status,
    });
  }
  return out;
}

function eventView(row: EventRow, markets: MarketView[]): EventView {
  return {
    id: row.id,
    sport: row.sport,
    competition: { id: row.competition_id, name: row.competition_name, country: row.country },
    kind: row.kind,
    home: row.home,
    away: row.away,
    starts_at: new Date(row.starts_at).toISOString(),
    status: row.status,
    score: row.score,
    clock: row.clock,
    markets,
    markets_count: row.markets_count,
  };
}

export interface EventQuery {
  sport?: string;
  competitionId?: number;
  when?: 'live' | 'today' | 'upcoming' | 'all';
  kind?: 'match' | 'outright';
  ids?: number[];
  offset: number;
  count: number;
}

export async function listEvents(
  db: Executor,
  now: Date,
  query: EventQuery,
): Promise<{ total: number; items: EventView[] }> {
  const where: SQL[] = [];
  if (query.ids?.length) {
    where.push(sql`e.id in (${inList(query.ids)})`);
  } else {
    where.push(sql`e.kind = ${query.kind ?? 'match'}`);
    const when = query.when ?? 'all';
    if (when === 'live') where.push(sql`e.status = 'live'`);
    else if (when === 'upcoming') where.push(sql`e.status = 'prematch'`);
    else if (when === 'today') {
      where.push(sql`(e.status = 'live' or (e.status = 'prematch'
        and e.starts_at < ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz))`);
    } else where.push(sql`e.status in ('prematch', 'live')`);
  }
  if (query.sport) where.push(sql`c.sport = ${query.sport}`);
  if (query.competitionId) where.push(sql`c.id = ${query.competitionId}`);
  const filter = sql.join(where, sql` and `);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from sb_events e join sb_competitions c on c.id = e.competition_id where ${filter}`,
  );
  const rows = await rowsOf<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from sb_events e join sb_competitions c on c.id = e.competition_id
        where ${filter}
        order by (e.status = 'live') desc, e.starts_at, c.position, e.id
        offset ${query.offset} limit ${query.count}`,
  );
  const markets = await marketsOf(
    db,
    rows.map((row) => row.id),
    true,
  );
  return {
    total: count?.total ?? 0,
    items: rows.map((row) => eventView(row, markets.get(row.id) ?? [])),
  };
}

/** Whether the book has an event of this id (`/betting/event/{id}` is the 404 otherwise). */
export async function eventExists(db: Executor, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from sb_events where id = ${id} limit 1`,
  );
  return rows.length > 0;
}

export async function eventById(db: Executor, id: number): Promise<EventView | null> {
  const [row] = await rowsOf<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from sb_events e join sb_competitions c on c.id = e.competition_id where e.id = ${id}`,
  );
  if (!row) return null;
  const markets = await marketsOf(db, [id], false);
  return eventView(row, markets.get(id) ?? []);
}

export async function sportsSummary(db: Executor) {
  const rows = await rowsOf<{
    sport: EventView['sport'];
    id: number;
    name: string;
    country: string;
    live: number;
    upcoming: number;
  }>(
    db,
    sql`select c.sport, c.id, c.name, c.country,
          count(*) filter (where e.status = 'live')::int as live,
          count(*) filter (where e.status = 'prematch' and e.kind = 'match')::int as upcoming
        from sb_competitions c left join sb_events e on e.competition_id = c.id
        group by c.id order by c.position, c.id`,
  );
  const sports = new Map<
    EventView['sport'],
    {
      sport: EventView['sport'];
      live: number;
      upcoming: number;
      competitions: { id: number; name: string; country: string; live: number; upcoming: number }[];
    }
  >();
  for (const row of rows) {
    const sport = sports.get(row.sport) ?? {
      sport: row.sport,
      live: 0,
      upcoming: 0,
      competitions: [],
    };
    sports.set(row.sport, sport);
    sport.live += row.live;
    sport.upcoming += row.upcoming;
    sport.competitions.push({
      id: row.id,
      name: row.name,
      country: row.country,
      live: row.live,
      upcoming: row.upcoming,
    });
  }
  return [...sports.values()];
}

// ------------------------------------------------------------------------------------ bets

/** What a bet's view reads of its row. */
type BetRowView = Omit<BetRow, 'player_id' | 'request_id' | 'owed_minor' | 'settlements'>;

export async function playerBets(
  db: Executor,
  playerId: number,
  decimals: number,
  query: {
    status: 'open' | 'settled' | 'all';
    ids?: string[];
    /** Placed at or after this instant, and before `to`. */
    from?: Date;
    to?: Date;
    offset: number;
    count: number;
  },
  cashOutMarginBasisPoints: number,
) {
  const where = [sql`b.player_id = ${playerId}`];
  if (query.status === 'open') where.push(sql`b.status = 'open'`);
  if (query.status === 'settled') where.push(sql`b.status <> 'open'`);
  if (query.ids?.length) where.push(sql`b.id in (${inList(query.ids)})`);
  if (query.from) where.push(sql`b.placed_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) where.push(sql`b.placed_at < ${query.to.toISOString()}::timestamptz`);
  const filter = sql.join(where, sql` and `);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from sb_bets b where ${filter}`,
  );
  const bets = await rowsOf<BetRowView>(
    db,
    sql`select b.id::text, b.kind, b.currency, b.stake_minor::text, b.placed_stake_minor::text, b.lines,
          b.free_bet_id, b.odds_change, b.status, b.return_minor::text, b.cashed_out_minor::text,
          b.placed_at, b.settled_at
        from sb_bets b where ${filter} order by b.id desc offset ${query.offset} limit ${query.count}`,
  );
  const legs = bets.length
    ? await rowsOf<{
        bet_id: string;
        outcome_id: number;
        event_id: number;
        sport: EventView['sport'];
        competition: string;
        home: string;
        away: string;
        starts_at: Date | string;
        event_status: EventView['status'];
        score: Scoreline | null;
        market: string;
        line: string | null;
        outcome: string;
        odds: number;
        result: LegResult;
        void_reason: string | null;
      }>(
        db,
        sql`select l.bet_id::text, l.outcome_id, l.event_id, c.sport, c.name as competition, e.home, e.away,
              e.starts_at, e.status as event_status, e.score, m.kind as market, m.line::text, o.key as outcome,
              l.odds, l.result, l.void_reason
            from sb_bet_legs l join sb_outcomes o on o.id = l.outcome_id join sb_markets m on m.id = l.market_id
              join sb_events e on e.id = l.event_id join sb_competitions c on c.id = e.competition_id
            where l.bet_id in (${inList(bets.map((bet) => bet.id))}) order by l.bet_id, l.position`,
      )
    : [];
  const money = (minor: bigint | string | number, currency: string) => ({
    amount: fromMinor(BigInt(minor), decimals),
    currency,
  });
  const items = [];
  for (const bet of bets) {
    const mine = legs.filter((leg) => leg.bet_id === bet.id);
    const stake = Number(bet.stake_minor);
    const potential =
      stake > 0
        ? potentialReturn({
            kind: parseBetKind(bet.kind)!,
            legs: mine.map((leg) => ({ odds: leg.odds, result: 'pending' as const })),
            stake,
            free: bet.free_bet_id !== null,
          })
        : 0;
    const quote =
      bet.status === 'open'
        ? await quoteCashOut(db, playerId, bet.id, cashOutMarginBasisPoints)
        : { valueMinor: null, reason: 'settled' as const };
    items.push({
      id: bet.id,
      kind: bet.kind,
      status: bet.status,
      stake: money(bet.stake_minor, bet.currency),
      placed_stake: money(bet.placed_stake_minor, bet.currency),
      lines: bet.lines,
      total_stake: money(BigInt(bet.placed_stake_minor) * BigInt(bet.lines), bet.currency),
      free_bet: bet.free_bet_id !== null,
      potential_return: money(potential, bet.currency),
      return: bet.return_minor === null ? null : money(bet.return_minor, bet.currency),
      cashed_out: money(bet.cashed_out_minor, bet.currency),
      cash_out: quote.valueMinor === null ? null : money(quote.valueMinor, bet.currency),
      cash_out_reason: quote.reason,
      odds_change: bet.odds_change,
      placed_at: new Date(bet.placed_at).toISOString(),
      settled_at: bet.settled_at ? new Date(bet.settled_at).toISOString() : null,
      legs: mine.map((leg) => ({
        outcome_id: leg.outcome_id,
        event_id: leg.event_id,
        sport: leg.sport,
        competition: leg.competition,
        home: leg.home,
        away: leg.away,
        starts_at: new Date(leg.starts_at).toISOString(),
        event_status: leg.event_status,
        score: leg.score,
        market: leg.market,
        line: lineText(leg.line),
        outcome: leg.outcome,
        odds: oddsText(leg.odds),
        result: leg.result,
        void_reason: leg.void_reason,
      })),
    });
  }
  return { total: count?.total ?? 0, items };
}
