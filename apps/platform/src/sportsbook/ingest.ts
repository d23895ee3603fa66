import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../db/client.ts';
import type { FeedEvent, FeedMarket, FeedOutcome, FeedProvider } from './feed.ts';
import type { SportsbookChange } from '@northstar/contract';
import type { Clock, Scoreline } from './schema.ts';
import { MAX_ODDS, MIN_ODDS } from '@northstar/contract/bet-math';

/**
 * The feed's ingest (issue #29): one pass polls the feed provider and writes what differs from
 * the book into the sportsbook's tables, in one transaction, with a row of `sb_changes` per event
 * that changed (what the odds stream sends) and a `NOTIFY sportsbook_changes` on commit.
 *
 * With several instances, each runs the pass and one makes it: a transaction-scoped advisory lock
 * per feed; the others skip at once. An instance remembers what it wrote last (each event's state
 * as the feed gave it) and skips events the feed gives unchanged; `sb_feed_state.seq` tells it
 * whether another instance has written since, and then it compares everything with the tables
 * again. Locks: an event's row is updated before its markets and outcomes (placement holds the
 * events of a bet shared while it reads their prices), events in the order of their ids.
 */

export const CHANGES_CHANNEL = 'sportsbook_changes';

export const inList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The book's price of a feed's odds: down to two decimals (what the slip shows is what is
 * taken), none under the book's lowest odds.
 */
export function bookOdds(odds: number | null): number | null {
  if (odds === null || !Number.isFinite(odds)) return null;
  const price = Math.floor(odds / 10) * 10;
  return price < MIN_ODDS || price > MAX_ODDS ? null : price;
}

type OutcomeStatus = NonNullable<SportsbookChange['outcomes']>[number]['status'];

/** What an outcome's status is from its market's and its own state in the feed. */
export function outcomeStatus(market: FeedMarket, outcome: FeedOutcome): OutcomeStatus {
  if (market.status === 'settled') return outcome.result ?? 'void';
  if (market.status === 'void') return 'void';
  if (market.status === 'suspended' || bookOdds(outcome.odds) === null) return 'suspended';
  return 'open';
}

/** One event's change as the odds stream sends it (the contract's, for the betting remote). */
export type EventChange = SportsbookChange;

interface StoredOutcome {
  id: number;
  odds: number | null;
  status: string;
}
interface StoredMarket {
  id: number;
  status: string;
  voidReason: string | null;
  /** Settled or voided by staff (issue #30): the feed no longer changes it. */
  decided: boolean;
  outcomes: Map<string, StoredOutcome>;
}
interface StoredEvent {
  id: number;
  competitionId: number;
  status: string;
  score: Scoreline | null;
  clock: Clock | null;
  startsAt: string;
  home: string;
  away: string;
  markets: Map<string, StoredMarket>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface IngestResult {
  /** False when another instance holds the feed (this pass wrote nothing). */
  ingested: boolean;
  /** Events written (new or changed). */
  changed: number;
}

export class FeedIngest {
  /** Each event's state as last written by this instance (the feed's JSON). */
  private readonly written = new Map<string, string>();
  private readonly competitions = new Map<string, { id: number; sport: string }>();
  private lastSeq: bigint | null = null;

  private readonly feed: FeedProvider;
  private readonly db: Database;

  constructor(feed: FeedProvider, db: Database) {
    this.feed = feed;
    this.db = db;
  }

