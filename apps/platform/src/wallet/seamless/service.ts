import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Executor } from '../../db/client.ts';
import { isSelfExcluded } from '../../responsible/index.ts';
import { announcePlayEvents, publishPlayEvent } from '../../play-events/index.ts';
import { applyClaimedMovement } from '../ledger.ts';

/**
 * The seamless wallet's rules (README.md beside this file): what a game provider's balance, bet,
 * win and rollback do to a player's money. Every change is ledger rows in the same database
 * transaction as the provider transaction's own row, whose (provider, transaction_uuid) is unique
 * in the database: a replay finds it and gets the first answer.
 */

export const STATUS = {
  ok: 'RS_OK',
  notEnoughMoney: 'RS_ERROR_NOT_ENOUGH_MONEY',
  duplicate: 'RS_ERROR_DUPLICATE_TRANSACTION',
  missing: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  invalidToken: 'RS_ERROR_INVALID_TOKEN',
  tokenExpired: 'RS_ERROR_TOKEN_EXPIRED',
  invalidSignature: 'RS_ERROR_INVALID_SIGNATURE',
  userDisabled: 'RS_ERROR_USER_DISABLED',
  limitReached: 'RS_ERROR_LIMIT_REACHED',
  wrongCurrency: 'RS_ERROR_WRONG_CURRENCY',
  wrongSyntax: 'RS_ERROR_WRONG_SYNTAX',
  unknown: 'RS_ERROR_UNKNOWN',
} as const;
export type WalletStatus = (typeof STATUS)[keyof typeof STATUS];

export interface WalletAnswer {
  status: WalletStatus;
  request_uuid: string;
  user?: string;
  currency?: string;
  /** Main + bonus after the request, in minor units. */
  balance?: number;
  /** `user/balance`: the player's free-spin packs for the session's game. */
  freespins?: FreespinOffer[];
  /** A free spin's bet: the spins the pack has left. */
  freespins_left?: number;
  /** RS_ERROR_LIMIT_REACHED: which limit (`bonus_max_bet`, `bonus_excluded_game`; issue #26). */
  limit?: string;
  /** `bonus_max_bet`: the largest stake allowed while the bonus wagers, in minor units. */
  max_bet?: number;
}

/**
 * A free-spin pack as a provider sees it: spins left of `total`, each of `stake` minor units (a
 * game shows "Free spin 3 of 10", issue #26).
 */
export interface FreespinOffer {
  id: string;
  remaining: number;
  total: number;
  stake: number;
}

async function freespinOffers(
  db: Executor,
  playerId: number,
  gameCode: string,
  currency: string,
  now: Date,
): Promise<FreespinOffer[]> {
  const packs = await rows<{
    id: number;
    remaining_count: number;
    total_count: number;
    stake_minor: string;
  }>(
    db,
    sql`select id, remaining_count, total_count, stake_minor::text from freespin_packs
        where player_id = ${playerId} and game_sysname = ${gameCode} and currency = ${currency}
          and remaining_count > 0 and status in ('received', 'active')
          and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)
        order by id`,
  );
  return packs.map((pack) => ({
    id: String(pack.id),
    remaining: pack.remaining_count,
    total: Math.max(pack.total_count, pack.remaining_count),
    stake: Number(pack.stake_minor),
  }));
}

/** A game session lives this long for bets; wins and rollbacks are taken after it ends. */
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface GameSession {
  token: string;
  playerId: number;
  providerId: string;
  gameCode: string;
  currency: string;
  mode: 'real' | 'fun';
  expiresAt: Date;
}

/** Opens a game session: the token the provider's game carries in every wallet call. */
export async function openGameSession(
  app: AppContext,
  session: Omit<GameSession, 'token' | 'expiresAt'>,
  ttlMs = SESSION_TTL_MS,
): Promise<GameSession> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(app.now().getTime() + ttlMs);
  await app.database.db.execute(sql`
    insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
    values (${token}, ${session.playerId}, ${session.providerId}, ${session.gameCode},
            ${session.currency}, ${session.mode}, ${expiresAt.toISOString()})`);
  return { ...session, token, expiresAt };
}

const rows = rowsOf;

type SessionRow = {
  token: string;
  player_id: number;
  provider_id: string;
  game_code: string;
  currency: string;
  mode: string;
  expires_at: string | Date;
  status: string;
};

async function findSession(db: Executor, token: string): Promise<SessionRow | null> {
  const [row] = await rows<SessionRow>(
    db,
    sql`select s.*, p.status from game_sessions s join players p on p.id = s.player_id
        where s.token = ${token}`,
  );
  return row ?? null;
}

