import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { WalletUnreachable, type WalletClient, type WalletReply } from './wallet-client.ts';

/**
 * Where a round's money comes from and goes: the seamless wallet in real mode (signed HTTP, the
 * same door as any provider), a fun balance kept by the game server in fun mode (no wallet call,
 * no real money). The rounds code is the same for both.
 */
export type Refusal =
  | 'not_enough_money'
  | 'user_disabled'
  | 'limit_reached'
  | 'session_expired'
  /** Issue #26: the bonus being wagered refuses this stake (its max bet, an excluded game). */
  | 'bonus_max_bet'
  | 'bonus_excluded_game';
export type PurseResult =
  { ok: true; balance: number; freespinsLeft?: number } | { ok: false; refusal: Refusal };

/** A free-spin pack the wallet offers for this game: spins left of `total`, each of `stake`. */
export interface FreespinOffer {
  id: string;
  remaining: number;
  total: number;
  stake: number;
}

export interface Purse {
  mode: 'real' | 'fun';
  /** The wallet's user id (real) or the fun wallet's id (fun). */
  owner: string;
  token: string;
  currency: string;
  gameCode: string;
  /** The player's free-spin packs for this game, as the wallet told at the session's start. */
  freespins: FreespinOffer[];
  balance(): Promise<number>;
  bet(
    round: string,
    uuid: string,
    amount: number,
    closed: boolean,
    freespin?: string,
  ): Promise<PurseResult>;
  win(round: string, uuid: string, amount: number, betUuid: string): Promise<PurseResult>;
  rollback(round: string, uuid: string, betUuid: string): Promise<PurseResult>;
}

/** The game session's token did not open (unknown, expired for a new game, wrong currency). */
export class SessionRefused extends Error {}

const REFUSALS: Record<string, Refusal> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'not_enough_money',
  RS_ERROR_USER_DISABLED: 'user_disabled',
  RS_ERROR_LIMIT_REACHED: 'limit_reached',
  RS_ERROR_TOKEN_EXPIRED: 'session_expired',
  RS_ERROR_INVALID_TOKEN: 'session_expired',
};

function walletResult(reply: WalletReply, what: string): PurseResult {
  if (reply.status === 'RS_OK') {
    return {
      ok: true,
      balance: reply.balance ?? 0,
      ...(reply.freespins_left !== undefined ? { freespinsLeft: reply.freespins_left } : {}),
    };
  }
  // The wallet names which limit refused a bet (issue #26): a bonus's own rules get their own
  // translated text rather than "a limit you set".
  if (reply.status === 'RS_ERROR_LIMIT_REACHED') {
    if (reply.limit === 'bonus_max_bet') return { ok: false, refusal: 'bonus_max_bet' };
    if (reply.limit === 'bonus_excluded_game') {
      return { ok: false, refusal: 'bonus_excluded_game' };
    }
  }
  const refusal = REFUSALS[reply.status];
  if (refusal) return { ok: false, refusal };
  // DUPLICATE, DOES_NOT_EXIST, UNKNOWN: the round cannot go on as it is; it stays open and is
  // finished on the player's return.
  throw new WalletUnreachable(`wallet ${what}: ${reply.status}`);
}

export async function walletPurse(
  wallet: WalletClient,
  token: string,
  gameCode: string,
  currency: string,
): Promise<Purse> {
  // The launch gave the session's currency; the wallet checks it on every call.
  const reply = await wallet.balance(token, gameCode, currency);
  if (reply.status !== 'RS_OK' || !reply.user) throw new SessionRefused(reply.status);
  const base = { token, gameCode, currency };
  return {
    mode: 'real',
    owner: reply.user,
    // `total` came with issue #26; a wallet that does not send it counts what is left.
    freespins: (reply.freespins ?? []).map((pack) => ({
      ...pack,
      total: pack.total ?? pack.remaining,
    })),
    ...base,
    async balance() {
      const answer = await wallet.balance(token, gameCode, currency);
      return answer.balance ?? 0;
    },
    async bet(round, uuid, amount, closed, freespin) {
      const answer = await wallet.transaction('bet', {
        ...base,
        round,
        transactionUuid: uuid,
        roundClosed: closed,
        amount,
        ...(freespin ? { freespinId: freespin } : {}),
      });
      return walletResult(answer, 'bet');
    },
    async win(round, uuid, amount, betUuid) {
      const answer = await wallet.transaction('win', {
        ...base,
        round,
        transactionUuid: uuid,
        roundClosed: true,
        amount,
        referenceTransactionUuid: betUuid,
      });
      return walletResult(answer, 'win');
    },
    async rollback(round, uuid, betUuid) {
      const answer = await wallet.transaction('rollback', {
        ...base,
        round,
        transactionUuid: uuid,
        roundClosed: true,
        amount: 0,
        referenceTransactionUuid: betUuid,
      });
      return walletResult(answer, 'rollback');
    },
  };
}

/** Fun money: 1,000.00 of play currency per fun session, never the player's money. */
export const FUN_BALANCE = 100_000;
export const FUN_PREFIX = 'fun_';

export async function openFunWallet(app: AppContext, currency: string): Promise<string> {
  const id = `${FUN_PREFIX}${randomBytes(18).toString('base64url')}`;
  await app.database.query(sql`
    insert into originals_fun_wallets (id, balance_minor, currency)
    values (${id}, ${FUN_BALANCE}, ${currency})`);
  return id;
}

export async function funPurse(app: AppContext, id: string, gameCode: string): Promise<Purse> {
  const [row] = await app.database.query<{ currency: string }>(
    sql`select currency from originals_fun_wallets where id = ${id}`,
  );
  if (!row) throw new SessionRefused('RS_ERROR_INVALID_TOKEN');
  const balance = async () => {
    const [current] = await app.database.query<{ balance: string }>(
      sql`select balance_minor::text as balance from originals_fun_wallets where id = ${id}`,
    );
    return Number(current?.balance ?? 0);
  };
  const move = async (delta: number): Promise<PurseResult> => {
    const [moved] = await app.database.query<{ balance: string }>(sql`
      update originals_fun_wallets set balance_minor = balance_minor + ${delta}
      where id = ${id} and balance_minor + ${delta} >= 0
      returning balance_minor::text as balance`);
    return moved
      ? { ok: true, balance: Number(moved.balance) }
      : { ok: false, refusal: 'not_enough_money' };
  };
  return {
    mode: 'fun',
    owner: id,
    freespins: [],
    token: id,
    currency: row.currency,
    gameCode,
    balance,
    bet: (_round, _uuid, amount) => move(-amount),
    win: (_round, _uuid, amount) => move(amount),
    // A fun round's bet is only rolled back when its own move failed, which moved nothing.
    rollback: async () => ({ ok: true, balance: await balance() }),
  };
}
