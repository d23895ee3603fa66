import { noChangeHook, type ChangeHook } from '../lib/change-hook.ts';
import { ApiError } from '@northstar/errors';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf, type Executor, type Transaction } from '../db/client.ts';
import { grantTemplate, templateById } from '../bonuses/index.ts';
import { findPlayer } from '../identity/index.ts';
import { unreadBefore, type PlayEvent } from '../play-events/index.ts';
import { applyMovement } from '../wallet/index.ts';
import type { PrizeSpec } from './schema.ts';
import {
  applyRound,
  awards,
  counts,
  rank,
  statusAt,
  type Scoring,
  type Tally,
  type TournamentStatus,
} from './scoring.ts';

/** The play-event consumer's name (its cursor in play-events/). */
export const CONSUMER = 'tournaments';
/** The channel a change of a leaderboard is announced on (payload: the tournament id). */
export const SCORES_CHANNEL = 'tournament_scores';
/**
 * How long after its end a tournament waits before its prizes are paid: a round whose money
 * moved just before the end may still be committing (its play event is then read by the consumer
 * before the payout, which also waits for the consumer's backlog before the end to be empty).
 */
export const SETTLE_GRACE_MS = 10_000;

export interface TournamentRow {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  starts_at: Date;
  ends_at: Date;
  currency: string;
  scoring: Scoring;
  games: string[];
  providers: string[];
  min_stake_minor: bigint;
  countries: string[];
  currencies: string[];
  new_players_days: number | null;
  prizes: PrizeSpec[];
  reset_on_cashout: boolean;
  entry: 'participate' | 'auto';
  tags: string[];
  revision: bigint;
  finalized_at: Date | null;
  status: TournamentStatus;
  participants: number;
}

type RawTournament = Omit<
  TournamentRow,
  'starts_at' | 'ends_at' | 'min_stake_minor' | 'revision' | 'finalized_at' | 'status'
> & {
  starts_at: string | Date;
  ends_at: string | Date;
  min_stake_minor: string;
  revision: string;
  finalized_at: string | Date | null;
};

const COLUMNS = sql`t.id, t.title, t.description, t.image_url, t.starts_at, t.ends_at, t.currency,
  t.scoring, t.games, t.providers, t.min_stake_minor::text, t.countries, t.currencies,
  t.new_players_days, t.prizes, t.reset_on_cashout, t.entry, t.tags, t.revision::text,
  t.finalized_at,
  (select count(*)::int from tournament_entries e where e.tournament_id = t.id) as participants`;

function toRow(raw: RawTournament, now: Date): TournamentRow {
  const startsAt = new Date(raw.starts_at);
  const endsAt = new Date(raw.ends_at);
  return {
    ...raw,
    starts_at: startsAt,
    ends_at: endsAt,
    min_stake_minor: BigInt(raw.min_stake_minor),
    revision: BigInt(raw.revision),
    finalized_at: raw.finalized_at === null ? null : new Date(raw.finalized_at),
    status: statusAt({ startsAt, endsAt }, now),
  };
}

export interface TournamentInput {
  title: string;
  description?: string;
  imageUrl?: string | null;
  startsAt: Date;
  endsAt: Date;
  currency: string;
  scoring: Scoring;
  games?: string[];
  providers?: string[];
  minStakeMinor?: bigint;
  countries?: string[];
  currencies?: string[];
  newPlayersDays?: number | null;
  prizes: PrizeSpec[];
  resetOnCashout?: boolean;
  entry?: 'participate' | 'auto';
  tags?: string[];
}

const invalid = (field: string, message: string) =>
  new ApiError('InvalidParameter', message, { invalidParameters: { [field]: ['wrong_field'] } });