  async pass(now: Date): Promise<IngestResult> {
    const pending = new Map<string, string>();
    try {
      const result = await this.db.transaction(async (tx) => {
        const [lock] = await rowsOf<{ ok: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(hashtext(${`sportsbook:feed:${this.feed.name}`})) as ok`,
        );
        if (!lock?.ok) return { ingested: false, changed: 0 };
        const [state] = await rowsOf<{ seq: string }>(
          tx,
          sql`insert into sb_feed_state (feed, seq, polled_at)
              values (${this.feed.name}, 1, ${now.toISOString()}::timestamptz)
              on conflict (feed) do update set seq = sb_feed_state.seq + 1, polled_at = excluded.polled_at
              returning seq::text`,
        );
        const seq = BigInt(state!.seq);
        if (this.lastSeq === null || seq !== this.lastSeq + 1n) {
          this.written.clear();
          this.competitions.clear();
        }
        this.lastSeq = seq;
        const batch = await this.feed.poll(now);
        for (const competition of batch.competitions) {
          if (this.competitions.has(competition.ref)) continue;
          const [row] = await rowsOf<{ id: number }>(
            tx,
            sql`insert into sb_competitions (feed_ref, sport, name, country, position)
                values (${competition.ref}, ${competition.sport}, ${competition.name}, ${competition.country}, ${competition.position})
                on conflict (feed_ref) do update set sport = excluded.sport, name = excluded.name,
                  country = excluded.country, position = excluded.position
                returning id`,
          );
          this.competitions.set(competition.ref, { id: row!.id, sport: competition.sport });
        }
        const changed = batch.events.filter((event) => {
          const json = JSON.stringify(event);
          pending.set(event.ref, json);
          return this.written.get(event.ref) !== json;
        });
        if (changed.length === 0) return { ingested: true, changed: 0 };
        const stored = await loadEvents(
          tx,
          changed.map((event) => event.ref),
        );
        // Events already in the book first, in the order of their ids; new ones after.
        changed.sort(
          (a, b) => (stored.get(a.ref)?.id ?? Infinity) - (stored.get(b.ref)?.id ?? Infinity),
        );
        const changes: EventChange[] = [];
        for (const event of changed) {
          const competition = this.competitions.get(event.competitionRef);
          if (!competition)
            throw new Error(`the feed named an unknown competition ${event.competitionRef}`);
          const change = await writeEvent(tx, event, competition, stored.get(event.ref) ?? null);
          if (change) changes.push(change);
        }
        if (changes.length > 0) {
          await tx.execute(
            sql`insert into sb_changes (event_id, competition_id, sport, payload, created_at) values ${sql.join(
              changes.map(
                (change) =>
                  sql`(${change.event_id}, ${change.competition_id}, ${change.sport}, ${JSON.stringify(change)}::jsonb, ${now.toISOString()}::timestamptz)`,
              ),
              sql`, `,
            )}`,
          );
          await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, '')`);
        }
        return { ingested: true, changed: changes.length };
      });
      for (const [ref, json] of pending) this.written.set(ref, json);
      return result;
    } catch (error) {
      // What this instance remembers may not have been written: compare everything next time.
      this.written.clear();
      this.competitions.clear();
      this.lastSeq = null;
      throw error;
    }
  }
}

async function loadEvents(tx: Executor, refs: string[]): Promise<Map<string, StoredEvent>> {
  const rows = await rowsOf<{
    id: number;
    feed_ref: string;
    competition_id: number;
    status: string;
    score: Scoreline | null;
    clock: Clock | null;
    starts_at: Date | string;
    home: string;
    away: string;
    market_id: number | null;
    market_key: string | null;
    market_status: string | null;
    void_reason: string | null;
    decided: boolean | null;
    outcome_id: number | null;
    outcome_key: string | null;
    odds: number | null;
    outcome_status: string | null;
  }>(
    tx,
    sql`select e.id, e.feed_ref, e.competition_id, e.status, e.score, e.clock, e.starts_at, e.home, e.away,
          m.id as market_id, m.key as market_key, m.status as market_status, m.void_reason,
          m.decided_at is not null as decided, o.id as outcome_id, o.key as outcome_key, o.odds, o.status as outcome_status
        from sb_events e
        left join sb_markets m on m.event_id = e.id
        left join sb_outcomes o on o.market_id = m.id
        where e.feed_ref in (${inList(refs)})`,
  );
  const events = new Map<string, StoredEvent>();
  for (const row of rows) {
    let event = events.get(row.feed_ref);
    if (!event) {
      event = {
        id: row.id,
        competitionId: row.competition_id,
        status: row.status,
        score: row.score,
        clock: row.clock,
        startsAt: new Date(row.starts_at).toISOString(),
        home: row.home,
        away: row.away,
        markets: new Map(),
      };
      events.set(row.feed_ref, event);
    }
    if (row.market_id === null || row.market_key === null) continue;
    let market = event.markets.get(row.market_key);
    if (!market) {
      market = {
        id: row.market_id,
        status: row.market_status!,
        voidReason: row.void_reason,
        decided: row.decided === true,
        outcomes: new Map(),
      };
      event.markets.set(row.market_key, market);
    }
    if (row.outcome_id !== null && row.outcome_key !== null) {
      market.outcomes.set(row.outcome_key, {
        id: row.outcome_id,
        odds: row.odds,
        status: row.outcome_status!,
      });
    }
  }
  return events;
}

