import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import type { Rng } from './rng.ts';

/**
 * The built-in games' progressive jackpots (schema in games/schema.ts). Operator-funded:
 * each real stake on a jackpot game adds `contribution` basis points of it to the pool of the
 * stake's currency, and the game's own return to player is unchanged (the jackpot comes on top).
 * A stake of s minor units wins with probability s / odds; the win takes the whole pool, resets it
 * to its seed, and is paid in the round's win through the wallet. Fun mode has no jackpot.
 */
export const JACKPOTS = [
  {
    sysname: 'northstar-mega',
    name: 'Northstar Mega',
    contributionBasisPoints: 50,
    oddsMinor: 20_000_000,
    seeds: { EUR: 1_000_000, USD: 1_000_000, BRL: 5_000_000 },
  },
  {
    sysname: 'northstar-mini',
    name: 'Northstar Mini',
    contributionBasisPoints: 25,
    oddsMinor: 500_000,
    seeds: { EUR: 10_000, USD: 10_000, BRL: 50_000 },
  },
] as const;

export async function seedJackpots(db: Executor): Promise<void> {
  for (const jackpot of JACKPOTS) {
    for (const [currency, seed] of Object.entries(jackpot.seeds)) {
      await db.execute(sql`
        insert into jackpots (sysname, name, currency, seed_minor, pool_minor,
          contribution_basis_points, odds_minor)
        values (${jackpot.sysname}, ${jackpot.name}, ${currency}, ${seed}, ${seed},
          ${jackpot.contributionBasisPoints}, ${jackpot.oddsMinor})
        on conflict (sysname, currency) do nothing`);
    }
  }
}

type Row = { id: number; name: string; pool: string; odds: string; contribution: number };

const rows = rowsOf;

/**
 * A real round's part in a jackpot, in one database transaction: the contribution, the draw and,
 * on a win, the pool taken, the win recorded (once per round) and the round's state updated to
 * include it, so an interrupted round pays the jackpot on the player's return as well.
 */
export async function jackpotRound(
  app: AppContext,
  rng: Rng,
  round: {
    id: string;
    jackpot: string;
    currency: string;
    stake: number;
    owner: string;
    gameCode: string;
    state: { view: { win: number } & Record<string, unknown> };
  },
): Promise<{ name: string; amount: number } | null> {
  return app.database.db.transaction(async (tx) => {
    const [jackpot] = await rows<Row>(
      tx,
      sql`
      update jackpots
      set pool_minor = pool_minor + (${round.stake}::bigint * contribution_basis_points) / 10000
      where sysname = ${round.jackpot} and currency = ${round.currency}
      returning id, name, pool_minor::text as pool, odds_minor::text as odds,
        contribution_basis_points as contribution`,
    );
    if (!jackpot) return null;
    if (rng.int(Number(jackpot.odds)) >= round.stake) return null;
    const [taken] = await rows<{ amount: string }>(
      tx,
      sql`
      update jackpots j set pool_minor = j.seed_minor
      from (select id, pool_minor from jackpots where id = ${jackpot.id} for update) previous
      where j.id = previous.id
      returning previous.pool_minor::text as amount`,
    );
    const amount = Number(taken!.amount);
    await tx.execute(sql`
      insert into jackpot_wins (jackpot_id, owner, game_code, round, amount_minor, currency)
      values (${jackpot.id}, ${round.owner}, ${round.gameCode}, ${round.id}, ${amount},
        ${round.currency})`);
    const view = {
      ...round.state.view,
      win: round.state.view.win + amount,
      jackpot: { name: jackpot.name, amount },
    };
    await tx.execute(sql`
      update originals_rounds set state = ${JSON.stringify({ ...round.state, view })}::jsonb
      where id = ${round.id} and status = 'open'`);
    round.state.view = view;
    return { name: jackpot.name, amount };
  });
}