/** Creates a tournament (the staff API; the back office's screens come later). */
export async function createTournament(db: Executor, input: TournamentInput): Promise<number> {
  if (input.endsAt.getTime() <= input.startsAt.getTime()) {
    throw invalid('ends_at', 'A tournament ends after it starts');
  }
  const places = input.prizes.map((p) => p.place);
  if (new Set(places).size !== places.length || places.some((p) => p < 1)) {
    throw invalid('prizes', 'Each place has at most one prize');
  }
  for (const prize of input.prizes) {
    if (prize.type === 'cash') continue;
    // A prize the bonus engine could not grant would stop the payout: refused here instead.
    const template = await templateById(db, prize.template_id);
    const kind = prize.type === 'freespins' ? 'free_spins' : null;
    if (
      !template ||
      template.currency !== input.currency ||
      (kind !== null && template.kind !== kind) ||
      (kind === null && (template.kind === 'free_spins' || template.kind === 'deposit_match'))
    ) {
      throw invalid('prizes', 'A prize names a bonus template that cannot be granted');
    }
  }
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into tournaments (title, description, image_url, starts_at, ends_at, currency,
          scoring, games, providers, min_stake_minor, countries, currencies, new_players_days,
          prizes, reset_on_cashout, entry, tags)
        values (${input.title}, ${input.description ?? ''}, ${input.imageUrl ?? null},
          ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
          ${input.currency}, ${input.scoring}, ${json(input.games ?? [])},
          ${json(input.providers ?? [])}, ${(input.minStakeMinor ?? 0n).toString()}::bigint,
          ${json(input.countries ?? [])}, ${json(input.currencies ?? [])},
          ${input.newPlayersDays ?? null}, ${json(input.prizes)}, ${input.resetOnCashout ?? false},
          ${input.entry ?? 'participate'}, ${json(input.tags ?? [])})
        returning id`,
  );
  return row!.id;
}

/** Tournaments by status (`all` or a phase) or ids, newest start first, with the total. */
export async function listTournaments(
  db: Executor,
  now: Date,
  query: { status?: TournamentStatus | 'all'; ids?: number[]; count?: number; offset?: number },
): Promise<{ total: number; items: TournamentRow[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const conditions = [sql`true`];
  if (query.ids) conditions.push(sql`t.id = any(${`{${query.ids.join(',')}}`}::int[])`);
  if (query.status === 'future') conditions.push(sql`t.starts_at > ${at}`);
  if (query.status === 'active') conditions.push(sql`t.starts_at <= ${at} and t.ends_at > ${at}`);
  if (query.status === 'finished') conditions.push(sql`t.ends_at <= ${at}`);
  const where = sql.join(conditions, sql` and `);
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from tournaments t where ${where}`,
  );
  const raws = await rowsOf<RawTournament>(
    db,
    sql`select ${COLUMNS} from tournaments t where ${where}
        order by t.starts_at desc, t.id desc
        limit ${query.count ?? 20} offset ${query.offset ?? 0}`,
  );
  return { total: total?.n ?? 0, items: raws.map((raw) => toRow(raw, now)) };
}

export async function tournamentById(
  db: Executor,
  id: number,
  now: Date,
): Promise<TournamentRow | null> {
  const [raw] = await rowsOf<RawTournament>(
    db,
    sql`select ${COLUMNS} from tournaments t where t.id = ${id}`,
  );
  return raw ? toRow(raw, now) : null;
}

function refusal(message: string, reason: string) {
  return new ApiError('InvalidRequest', message, { errorData: { reason } });
}

interface PlayerFacts {
  name: string;
  currency: string;
  countryCode: string | null;
  createdAt: Date;
}

/** Why a player may not take part (null: they may). The restrictions of §3 tournament. */
export function restrictionOf(
  t: Pick<TournamentRow, 'countries' | 'currencies' | 'new_players_days' | 'starts_at'>,
  player: PlayerFacts,
): 'restricted_country' | 'restricted_currency' | 'not_new_player' | null {
  if (t.countries.length > 0 && !t.countries.includes(player.countryCode ?? '')) {
    return 'restricted_country';
  }
  if (t.currencies.length > 0 && !t.currencies.includes(player.currency)) {
    return 'restricted_currency';
  }
  // "New players": registered at most this many days before the tournament's start.
  if (
    t.new_players_days !== null &&
    player.createdAt.getTime() < t.starts_at.getTime() - t.new_players_days * 86_400_000
  ) {
    return 'not_new_player';
  }
  return null;
}

async function factsOf(db: Executor, playerId: number): Promise<PlayerFacts> {
  const player = await findPlayer(db, playerId);
  return {
    name: publicName(player),
    currency: player.currency,
    countryCode: player.countryCode,
    createdAt: new Date(player.regTime),
  };
}

/**
 * §7 participate: the player joins a future or active tournament, once. Typed refusals
 * (InvalidRequest with `reason`): `tournament_finished`, `already_participating`,
 * `restricted_country` / `restricted_currency` / `not_new_player`. An unknown id is a field error.
 */
export async function participate(
  db: Executor,
  now: Date,
  playerId: number,
  tournamentId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await tournamentById(tx, tournamentId, now);
    if (!t) throw invalid('tournament_id', 'No such tournament');
    if (t.status === 'finished') {
      throw refusal('This tournament has finished', 'tournament_finished');
    }
    const player = await factsOf(tx, playerId);
    const restriction = restrictionOf(t, player);
    if (restriction) throw refusal('This tournament is not open to you', restriction);
    const joined = await rowsOf<{ id: number }>(
      tx,
      sql`insert into tournament_entries (tournament_id, player_id, name, joined_at)
          values (${tournamentId}, ${playerId}, ${player.name}, ${now.toISOString()}::timestamptz)
          on conflict (tournament_id, player_id) do nothing returning id`,
    );
    if (joined.length === 0) {
      throw refusal('You are already taking part in this tournament', 'already_participating');
    }
    await bump(tx, tournamentId);
  });
}

