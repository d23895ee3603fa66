import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppContext } from '../context.ts';
import {
  actBlackjack,
  BLACKJACK_RTP,
  blackjackPayout,
  blackjackStake,
  blackjackView,
  dealBlackjack,
  extraStake,
  type BlackjackAction,
  type BlackjackState,
} from './engines/blackjack.ts';
import { hashServerSeed, newServerSeed, playDice } from './engines/dice.ts';
import { playRoulette, ROULETTE_RTP, type RouletteBet } from './engines/roulette.ts';
import {
  isSlotStake,
  playSlot,
  SLOT_VARIANTS,
  slotReturn,
  type SlotVariant,
} from './engines/slot.ts';
import { jackpotRound } from './jackpots.ts';
import type { Purse } from './purse.ts';
import { cryptoRng } from './rng.ts';
import {
  checkPace,
  extraBet,
  finishOpenRounds,
  loadRound,
  RoundError,
  settleRound,
  startRound,
  type RoundRow,
} from './rounds.ts';

/** The in-house games' tables: which engine a catalogue game runs on, its stakes and its rules. */
export type Engine = 'slot' | 'roulette' | 'blackjack' | 'dice';

export interface OriginalGame {
  sysname: string;
  name: string;
  provider: string;
  engine: Engine;
  slot?: SlotVariant;
  /** Dice: the house edge in basis points. */
  edge?: number;
  /** The jackpot the game feeds (jackpots.ts), if any. */
  jackpot?: string;
  /** Return to player as a fraction, what the info panel says. */
  rtp: number;
  volatility: string | null;
  theme: Record<string, string>;
}

/** Stakes in minor units. Slots: divisible by 20 lines; blackjack: even (3 to 2 is whole). */
export const STAKES: Record<Engine, readonly number[]> = {
  slot: [20, 40, 100, 200, 500, 1000, 2000, 5000],
  roulette: [10, 50, 100, 500, 1000, 5000],
  blackjack: [100, 200, 500, 1000, 2500, 5000, 10000],
  dice: [10, 50, 100, 500, 1000, 5000, 10000],
};
const MAX_ROULETTE_TOTAL = 50_000;
/** How long a blackjack move may hold its hand (longer than a wallet call's timeout). */
const LEASE_MS = 15_000;

export function engineRtp(engine: Engine, config: Record<string, unknown>): number {
  switch (engine) {
    case 'slot':
      return slotReturn(SLOT_VARIANTS[String(config.variant)] ?? SLOT_VARIANTS['low-10']!).rtp;
    case 'roulette':
      return ROULETTE_RTP;
    case 'blackjack':
      return BLACKJACK_RTP;
    case 'dice':
      return 1 - Number(config.edge ?? 100) / 10_000;
  }
}

export async function findOriginal(app: AppContext, sysname: string): Promise<OriginalGame | null> {
  const [row] = await app.database.query<{
    sysname: string;
    name: string;
    provider_sysname: string;
    engine: Engine;
    engine_config: Record<string, unknown>;
    volatility: string | null;
    theme: Record<string, string>;
  }>(sql`
    select sysname, name, provider_sysname, engine, engine_config, volatility, theme from games
    where sysname = ${sysname} and is_active and launch_provider = 'northstar'
      and engine in ('slot', 'roulette', 'blackjack', 'dice')`);
  if (!row) return null;
  const config = row.engine_config ?? {};
  return {
    sysname: row.sysname,
    name: row.name,
    provider: row.provider_sysname,
    engine: row.engine,
    ...(row.engine === 'slot'
      ? { slot: SLOT_VARIANTS[String(config.variant)] ?? SLOT_VARIANTS['low-10']! }
      : {}),
    ...(row.engine === 'dice' ? { edge: Number(config.edge ?? 100) } : {}),
    ...(typeof config.jackpot === 'string' ? { jackpot: config.jackpot } : {}),
    rtp: engineRtp(row.engine, config),
    volatility: row.volatility,
    theme: row.theme ?? {},
  };
}

const rng = cryptoRng();

export class BetError extends Error {}

const stakeOf = (engine: Engine) =>
  v.pipe(
    v.number(),
    v.check((value) => STAKES[engine].includes(value), 'choose one of the stakes'),
  );
const slotBet = v.union([
  v.object({ stake: stakeOf('slot') }),
  // A free spin: its stake is the pack's.
  v.object({ freespin: v.pipe(v.string(), v.minLength(1), v.maxLength(32)) }),
]);
const blackjackBet = v.object({ stake: stakeOf('blackjack') });
const rouletteBet = v.object({
  bets: v.pipe(
    v.array(
      v.object({
        kind: v.picklist([
          'straight',
          'split',
          'street',
          'corner',
          'sixline',
          'dozen',
          'column',
          'red',
          'black',
          'odd',
          'even',
          'low',
          'high',
        ]),
        numbers: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(6))),
        stake: v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(MAX_ROULETTE_TOTAL)),
      }),
    ),
    v.minLength(1),
    v.maxLength(50),
  ),
});
const diceBet = v.object({
  stake: stakeOf('dice'),
  direction: v.picklist(['under', 'over']),
  target: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)),
});