async function balanceOf(db: Executor, playerId: number, currency: string): Promise<bigint> {
  const [row] = await rows<{ total: string | null }>(
    db,
    sql`select sum(balance_minor)::text as total from wallets
        where player_id = ${playerId} and currency = ${currency} and kind in ('main', 'bonus')`,
  );
  return BigInt(row?.total ?? '0');
}

export interface BaseRequest {
  request_uuid: string;
  token: string;
  game_code: string;
  currency: string;
}

export interface TransactionRequest extends BaseRequest {
  transaction_uuid: string;
  round: string;
  round_closed: boolean;
  amount: number;
  reference_transaction_uuid?: string;
  /** A free spin: the pack it spends (a bet of zero) or pays into (its win). */
  freespin_id?: string;
}

type TxRow = {
  id: number;
  freespin_pack_id: number | null;
  hold_id: number | null;
  wagered_minor: string;
  type: string;
  state: string;
  player_id: number;
  amount_minor: string;
  main_minor: string;
  bonus_minor: string;
  fingerprint: string;
  answer: WalletAnswer | null;
};

function fingerprint(type: string, playerId: number, request: TransactionRequest): string {
  return [
    type,
    playerId,
    request.amount,
    request.round,
    request.currency,
    request.reference_transaction_uuid ?? '',
    request.freespin_id ?? '',
  ].join('|');
}

function answer(
  status: WalletStatus,
  request: BaseRequest,
  extra: {
    playerId?: number;
    balance?: bigint;
    freespins?: FreespinOffer[];
    freespinsLeft?: number;
  } = {},
): WalletAnswer {
  return {
    status,
    request_uuid: request.request_uuid,
    ...(extra.playerId !== undefined
      ? { user: String(extra.playerId), currency: request.currency }
      : {}),
    ...(extra.balance !== undefined ? { balance: Number(extra.balance) } : {}),
    ...(extra.freespins ? { freespins: extra.freespins } : {}),
    ...(extra.freespinsLeft !== undefined ? { freespins_left: extra.freespinsLeft } : {}),
  };
}

/** Thrown inside a transaction to roll it back and answer `status`. */
class Refusal extends Error {
  readonly status: WalletStatus;
  constructor(status: WalletStatus) {
    super(status);
    this.status = status;
  }
}

/** `user/balance`: the player's main + bonus balance in the session's currency. */
export async function walletBalance(
  app: AppContext,
  providerId: string,
  request: BaseRequest,
): Promise<WalletAnswer> {
  const db = app.database.db;
  const session = await findSession(db, request.token);
  if (!session || session.provider_id !== providerId) return answer(STATUS.invalidToken, request);
  if (new Date(session.expires_at).getTime() <= app.now().getTime()) {
    return answer(STATUS.tokenExpired, request);
  }
  if (session.currency !== request.currency) return answer(STATUS.wrongCurrency, request);
  return answer(STATUS.ok, request, {
    playerId: session.player_id,
    balance: await balanceOf(db, session.player_id, session.currency),
    freespins: await freespinOffers(
      db,
      session.player_id,
      session.game_code,
      session.currency,
      app.now(),
    ),
  });
}

/**
 * `transaction/bet`, `transaction/win`, `transaction/rollback`. The session token must be known
 * to this provider and in the request's currency; a bet also needs it unexpired and the player
 * active. The transaction's own row is claimed first, so a concurrent replay waits for it and
 * then finds it.
 */