/**
 * An operator ends a tournament now (staff, issue #27: a tournament set up wrongly, or a game
 * withdrawn): its end moves to `now` (a future one also starts now, so it is finished, empty),
 * rounds from here on do not count, and the payout job pays its prizes after the settle grace
 * like any other end. Viewers hear of it on the scores channel. An unknown id is a field error;
 * one already ended is refused (`tournament_finished`): its end is history.
 */
export async function endTournamentNow(
  db: Executor,
  now: Date,
  tournamentId: number,
  hook: ChangeHook = noChangeHook,
): Promise<TournamentRow> {
  return db.transaction(async (tx) => {
    const [locked] = await rowsOf<{ ends_at: Date | string }>(
      tx,
      sql`select ends_at from tournaments where id = ${tournamentId} for update`,
    );
    if (!locked) throw invalid('tournament_id', 'No such tournament');
    if (new Date(locked.ends_at).getTime() <= now.getTime()) {
      throw refusal('This tournament has finished', 'tournament_finished');
    }
    const at = now.toISOString();
    await tx.execute(sql`
      update tournaments set ends_at = ${at}::timestamptz,
        starts_at = least(starts_at, ${at}::timestamptz)
      where id = ${tournamentId}`);
    await bump(tx, tournamentId);
    await hook(tx, {
      subjectId: tournamentId,
      before: { ends_at: new Date(locked.ends_at).toISOString() },
      after: { ends_at: at },
    });
    return (await tournamentById(tx, tournamentId, now))!;
  });
}

async function bump(tx: Executor, tournamentId: number): Promise<bigint> {
  const [row] = await rowsOf<{ revision: string }>(
    tx,
    sql`update tournaments set revision = revision + 1 where id = ${tournamentId}
        returning revision::text`,
  );
  await tx.execute(sql`select pg_notify(${SCORES_CHANNEL}, ${String(tournamentId)})`);
  return BigInt(row!.revision);
}

export interface EntryRow {
  id: number;
  player_id: number;
  score: bigint;
  rounds: number;
  wins_minor: bigint;
  stakes_minor: bigint;
  reached_at: Date | null;
  revision: bigint;
  joined_at: Date;
  place: number | null;
  prize: PrizeSpec | null;
  name: string;
}

type RawEntry = {
  id: number;
  player_id: number;
  score: string;
  rounds: number;
  wins_minor: string;
  stakes_minor: string;
  reached_at: string | Date | null;
  revision: string;
  joined_at: string | Date;
  place: number | null;
  prize: PrizeSpec | null;
  name: string;
};

/**
 * The name a leaderboard shows: the player's public nickname (fakename, §3) or "Player 1234"
 * (never the login or an email: a leaderboard is public). Taken when the player joins.
 */
function publicName(player: { id: number; fakename: string | null }): string {
  return player.fakename && player.fakename.trim() !== '' ? player.fakename : `Player ${player.id}`;
}

/** Every entry of a tournament, in leaderboard order (scoring.ts `rank`), with its place. */
export async function standings(db: Executor, tournamentId: number): Promise<EntryRow[]> {
  const raws = await rowsOf<RawEntry>(
    db,
    sql`select e.id, e.player_id, e.score::text, e.rounds, e.wins_minor::text,
               e.stakes_minor::text, e.reached_at, e.revision::text, e.joined_at, e.place, e.prize,
               e.name
        from tournament_entries e
        where e.tournament_id = ${tournamentId}`,
  );
  const rows: EntryRow[] = raws.map((raw) => ({
    id: raw.id,
    player_id: raw.player_id,
    score: BigInt(raw.score),
    rounds: raw.rounds,
    wins_minor: BigInt(raw.wins_minor),
    stakes_minor: BigInt(raw.stakes_minor),
    reached_at: raw.reached_at === null ? null : new Date(raw.reached_at),
    revision: BigInt(raw.revision),
    joined_at: new Date(raw.joined_at),
    place: raw.place,
    prize: raw.prize,
    name: raw.name,
  }));
  const ranked = rank(
    rows.map((r) => ({ ...r, playerId: r.player_id, entryId: r.id, reachedAt: r.reached_at })),
  );
  return ranked.map(({ place, ...r }) => ({ ...r, place }));
}