/** Writes one event's differences; answers its change (null: nothing differed). */
async function writeEvent(
  tx: Executor,
  event: FeedEvent,
  competition: { id: number; sport: string },
  stored: StoredEvent | null,
): Promise<EventChange | null> {
  const fields = {
    status: event.status,
    score: event.score,
    clock: event.clock,
    starts_at: event.startsAt.toISOString(),
    home: event.home,
    away: event.away,
  };
  let eventId: number;
  const change: EventChange = {
    event_id: 0,
    competition_id: competition.id,
    sport: competition.sport,
  };
  if (!stored) {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into sb_events (feed_ref, competition_id, kind, home, away, starts_at, status, score, clock, revision, updated_at)
          values (${event.ref}, ${competition.id}, ${event.kind}, ${event.home}, ${event.away},
            ${fields.starts_at}::timestamptz, ${event.status}, ${JSON.stringify(event.score)}::jsonb,
            ${JSON.stringify(event.clock)}::jsonb, 1, now())
          returning id`,
    );
    eventId = row!.id;
    change.event = fields;
  } else {
    eventId = stored.id;
    const before = {
      status: stored.status,
      score: stored.score,
      clock: stored.clock,
      starts_at: stored.startsAt,
      home: stored.home,
      away: stored.away,
    };
    if (!same(before, fields)) change.event = fields;
  }
  change.event_id = eventId;

  const markets: NonNullable<EventChange['markets']> = [];
  const outcomes: NonNullable<EventChange['outcomes']> = [];
  const outcomeUpdates: { id: number; odds: number | null; status: OutcomeStatus }[] = [];
  const marketUpdates: { id: number; status: string; voidReason: string | null }[] = [];
  for (const [position, market] of event.markets.entries()) {
    const known = stored?.markets.get(market.key);
    // Staff's decision stands: the feed's later word on this market is not written.
    if (known?.decided) continue;
    const voidReason =
      market.status === 'void' ? (market.voidReason ?? 'void') : (market.voidReason ?? null);
    let marketId: number;
    if (!known) {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into sb_markets (event_id, kind, key, line, status, position, void_reason)
            values (${eventId}, ${market.kind}, ${market.key}, ${market.line === null ? null : String(market.line)},
              ${market.status}, ${position}, ${voidReason})
            returning id`,
      );
      marketId = row!.id;
      markets.push({ id: marketId, key: market.key, status: market.status });
    } else {
      marketId = known.id;
      if (known.status !== market.status || known.voidReason !== voidReason) {
        marketUpdates.push({ id: marketId, status: market.status, voidReason });
        markets.push({ id: marketId, key: market.key, status: market.status });
      }
    }
    const fresh: { key: string; odds: number | null; status: OutcomeStatus; position: number }[] =
      [];
    for (const [index, outcome] of market.outcomes.entries()) {
      const status = outcomeStatus(market, outcome);
      const odds = bookOdds(outcome.odds);
      const was = known?.outcomes.get(outcome.key);
      if (!was) {
        fresh.push({ key: outcome.key, odds, status, position: index });
      } else if (was.odds !== odds || was.status !== status) {
        outcomeUpdates.push({ id: was.id, odds, status });
        outcomes.push({ id: was.id, market_id: marketId, key: outcome.key, odds, status });
      }
    }
    if (fresh.length > 0) {
      const rows = await rowsOf<{
        id: number;
        key: string;
        odds: number | null;
        status: OutcomeStatus;
      }>(
        tx,
        sql`insert into sb_outcomes (market_id, key, odds, status, position) values ${sql.join(
          fresh.map((o) => sql`(${marketId}, ${o.key}, ${o.odds}, ${o.status}, ${o.position})`),
          sql`, `,
        )} returning id, key, odds, status`,
      );
      for (const row of rows) outcomes.push({ ...row, market_id: marketId });
    }
  }
  // A market the feed no longer offers is suspended (never deleted: bets may stand on it).
  for (const [key, known] of stored?.markets ?? []) {
    if (known.status !== 'open' || event.markets.some((market) => market.key === key)) continue;
    marketUpdates.push({ id: known.id, status: 'suspended', voidReason: null });
    markets.push({ id: known.id, key, status: 'suspended' });
  }

  if (!change.event && markets.length === 0 && outcomes.length === 0) return null;
  if (stored) {
    await tx.execute(sql`update sb_events set status = ${fields.status}, score = ${JSON.stringify(fields.score)}::jsonb,
        clock = ${JSON.stringify(fields.clock)}::jsonb, starts_at = ${fields.starts_at}::timestamptz,
        home = ${fields.home}, away = ${fields.away}, revision = revision + 1, updated_at = now()
      where id = ${eventId}`);
  }
  if (marketUpdates.length > 0) {
    await tx.execute(sql`update sb_markets as m set status = v.status, void_reason = v.void_reason
      from (values ${sql.join(
        marketUpdates.map((u) => sql`(${u.id}::int, ${u.status}::text, ${u.voidReason}::text)`),
        sql`, `,
      )}) as v(id, status, void_reason) where m.id = v.id`);
  }
  if (outcomeUpdates.length > 0) {
    await tx.execute(sql`update sb_outcomes as o set odds = v.odds, status = v.status
      from (values ${sql.join(
        outcomeUpdates.map((u) => sql`(${u.id}::int, ${u.odds}::int, ${u.status}::text)`),
        sql`, `,
      )}) as v(id, odds, status) where o.id = v.id`);
  }
  if (markets.length > 0) change.markets = markets;
  if (outcomes.length > 0) change.outcomes = outcomes;
  return change;
}

/** Changes older than this are dropped (a client further behind reads the whole book again). */
export const CHANGES_KEPT_MS = 3_600_000;

export async function pruneChanges(db: Executor, now: Date): Promise<void> {
  await db.execute(
    sql`delete from sb_changes where created_at < ${new Date(now.getTime() - CHANGES_KEPT_MS).toISOString()}::timestamptz`,
  );
}