export async function walletTransaction(
  app: AppContext,
  providerId: string,
  type: 'bet' | 'win' | 'rollback',
  request: TransactionRequest,
): Promise<WalletAnswer> {
  if (type === 'bet' && request.freespin_id === undefined) {
    // The common case, one round trip: the wallet_bet database function (its one source is
    // wallet/sql/bet.sql) keeps the same rules as the code below; model.test.ts runs both
    // against one reference model.
    const [row] = await app.database.query<{ answer: Omit<WalletAnswer, 'request_uuid'> }>(
      sql`select wallet_bet(${providerId}, ${request.token}, ${request.transaction_uuid},
            ${request.game_code}, ${request.round}, ${request.round_closed}::boolean,
            ${request.currency}, ${request.amount}::bigint,
            ${app.now().toISOString()}::timestamptz) as answer`,
      'wallet_bet',
    );
    // An accepted bet published its play event in the function's transaction, now committed.
    if (row!.answer.status === STATUS.ok) announcePlayEvents(app.database);
    return { ...row!.answer, request_uuid: request.request_uuid } as WalletAnswer;
  }
  const db = app.database.db;
  const session = await findSession(db, request.token);
  if (!session || session.provider_id !== providerId) return answer(STATUS.invalidToken, request);
  if (session.mode !== 'real') return answer(STATUS.invalidToken, request);
  if (session.currency !== request.currency) return answer(STATUS.wrongCurrency, request);
  const playerId = session.player_id;
  const print = fingerprint(type, playerId, request);

  const replay = await findTransaction(db, providerId, request.transaction_uuid);
  if (replay) return replayAnswer(replay, print, request);

  if (type === 'bet') {
    if (new Date(session.expires_at).getTime() <= app.now().getTime()) {
      return answer(STATUS.tokenExpired, request);
    }
    if (session.status !== 'active') return answer(STATUS.userDisabled, request);
    // A self-excluded player places no bet (player protection, enforced here whatever the game
    // does); the open round still settles, as for a blocked player.
    if (await isSelfExcluded(db, playerId, app.now())) {
      return answer(STATUS.userDisabled, request);
    }
  }
  if ((type === 'win' || type === 'rollback') && !request.reference_transaction_uuid) {
    return answer(STATUS.wrongSyntax, request);
  }
  if (type === 'bet' && request.freespin_id !== undefined && request.amount !== 0) {
    return answer(STATUS.wrongSyntax, request);
  }

  try {
    const accepted = await db.transaction(async (tx) => {
      const [claimed] = await rows<{ id: number }>(
        tx,
        sql`insert into wallet_transactions
              (provider_id, transaction_uuid, type, state, player_id, game_code, round, round_closed,
               currency, amount_minor, reference_transaction_uuid, fingerprint)
            values (${providerId}, ${request.transaction_uuid}, ${type},
                    ${type === 'bet' ? 'open' : 'applied'}, ${playerId}, ${request.game_code},
                    ${request.round}, ${request.round_closed}, ${request.currency},
                    ${String(request.amount)}::bigint, ${request.reference_transaction_uuid ?? null},
                    ${print})
            on conflict (provider_id, transaction_uuid) do nothing
            returning id`,
      );
      if (!claimed) throw new Refusal(STATUS.duplicate); // answered from the row below
      let freespinsLeft: number | undefined;
      let split: Split;
      if (type === 'bet' && request.freespin_id !== undefined) {
        freespinsLeft = await spendFreespin(tx, claimed.id, playerId, request, app.now());
        split = { main: 0n, bonus: 0n };
      } else {
        // A bet with money is the wallet_bet function above; here wins and rollbacks.
        split =
          type === 'win'
            ? await creditWin(tx, providerId, playerId, request)
            : await rollBack(tx, providerId, playerId, request);
      }
      await publishRound(tx, providerId, playerId, type, request, split, app.now());
      const result = answer(STATUS.ok, request, {
        playerId,
        balance: await balanceOf(tx, playerId, request.currency),
        ...(freespinsLeft !== undefined ? { freespinsLeft } : {}),
      });
      await tx.execute(sql`
        update wallet_transactions
        set main_minor = ${split.main.toString()}::bigint,
            bonus_minor = ${split.bonus.toString()}::bigint,
            answer = ${JSON.stringify(result)}::jsonb
        where id = ${claimed.id}`);
      return result;
    });
    // Its play event (publishRound) is committed with it.
    announcePlayEvents(app.database);
    return accepted;
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status === STATUS.duplicate) {
        const first = await findTransaction(db, providerId, request.transaction_uuid);
        if (first) return replayAnswer(first, print, request);
      }
      return answer(error.status, request, {
        playerId,
        balance: await balanceOf(db, playerId, request.currency),
      });
    }
    throw error;
  }
}

async function findTransaction(
  db: Executor,
  providerId: string,
  uuid: string,
): Promise<TxRow | null> {
  const [row] = await rows<TxRow>(
    db,
    sql`select id, type, state, player_id, amount_minor::text, main_minor::text,
               bonus_minor::text, fingerprint, answer, freespin_pack_id, hold_id,
               wagered_minor::text
        from wallet_transactions where provider_id = ${providerId} and transaction_uuid = ${uuid}`,
  );
  return row ?? null;
}