function parse<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new BetError(result.issues[0].message);
  return result.output;
}

/** What the player sees of a round. */
export function roundView(round: RoundRow | { engine: string; state: Record<string, unknown> }) {
  if (round.engine === 'blackjack') {
    return blackjackView(round.state.table as BlackjackState);
  }
  return round.state.view;
}

type Played = {
  round: string;
  view: unknown;
  balance: number;
  freespins?: { id: string; remaining: number };
};

/** One paid round of an instant game: the outcome is drawn, the bet taken, the win paid. */
async function instantRound(
  app: AppContext,
  purse: Purse,
  engine: Engine,
  stake: number,
  outcome: { win: number },
  extras: { jackpot?: string | undefined; freespin?: string } = {},
): Promise<Played> {
  const { jackpot, freespin } = extras;
  const state: { view: { win: number } & Record<string, unknown> } = { view: outcome };
  let started;
  try {
    started = await startRound(app, purse, {
      engine,
      stake,
      state,
      ...(freespin ? { freespin } : {}),
    });
  } catch (error) {
    // The wallet refuses a spin of an empty, used or foreign pack.
    if (freespin && error instanceof RoundError && error.code === 'limit_reached') {
      throw new RoundError('no_free_spins');
    }
    throw error;
  }
  if (jackpot && !freespin && purse.mode === 'real') {
    await jackpotRound(app, rng, {
      id: started.row.id,
      jackpot,
      currency: purse.currency,
      stake,
      owner: purse.owner,
      gameCode: purse.gameCode,
      state,
    });
  }
  const balance = await settleRound(
    app,
    purse,
    { id: started.row.id, transactions: started.transactions },
    state.view.win,
    state,
  );
  return {
    round: started.row.id,
    view: state.view,
    balance,
    ...(freespin && started.freespinsLeft !== undefined
      ? { freespins: { id: freespin, remaining: started.freespinsLeft } }
      : {}),
  };
}

/** The player's provably fair seeds (made on first use). */
export async function activeSeeds(app: AppContext, owner: string) {
  const [row] = await app.database.query<{
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
  }>(sql`
    select server_seed_hash, client_seed, nonce from originals_seeds
    where owner = ${owner} and revealed_at is null`);
  if (row)
    return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
  const serverSeed = newServerSeed();
  const clientSeed = newServerSeed().slice(0, 16);
  await app.database.query(sql`
    insert into originals_seeds (owner, server_seed, server_seed_hash, client_seed)
    values (${owner}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${clientSeed})
    on conflict do nothing`);
  return activeSeeds(app, owner);
}

/** Takes the next nonce atomically: two bets never share one. */
async function nextNonce(app: AppContext, owner: string) {
  await activeSeeds(app, owner);
  const [row] = await app.database.query<{
    server_seed: string;
    client_seed: string;
    nonce: number;
  }>(sql`
    update originals_seeds set nonce = nonce + 1
    where owner = ${owner} and revealed_at is null
    returning server_seed, client_seed, nonce - 1 as nonce`);
  if (!row) throw new RoundError('round_busy');
  return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

const clientSeedInput = v.object({
  clientSeed: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))),
});

/** Reveals the current server seed and starts a new pair (the client seed as given or kept). */
export async function rotateSeeds(app: AppContext, owner: string, input: unknown) {
  const { clientSeed } = parse(clientSeedInput, input);
  const current = await activeSeeds(app, owner);
  const [revealed] = await app.database.query<{
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
  }>(sql`
    update originals_seeds set revealed_at = ${app.now().toISOString()}
    where owner = ${owner} and revealed_at is null
    returning server_seed, server_seed_hash, client_seed, nonce`);
  const serverSeed = newServerSeed();
  await app.database.query(sql`
    insert into originals_seeds (owner, server_seed, server_seed_hash, client_seed)
    values (${owner}, ${serverSeed}, ${hashServerSeed(serverSeed)},
            ${clientSeed ?? current.clientSeed})
    on conflict do nothing`);
  return {
    revealed: revealed && {
      serverSeed: revealed.server_seed,
      serverSeedHash: revealed.server_seed_hash,
      clientSeed: revealed.client_seed,
      nonces: revealed.nonce,
    },
    next: await activeSeeds(app, owner),
  };
}