/**
 * The consumer of the play-event stream (play-events/): each counted round of an entered player
 * (or, in an `auto` tournament, of any eligible player, who is entered by it) moves their tally,
 * in the consumer's transaction with its cursor, so a round counts once. A round counts in a
 * tournament when it is in the tournament's currency, on one of its games or providers, between
 * its start and end and after the player joined, staked at least the minimum (scoring.ts
 * `counts`). Every change raises the tournament's revision and is announced on SCORES_CHANNEL
 * (delivered at commit) for the live leaderboards.
 */
export async function applyPlayEvents(tx: Transaction, events: PlayEvent[]): Promise<void> {
  if (events.length === 0) return;
  const times = events.map((e) => e.occurredAt.getTime());
  const from = new Date(Math.min(...times)).toISOString();
  const to = new Date(Math.max(...times)).toISOString();
  const raws = await rowsOf<RawTournament>(
    tx,
    sql`select ${COLUMNS} from tournaments t
        where t.starts_at <= ${to}::timestamptz and t.ends_at > ${from}::timestamptz
          and t.finalized_at is null
        order by t.id`,
  );
  if (raws.length === 0) return;
  const live = raws.map((raw) => toRow(raw, new Date(0)));
  const facts = new Map<number, PlayerFacts>();
  const changed = new Set<number>();
  for (const event of events) {
    if (event.kind === 'cashout') {
      for (const t of live) {
        if (await resetOnCashout(tx, t, event)) changed.add(t.id);
      }
      continue;
    }
    const move = { ...event, kind: event.kind };
    if (event.product !== 'casino') continue;
    for (const t of live) {
      const at = event.occurredAt.getTime();
      if (at < t.starts_at.getTime() || at >= t.ends_at.getTime()) continue;
      if (event.currency !== t.currency) continue;
      const anyGame = t.games.length === 0 && t.providers.length === 0;
      if (
        !anyGame &&
        !t.games.includes(event.gameCode) &&
        !t.providers.includes(event.providerId)
      ) {
        continue;
      }
      if (!counts(move, t.min_stake_minor)) continue;
      if (t.entry === 'auto') {
        let player = facts.get(event.playerId);
        if (!player) {
          player = await factsOf(tx, event.playerId).catch(() => undefined);
          if (!player) continue;
          facts.set(event.playerId, player);
        }
        if (restrictionOf(t, player)) continue;
        await tx.execute(sql`
          insert into tournament_entries (tournament_id, player_id, name, joined_at)
          values (${t.id}, ${event.playerId}, ${player.name},
                  ${event.occurredAt.toISOString()}::timestamptz)
          on conflict (tournament_id, player_id) do nothing`);
      }
      const [entry] = await rowsOf<{
        id: number;
        score: string;
        rounds: number;
        wins_minor: string;
        stakes_minor: string;
      }>(
        tx,
        sql`select id, score::text, rounds, wins_minor::text, stakes_minor::text
            from tournament_entries
            where tournament_id = ${t.id} and player_id = ${event.playerId}
              and joined_at <= ${event.occurredAt.toISOString()}::timestamptz
            for update`,
      );
      if (!entry) continue;
      const before: Tally = {
        score: BigInt(entry.score),
        rounds: entry.rounds,
        winsMinor: BigInt(entry.wins_minor),
        stakesMinor: BigInt(entry.stakes_minor),
      };
      const after = applyRound(t.scoring, before, move);
      const [revision] = await rowsOf<{ revision: string }>(
        tx,
        sql`update tournaments set revision = revision + 1 where id = ${t.id}
            returning revision::text`,
      );
      await tx.execute(sql`
        update tournament_entries
        set score = ${after.score.toString()}::bigint, rounds = ${after.rounds},
            wins_minor = ${after.winsMinor.toString()}::bigint,
            stakes_minor = ${after.stakesMinor.toString()}::bigint,
            reached_at = case when ${after.score.toString()}::bigint <> score or reached_at is null
                              then ${event.occurredAt.toISOString()}::timestamptz
                              else reached_at end,
            revision = ${revision!.revision}::bigint
        where id = ${entry.id}`);
      changed.add(t.id);
    }
  }
  for (const id of changed) {
    await tx.execute(sql`select pg_notify(${SCORES_CHANNEL}, ${String(id)})`);
  }
}