/** The same request again gets its first answer; anything else under that id is a duplicate. */
function replayAnswer(row: TxRow, print: string, request: BaseRequest): WalletAnswer {
  if (row.fingerprint === print && row.answer) {
    return { ...row.answer, request_uuid: request.request_uuid };
  }
  return answer(STATUS.duplicate, request);
}

interface Split {
  main: bigint;
  bonus: bigint;
  /** A rollback that cancelled an open bet (not a tombstone, not a repeat). */
  cancelled?: boolean;
}

/**
 * Issue #27: every movement of play is a play event, published in this transaction (the money's):
 * a free spin's bet (stake 0, flagged), a win (with its bet's stake, so a consumer needs no other
 * table), a rollback that cancelled a bet (a tombstone or a second rollback cancels nothing and
 * publishes nothing). A bet with money publishes from wallet/sql/bet.sql.
 */
async function publishRound(
  tx: Executor,
  providerId: string,
  playerId: number,
  type: 'bet' | 'win' | 'rollback',
  request: TransactionRequest,
  split: Split,
  now: Date,
): Promise<void> {
  if (type === 'rollback' && !split.cancelled) return;
  let stake = 0n;
  let freespin = request.freespin_id !== undefined;
  if (type !== 'bet') {
    const [bet] = await rows<{ amount_minor: string; freespin_pack_id: number | null }>(
      tx,
      sql`select amount_minor::text, freespin_pack_id from wallet_transactions
          where provider_id = ${providerId}
            and transaction_uuid = ${request.reference_transaction_uuid!} and type = 'bet'`,
    );
    stake = BigInt(bet?.amount_minor ?? '0');
    freespin = (bet?.freespin_pack_id ?? null) !== null;
  }
  // A rollback's amount is what it gave back (the bet's stake, positive).
  const amount = type === 'rollback' ? split.main + split.bonus : BigInt(request.amount);
  await publishPlayEvent(tx, {
    ref: `seamless:${providerId}:${request.transaction_uuid}`,
    kind: type,
    playerId,
    currency: request.currency,
    providerId,
    gameCode: request.game_code,
    round: request.round,
    amountMinor: amount,
    realMinor: split.main,
    bonusMinor: split.bonus,
    stakeMinor: stake,
    freespin,
    occurredAt: now,
  });
}

type WalletRow = { kind: 'main' | 'bonus'; balance_minor: string };

/** The main and bonus wallets of the currency, locked for this transaction (main first). */
async function lockWallets(tx: Executor, playerId: number, currency: string) {
  const locked = await rows<WalletRow>(
    tx,
    sql`select kind, balance_minor::text from wallets
        where player_id = ${playerId} and currency = ${currency} and kind in ('main', 'bonus')
        order by kind desc for update`,
  );
  const of = (kind: string) => BigInt(locked.find((w) => w.kind === kind)?.balance_minor ?? '0');
  return { main: of('main'), bonus: of('bonus') };
}

function key(providerId: string, uuid: string, part: string): string {
  return `seamless:${providerId}:${uuid}:${part}`;
}

async function move(
  tx: Executor,
  providerId: string,
  playerId: number,
  request: TransactionRequest,
  reason: string,
  split: Split,
): Promise<void> {
  for (const kind of ['main', 'bonus'] as const) {
    const amountMinor = split[kind];
    if (amountMinor === 0n) continue;
    await applyClaimedMovement(tx, {
      playerId,
      kind,
      currency: request.currency,
      amountMinor,
      reason,
      idempotencyKey: key(providerId, request.transaction_uuid, kind),
      meta: { provider: providerId, game: request.game_code, round: request.round },
    });
  }
}

/**
 * A free spin: a bet of zero that spends one spin of the player's pack for this game, in the
 * same database transaction (an empty, used or foreign pack is RS_ERROR_LIMIT_REACHED).
 */
async function spendFreespin(
  tx: Executor,
  transactionId: number,
  playerId: number,
  request: TransactionRequest,
  now: Date,
): Promise<number> {
  // A pack is named by the decimal id user/balance gave (not "-1", "0x1" or "1e3"); a number
  // beyond the id column's range names no pack (it used to fail the query: RS_ERROR_UNKNOWN).
  if (!/^\d{1,15}$/.test(request.freespin_id!)) throw new Refusal(STATUS.wrongSyntax);
  const packId = Number(request.freespin_id);
  if (packId > 2_147_483_647) throw new Refusal(STATUS.limitReached);
  // One statement decrements under the row's lock: two concurrent spins of the last spin cannot
  // both pass `remaining_count > 0` (the second re-checks the updated row and matches nothing).
  // An expired pack (the bonus job may not have passed yet) spends nothing.
  const [pack] = await rows<{ remaining_count: number }>(
    tx,
    sql`update freespin_packs
        set remaining_count = remaining_count - 1,
            status = case when remaining_count = 1 then 'used' else 'active' end
        where id = ${packId} and player_id = ${playerId} and game_sysname = ${request.game_code}
          and currency = ${request.currency} and remaining_count > 0
          and status in ('received', 'active')
          and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)
        returning remaining_count`,
  );
  if (!pack) throw new Refusal(STATUS.limitReached);
  await tx.execute(
    sql`update wallet_transactions set freespin_pack_id = ${packId} where id = ${transactionId}`,
  );
  return pack.remaining_count;
}

