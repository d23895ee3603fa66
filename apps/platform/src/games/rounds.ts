import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Purse, Refusal } from './purse.ts';
import { WalletUnreachable } from './wallet-client.ts';

/**
 * A round's money, exactly once. Each round is a row that lists the wallet transactions it
 * makes (their uuids chosen before they are sent); a transaction is marked done only when the
 * wallet said RS_OK. When a call gets no answer (the network, a crash, a closed tab), the round
 * stays open, and the player's next visit finishes it (`finishOpenRounds`): a bet whose fate is
 * unknown is rolled back by its uuid (the wallet refunds it, or records that it must never apply),
 * a win still to pay is sent again with its uuid (the wallet answers a replay with the first
 * answer). Win and rollback ids are made from the round's and the bet's, never drawn afresh, so
 * money moves once however often this runs, even from two tabs at once.
 *
 * UK RTS 14's pace rule: a new round starts at least 2.5 s after the last one's result
 * (`MIN_ROUND_MS`); the market pack will be the switch for other markets.
 */
export const MIN_ROUND_MS = 2_500;

export type RoundFailure =
  | Refusal
  | 'too_soon'
  | 'open_round'
  | 'round_busy'
  | 'no_such_round'
  | 'no_free_spins'
  | 'wallet_unavailable';

export class RoundError extends Error {
  readonly code: RoundFailure;
  readonly retryAfterMs: number | undefined;
  constructor(code: RoundFailure, retryAfterMs?: number) {
    super(code);
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface RoundTransaction {
  uuid: string;
  type: 'bet' | 'win' | 'rollback';
  amount: number;
  done: boolean;
  /** For a rollback: the bet it cancels. */
  reference?: string;
  /** A free spin's bet: the pack it spends. */
  freespin?: string;
}

// A type, not an interface: rows of `database.query` are records.
export type RoundRow = {
  id: string;
  mode: string;
  owner: string;
  session_token: string;
  game_code: string;
  engine: string;
  status: 'open' | 'settled' | 'void';
  state: Record<string, unknown>;
  currency: string;
  stake_minor: string;
  win_minor: string;
  transactions: RoundTransaction[];
  created_at: Date | string;
  settled_at: Date | string | null;
};

export async function loadRound(
  app: AppContext,
  id: string,
  owner: string,
): Promise<RoundRow | null> {
  const [row] = await app.database.query<RoundRow>(
    sql`select * from originals_rounds where id = ${id} and owner = ${owner}`,
  );
  return row ?? null;
}

export async function openRounds(app: AppContext, purse: Purse): Promise<RoundRow[]> {
  return app.database.query<RoundRow>(sql`
    select * from originals_rounds
    where owner = ${purse.owner} and game_code = ${purse.gameCode} and status = 'open'
    order by created_at`);
}

/** Refuses a new round sooner than 2.5 s after the last result, or while one is open. */
export async function checkPace(app: AppContext, purse: Purse): Promise<void> {
  // Only a played round starts the pause: a void one (a refused bet, a bet rolled back) took no
  // money, so a player refused over the max bet may lower the stake and spin at once.
  const [last] = await app.database.query<{ at: Date | string | null; open: number }>(sql`
    select max(settled_at) filter (where status = 'settled') as at,
           count(*) filter (where status = 'open')::int as open
    from originals_rounds where owner = ${purse.owner} and game_code = ${purse.gameCode}`);
  if (last && last.open > 0) throw new RoundError('open_round');
  if (last?.at) {
    const wait = new Date(last.at).getTime() + MIN_ROUND_MS - app.now().getTime();
    if (wait > 0) throw new RoundError('too_soon', wait);
  }
}

async function save(
  app: AppContext,
  round: Pick<RoundRow, 'id'>,
  changes: {
    status?: RoundRow['status'];
    state?: Record<string, unknown>;
    transactions?: RoundTransaction[];
    stake?: number;
    win?: number;
  },
  expectTransactions?: RoundTransaction[],
): Promise<boolean> {
  const sets = [
    changes.status ? sql`status = ${changes.status}` : null,
    changes.status === 'settled' || changes.status === 'void'
      ? sql`settled_at = ${app.now().toISOString()}`
      : null,
    changes.state ? sql`state = ${JSON.stringify(changes.state)}::jsonb` : null,
    changes.transactions
      ? sql`transactions = ${JSON.stringify(changes.transactions)}::jsonb`
      : null,
    changes.stake !== undefined ? sql`stake_minor = ${changes.stake}` : null,
    changes.win !== undefined ? sql`win_minor = ${changes.win}` : null,
  ].filter((part) => part !== null);
  const guard = expectTransactions
    ? sql` and transactions = ${JSON.stringify(expectTransactions)}::jsonb`
    : sql``;
  const updated = await app.database.query<{ id: string }>(sql`
    update originals_rounds set ${sql.join(sets, sql`, `)}
    where id = ${round.id} and status = 'open'${guard} returning id`);
  return updated.length > 0;
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WalletUnreachable) throw new RoundError('wallet_unavailable');
    throw error;
  }
}