/**
 * §3 `reset_on_cashout`: a player who asks for a withdrawal while a tournament with the flag runs
 * loses the score they had in it (they stay entered and score again from 0 with their next
 * rounds). The cashier publishes the withdrawal as a `cashout` play event in the withdrawal's own
 * transaction (payments/ through play-events' door), so tournaments never read the cashier's
 * tables and the reset falls exactly between the rounds before and after it in the stream's
 * order. Ours, where the spec is silent: the request counts, not the payout (a cancelled or
 * rejected withdrawal does not give the score back; otherwise a player could cash out, keep
 * their place and cancel), and a round whose bet came before the withdrawal and its win after
 * it adds that win to the new tally. Answers whether an entry was reset.
 */
async function resetOnCashout(tx: Transaction, t: TournamentRow, event: PlayEvent) {
  const at = event.occurredAt.getTime();
  if (!t.reset_on_cashout || at < t.starts_at.getTime() || at >= t.ends_at.getTime()) return false;
  const [entry] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from tournament_entries
        where tournament_id = ${t.id} and player_id = ${event.playerId}
          and joined_at <= ${event.occurredAt.toISOString()}::timestamptz
        for update`,
  );
  if (!entry) return false;
  const [revision] = await rowsOf<{ revision: string }>(
    tx,
    sql`update tournaments set revision = revision + 1 where id = ${t.id}
        returning revision::text`,
  );
  await tx.execute(sql`
    update tournament_entries
    set score = 0, rounds = 0, wins_minor = 0, stakes_minor = 0, reached_at = null,
        revision = ${revision!.revision}::bigint
    where id = ${entry.id}`);
  return true;
}

/**
 * Pays the prizes of every tournament past its end (and SETTLE_GRACE_MS) whose rounds have all
 * been counted, exactly once whichever instance comes first: the tournament row is claimed
 * `FOR UPDATE SKIP LOCKED` with `finalized_at is null`, and the prizes, the places and
 * `finalized_at` are written in that one transaction (cash through wallet/ under the ledger key
 * `tournament:<id>:place:<n>`, bonuses and free spins through the bonus engine under the same
 * grant key, so even a replay moves nothing twice). Answers the ids it finalized.
 */
export async function finalizeDue(app: AppContext): Promise<number[]> {
  const now = app.now();
  const db = app.database.db;
  const due = await rowsOf<{ id: number; ends_at: string | Date }>(
    db,
    sql`select id, ends_at from tournaments
        where finalized_at is null
          and ends_at <= ${new Date(now.getTime() - SETTLE_GRACE_MS).toISOString()}::timestamptz
        order by ends_at, id`,
  );
  const done: number[] = [];
  for (const candidate of due) {
    // Rounds before the end still unread by the consumer: wait for it (it is woken by them).
    if ((await unreadBefore(app.database, CONSUMER, new Date(candidate.ends_at))) > 0) continue;
    const finalized = await db.transaction(async (tx) => {
      const [claimed] = await rowsOf<RawTournament>(
        tx,
        sql`select ${COLUMNS} from tournaments t
            where t.id = ${candidate.id} and t.finalized_at is null
            for update skip locked`,
      );
      if (!claimed) return false;
      const t = toRow(claimed, now);
      const board = await standings(tx, t.id);
      const won = awards(
        board.map((e) => ({
          playerId: e.player_id,
          entryId: e.id,
          score: e.score,
          reachedAt: e.reached_at,
        })),
        t.prizes,
      );
      for (const award of won) await payPrize(tx, now, t, award.playerId, award.place, award.prize);
      for (const entry of board) {
        const prize = won.find((a) => a.playerId === entry.player_id)?.prize ?? null;
        await tx.execute(sql`
          update tournament_entries set place = ${entry.place},
            prize = ${prize === null ? null : JSON.stringify(prize)}::jsonb
          where id = ${entry.id}`);
      }
      await tx.execute(
        sql`update tournaments set finalized_at = ${now.toISOString()}::timestamptz
            where id = ${t.id}`,
      );
      await bump(tx, t.id);
      return true;
    });
    if (finalized) done.push(candidate.id);
  }
  return done;
}

async function payPrize(
  tx: Transaction,
  now: Date,
  t: TournamentRow,
  playerId: number,
  place: number,
  prize: PrizeSpec,
): Promise<void> {
  const key = `tournament:${t.id}:place:${place}`;
  if (prize.type === 'cash') {
    await applyMovement(tx, {
      playerId,
      kind: 'main',
      currency: t.currency,
      amountMinor: BigInt(prize.amount_minor),
      reason: 'tournament_prize',
      idempotencyKey: key,
      meta: { tournament: t.id, place },
    });
    return;
  }
  await grantTemplate(tx, now, {
    playerId,
    currency: t.currency,
    templateId: prize.template_id,
    grantKey: key,
  });
}