async function referencedBet(
  tx: Executor,
  providerId: string,
  playerId: number,
  uuid: string,
): Promise<TxRow | null> {
  const [row] = await rows<TxRow>(
    tx,
    sql`select id, type, state, player_id, amount_minor::text, main_minor::text,
               bonus_minor::text, fingerprint, answer, freespin_pack_id, hold_id,
               wagered_minor::text
        from wallet_transactions
        where provider_id = ${providerId} and transaction_uuid = ${uuid} and type = 'bet'
          and player_id = ${playerId}
        for update`,
  );
  return row ?? null;
}

/** How the wagering hold a bet went to has ended, if it has (wallet/wagering.ts). */
async function holdOutcome(tx: Executor, holdId: number | null): Promise<string | null> {
  if (holdId === null) return null;
  const [hold] = await rows<{ outcome: string | null }>(
    tx,
    sql`select outcome from wagering_holds where id = ${holdId} and status = 'closed'`,
  );
  return hold?.outcome ?? null;
}

/** A win goes back in the proportion its bet was drawn (main and bonus). */
async function creditWin(
  tx: Executor,
  providerId: string,
  playerId: number,
  request: TransactionRequest,
): Promise<Split> {
  const bet = await referencedBet(tx, providerId, playerId, request.reference_transaction_uuid!);
  if (!bet || bet.state === 'rolled_back') throw new Refusal(STATUS.missing);
  const amount = BigInt(request.amount);
  if (bet.freespin_pack_id !== null) {
    // The pack first (the bonus job settles it under the same lock, then moves money): a win
    // and the pack's settlement never cross.
    const [pack] = await rows<{ bonus_id: number | null; settled: boolean }>(
      tx,
      sql`select bonus_id, settled_at is not null as settled from freespin_packs
          where id = ${bet.freespin_pack_id} for update`,
    );
    await lockWallets(tx, playerId, request.currency);
    let split = { main: 0n, bonus: amount };
    if (pack && pack.bonus_id !== null) {
      // Issue #26: a free spin's win waits on the pending `freespins` wallet (flagged
      // `freespin_win`); when the pack is over the bonus engine makes it the pack's bonus money
      // with its own wagering. A win arriving after the pack was settled (its bet open past the
      // grace, wallet/freespin-packs.ts) is credited and forfeited at once, so the books show it.
      split = { main: 0n, bonus: 0n };
      if (amount > 0n) {
        await applyClaimedMovement(tx, {
          playerId,
          kind: 'freespins',
          currency: request.currency,
          amountMinor: amount,
          reason: 'freespin_win',
          idempotencyKey: key(providerId, request.transaction_uuid, 'freespins'),
          meta: { provider: providerId, game: request.game_code, round: request.round },
        });
        if (pack.settled) {
          await applyClaimedMovement(tx, {
            playerId,
            kind: 'freespins',
            currency: request.currency,
            amountMinor: -amount,
            reason: 'freespin_forfeited',
            idempotencyKey: key(providerId, request.transaction_uuid, 'freespins:forfeit'),
            meta: { provider: providerId, game: request.game_code, round: request.round },
          });
        }
      }
    } else {
      // A pack granted outside the bonus engine (before issue #26): its win is flagged and goes
      // to the bonus balance, as it always did.
      await move(tx, providerId, playerId, request, 'freespin_win', split);
    }
    if (!pack?.settled) {
      await tx.execute(sql`
        update freespin_packs set won_minor = won_minor + ${request.amount}
        where id = ${bet.freespin_pack_id}`);
    }
    await tx.execute(sql`
      update wallet_transactions set freespin_pack_id = ${bet.freespin_pack_id}
      where provider_id = ${providerId} and transaction_uuid = ${request.transaction_uuid}`);
    await tx.execute(sql`update wallet_transactions set state = 'settled' where id = ${bet.id}`);
    return split;
  }
  const betTotal = -(BigInt(bet.main_minor) + BigInt(bet.bonus_minor));
  const toBonus = betTotal === 0n ? 0n : (amount * -BigInt(bet.bonus_minor)) / betTotal;
  let split = { main: amount - toBonus, bonus: toBonus };
  await lockWallets(tx, playerId, request.currency);
  // Winnings follow the money staked (README.md "Bonus money"); a bet whose bonus has ended since
  // settles by how it ended: converted, its bonus part is real money now; forfeited, the bonus
  // part is credited and forfeited at once (two ledger rows), so the books show it.
  const outcome = toBonus > 0n ? await holdOutcome(tx, bet.hold_id) : null;
  if (outcome === 'converted') split = { main: amount, bonus: 0n };
  await move(tx, providerId, playerId, request, 'game_win', split);
  if (outcome === 'forfeited') {
    await applyClaimedMovement(tx, {
      playerId,
      kind: 'bonus',
      currency: request.currency,
      amountMinor: -toBonus,
      reason: 'bonus_forfeited',
      idempotencyKey: key(providerId, request.transaction_uuid, 'bonus:forfeit'),
      meta: { provider: providerId, game: request.game_code, round: request.round },
    });
  }
  await tx.execute(sql`update wallet_transactions set state = 'settled' where id = ${bet.id}`);
  return split;
}