/** Starts a round with its first bet. A refused bet voids the round and says why. */
export async function startRound(
  app: AppContext,
  purse: Purse,
  round: { engine: string; stake: number; state: Record<string, unknown>; freespin?: string },
): Promise<{
  row: Pick<RoundRow, 'id'>;
  balance: number;
  transactions: RoundTransaction[];
  freespinsLeft?: number;
}> {
  const id = randomUUID();
  // A free spin stakes nothing of the player's: a bet of zero that spends a spin of the pack.
  const bet: RoundTransaction = {
    uuid: randomUUID(),
    type: 'bet',
    amount: round.freespin ? 0 : round.stake,
    done: false,
    ...(round.freespin ? { freespin: round.freespin } : {}),
  };
  await app.database.query(sql`
    insert into originals_rounds
      (id, mode, owner, session_token, game_code, engine, status, state, currency, stake_minor,
       transactions, freespin_pack_id)
    values (${id}, ${purse.mode}, ${purse.owner}, ${purse.token}, ${purse.gameCode},
            ${round.engine}, 'open', ${JSON.stringify(round.state)}::jsonb, ${purse.currency},
            ${bet.amount}, ${JSON.stringify([bet])}::jsonb,
            ${round.freespin ? Number(round.freespin) : null}::integer)`);
  const result = await guarded(() => purse.bet(id, bet.uuid, bet.amount, false, bet.freespin));
  if (!result.ok) {
    await save(app, { id }, { status: 'void', stake: 0 });
    throw new RoundError(result.refusal);
  }
  const transactions = [{ ...bet, done: true }];
  await save(app, { id }, { transactions });
  return {
    row: { id },
    balance: result.balance,
    transactions,
    ...(result.freespinsLeft !== undefined ? { freespinsLeft: result.freespinsLeft } : {}),
  };
}

/** Takes an extra stake within an open round (a double, a split), once. */
export async function extraBet(
  app: AppContext,
  purse: Purse,
  round: RoundRow,
  amount: number,
): Promise<{ balance: number; transactions: RoundTransaction[] }> {
  const bet: RoundTransaction = { uuid: randomUUID(), type: 'bet', amount, done: false };
  const pending = [...round.transactions, bet];
  if (!(await save(app, round, { transactions: pending }, round.transactions))) {
    throw new RoundError('round_busy');
  }
  const result = await guarded(() => purse.bet(round.id, bet.uuid, amount, false));
  if (!result.ok) {
    await save(app, round, { transactions: round.transactions });
    throw new RoundError(result.refusal);
  }
  const transactions = [...round.transactions, { ...bet, done: true }];
  await save(app, round, { transactions });
  return { balance: result.balance, transactions };
}

/** Pays the round's win (zero closes it too) and marks it settled. */
export async function settleRound(
  app: AppContext,
  purse: Purse,
  round: { id: string; transactions: RoundTransaction[] },
  win: number,
  state: Record<string, unknown>,
): Promise<number> {
  const firstBet = round.transactions.find((t) => t.type === 'bet' && t.done);
  if (!firstBet) throw new Error('a round settles after its bet');
  const existing = round.transactions.find((t) => t.type === 'win');
  // One win per round, under an id made from the round's: two tabs finishing the same round
  // send the same transaction, and the wallet pays it once.
  const payout: RoundTransaction = existing ?? {
    uuid: `${round.id}:win`,
    type: 'win',
    amount: win,
    done: false,
  };
  const pending = existing ? round.transactions : [...round.transactions, payout];
  await save(app, round, { transactions: pending, state, win: payout.amount });
  const result = await guarded(() =>
    purse.win(round.id, payout.uuid, payout.amount, firstBet.uuid),
  );
  if (!result.ok) throw new RoundError('wallet_unavailable');
  const stake = pending
    .filter((t) => t.type === 'bet' && t.done)
    .reduce((sum, t) => sum + t.amount, 0);
  await save(app, round, {
    status: 'settled',
    stake,
    transactions: pending.map((t) => (t.uuid === payout.uuid ? { ...t, done: true } : t)),
  });
  return result.balance;
}

/**
 * Finishes what an interrupted round left (see the top of this file). Returns the rounds that
 * the player still has to play on (a blackjack hand), and those just finished, for "your last
 * round".
 */
export async function finishOpenRounds(
  app: AppContext,
  purse: Purse,
  stillPlaying: (round: RoundRow) => boolean,
  outcome: (round: RoundRow) => { win: number; state: Record<string, unknown> },
  busy: (round: RoundRow) => boolean = () => false,
): Promise<{ resumable: RoundRow[]; finished: RoundRow[] }> {
  const resumable: RoundRow[] = [];
  const finished: RoundRow[] = [];
  for (const round of await openRounds(app, purse)) {
    if (busy(round)) {
      resumable.push(round);
      continue;
    }
    let transactions = round.transactions;
    for (const bet of transactions.filter((t) => t.type === 'bet' && !t.done)) {
      const rollback: RoundTransaction = transactions.find(
        (t) => t.type === 'rollback' && t.reference === bet.uuid,
      ) ?? {
        // Made from the bet's id, so that concurrent returns roll it back once.
        uuid: `${bet.uuid}:rollback`,
        type: 'rollback',
        amount: 0,
        done: false,
        reference: bet.uuid,
      };
      transactions = [...transactions.filter((t) => t !== rollback), rollback];
      await save(app, round, { transactions });
      const result = await guarded(() => purse.rollback(round.id, rollback.uuid, bet.uuid));
      if (!result.ok) throw new RoundError('wallet_unavailable');
      transactions = transactions
        .filter((t) => t.uuid !== bet.uuid)
        .map((t) => (t.uuid === rollback.uuid ? { ...t, done: true } : t));
      await save(app, round, { transactions });
    }
    const placed = transactions.some((t) => t.type === 'bet' && t.done);
    if (!placed) {
      await save(app, round, { status: 'void', stake: 0 });
      continue;
    }
    const current = { ...round, transactions };
    if (stillPlaying(current)) {
      resumable.push(current);
      continue;
    }
    const { win, state } = outcome(current);
    await settleRound(app, purse, current, win, state);
    finished.push({ ...current, status: 'settled', state, win_minor: String(win) });
  }
  return { resumable, finished };
}