/** A new paid round of the game. */
export async function play(
  app: AppContext,
  purse: Purse,
  game: OriginalGame,
  input: unknown,
): Promise<Played> {
  switch (game.engine) {
    case 'slot': {
      const bet = parse(slotBet, input);
      let stake: number;
      let freespin: string | undefined;
      if ('freespin' in bet) {
        const offer = purse.freespins.find((pack) => pack.id === bet.freespin);
        if (!offer || !isSlotStake(offer.stake)) throw new RoundError('no_free_spins');
        ({ stake } = offer);
        freespin = offer.id;
      } else {
        ({ stake } = bet);
      }
      await checkPace(app, purse);
      const round = playSlot(rng, game.slot!, stake);
      return instantRound(app, purse, 'slot', stake, round, {
        jackpot: game.jackpot,
        ...(freespin ? { freespin } : {}),
      });
    }
    case 'roulette': {
      const { bets } = parse(rouletteBet, input);
      const total = bets.reduce((sum, bet) => sum + bet.stake, 0);
      if (total > MAX_ROULETTE_TOTAL) throw new BetError('the table limit is 500.00 a spin');
      await checkPace(app, purse);
      let round;
      try {
        round = playRoulette(rng, bets as RouletteBet[]);
      } catch (error) {
        throw new BetError((error as Error).message);
      }
      return instantRound(app, purse, 'roulette', total, round);
    }
    case 'dice': {
      const bet = parse(diceBet, input);
      await checkPace(app, purse);
      let round;
      try {
        round = playDice(await nextNonce(app, purse.owner), bet, game.edge ?? 100);
      } catch (error) {
        if (error instanceof RoundError) throw error;
        throw new BetError((error as Error).message);
      }
      return instantRound(app, purse, 'dice', bet.stake, { ...round, ...bet });
    }
    case 'blackjack': {
      const { stake } = parse(blackjackBet, input);
      await checkPace(app, purse);
      const table = dealBlackjack(rng, stake);
      const started = await startRound(app, purse, {
        engine: 'blackjack',
        stake,
        state: { table },
      });
      let balance = started.balance;
      if (table.phase === 'settled') {
        balance = await settleRound(
          app,
          purse,
          { id: started.row.id, transactions: started.transactions },
          blackjackPayout(table),
          { table },
        );
      }
      return { round: started.row.id, view: blackjackView(table), balance };
    }
  }
}

const actInput = v.object({
  round: v.pipe(v.string(), v.uuid()),
  action: v.picklist(['hit', 'stand', 'double', 'split']),
});

/** A blackjack decision: any extra stake first, then the cards. */
export async function act(app: AppContext, purse: Purse, input: unknown): Promise<Played> {
  const { round: id, action } = parse(actInput, input);
  const round = await loadRound(app, id, purse.owner);
  if (!round || round.status !== 'open' || round.engine !== 'blackjack') {
    throw new RoundError('no_such_round');
  }
  const table = round.state.table as BlackjackState;
  try {
    actBlackjack(rng, structuredClone(table), action as BlackjackAction);
  } catch (error) {
    throw new BetError((error as Error).message);
  }
  // One move at a time: the move leases the hand (a compare-and-set on its state), so a second
  // window's move is refused rather than dealt on a stale table or paid for twice. A lease left
  // by a crash runs out after LEASE_MS.
  const now = app.now().getTime();
  const held = round.state.lease as { until: number } | undefined;
  if (held && held.until > now) throw new RoundError('round_busy');
  // Kept as text: the table below is dealt on in place.
  const leased = JSON.stringify({ table, lease: { id: randomUUID(), until: now + LEASE_MS } });
  const claimed = await app.database.query<{ id: string }>(sql`
    update originals_rounds set state = ${leased}::jsonb
    where id = ${id} and status = 'open' and state = ${JSON.stringify(round.state)}::jsonb
    returning id`);
  if (claimed.length === 0) throw new RoundError('round_busy');
  const release = () =>
    app.database.query(sql`
      update originals_rounds set state = ${JSON.stringify({ table })}::jsonb
      where id = ${id} and state = ${leased}::jsonb`);

  const extra = extraStake(table, action as BlackjackAction);
  let balance: number | null = null;
  let transactions = round.transactions;
  if (extra > 0) {
    try {
      ({ balance, transactions } = await extraBet(app, purse, round, extra));
    } catch (error) {
      await release();
      throw error;
    }
  }
  actBlackjack(rng, table, action as BlackjackAction);
  const moved = await app.database.query<{ id: string }>(sql`
    update originals_rounds set state = ${JSON.stringify({ table })}::jsonb,
      stake_minor = ${blackjackStake(table)}
    where id = ${id} and status = 'open' and state = ${leased}::jsonb
    returning id`);
  if (moved.length === 0) throw new Error(`blackjack round ${id}: the lease was lost`);
  if (table.phase === 'settled') {
    balance = await settleRound(app, purse, { id, transactions }, blackjackPayout(table), {
      table,
    });
  }
  return { round: id, view: blackjackView(table), balance: balance ?? (await purse.balance()) };
}

/** On arrival: interrupted rounds are finished (once) or handed back to play on. */
export function resume(app: AppContext, purse: Purse) {
  return finishOpenRounds(
    app,
    purse,
    (round) =>
      round.engine === 'blackjack' && (round.state.table as BlackjackState).phase === 'player',
    (round) =>
      round.engine === 'blackjack'
        ? { win: blackjackPayout(round.state.table as BlackjackState), state: round.state }
        : { win: Number((round.state.view as { win: number }).win), state: round.state },
    // A hand a move holds right now is that move's to finish.
    (round) =>
      ((round.state.lease as { until: number } | undefined)?.until ?? 0) > app.now().getTime(),
  );
}