/**
 * A rollback gives back exactly what its bet took. A rollback of a bet never seen leaves a
 * tombstone under the bet's id, so the bet arriving late is refused as a duplicate; a bet a win
 * has settled is not rolled back (no open bet by that id).
 */
async function rollBack(
  tx: Executor,
  providerId: string,
  playerId: number,
  request: TransactionRequest,
): Promise<Split> {
  const reference = request.reference_transaction_uuid!;
  const bet = await referencedBet(tx, providerId, playerId, reference);
  if (!bet) {
    const [other] = await rows<{ id: number }>(
      tx,
      sql`select id from wallet_transactions
          where provider_id = ${providerId} and transaction_uuid = ${reference}`,
    );
    if (other) throw new Refusal(STATUS.missing); // the id names a win or a rollback
    await tx.execute(sql`
      insert into wallet_transactions
        (provider_id, transaction_uuid, type, state, player_id, game_code, round, round_closed,
         currency, amount_minor, fingerprint)
      values (${providerId}, ${reference}, 'bet', 'rolled_back', ${playerId}, ${request.game_code},
              ${request.round}, true, ${request.currency}, 0, 'tombstone')`);
    return { main: 0n, bonus: 0n };
  }
  if (bet.state === 'settled') throw new Refusal(STATUS.missing);
  if (bet.state === 'rolled_back') return { main: 0n, bonus: 0n };
  if (bet.freespin_pack_id !== null) {
    // The pack before the wallets, the order of a win and of the bonus job's settlement.
    await tx.execute(
      sql`select 1 from freespin_packs where id = ${bet.freespin_pack_id} for update`,
    );
  }
  const split: Split = { main: -BigInt(bet.main_minor), bonus: -BigInt(bet.bonus_minor) };
  await lockWallets(tx, playerId, request.currency);
  await move(tx, providerId, playerId, request, 'game_rollback', split);
  split.cancelled = true;
  await tx.execute(sql`update wallet_transactions set state = 'rolled_back' where id = ${bet.id}`);
  if (bet.hold_id !== null && BigInt(bet.wagered_minor) > 0n) {
    // A cancelled bet wagered nothing: its weighted stake leaves the hold it went to, while that
    // hold is live (a converted bonus stays converted).
    await tx.execute(sql`
      update wagering_holds
      set progress_minor = progress_minor - ${bet.wagered_minor}::bigint,
          status = case when progress_minor - ${bet.wagered_minor}::bigint >= required_minor
                        then 'complete' else 'open' end
      where id = ${bet.hold_id} and status in ('open', 'complete')`);
  }
  if (bet.freespin_pack_id !== null) {
    // A free spin rolled back gives its spin back to the pack, while the pack is still the
    // player's to play (not expired, cancelled or settled).
    await tx.execute(sql`
      update freespin_packs set remaining_count = remaining_count + 1, status = 'active'
      where id = ${bet.freespin_pack_id} and settled_at is null
        and status in ('received', 'active', 'used')`);
  }
  return split;
}
