import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import type { DatabaseHandle, Executor } from '../../db/client.ts';
import { contacts, currencies, players } from '../../db/schema.ts';
import { balancesOf, type WalletKind } from '../../wallet/ledger.ts';
import { fromMinor } from '../../wallet/money.ts';

export type Player = typeof players.$inferSelect;

export async function findPlayer(db: Executor, id: number): Promise<Player> {
  const [player] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  if (!player || player.status === 'deleted')
    throw new ApiError('Authorization', 'Sign in to continue');
  if (player.status === 'banned') {
    throw new ApiError('UserBanned', 'This account is blocked', {
      errorData: { type: 'user-banned' },
    });
  }
  return player;
}

export async function playerRole(app: AppContext, id: number): Promise<string> {
  return (await findPlayer(app.database.db, id)).role;
}

/** The email or phone a player signs in with: emails lower-cased, phones digits only. */
export function normaliseContact(value: string): { type: 'email' | 'phone'; contact: string } {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return { type: 'email', contact: trimmed.toLowerCase() };
  const digits = trimmed.replace(/[\s\-()+]/g, '');
  if (/^\d{6,15}$/.test(digits)) return { type: 'phone', contact: digits };
  return { type: 'email', contact: trimmed.toLowerCase() };
}

/** A player by login, email or phone (the ways §3 lets one sign in). */
export async function findPlayerBySignIn(db: Executor, login: string): Promise<Player | null> {
  const lower = login.trim().toLowerCase();
  const [byLogin] = await db.select().from(players).where(eq(players.login, lower)).limit(1);
  if (byLogin) return byLogin;
  const { type, contact } = normaliseContact(login);
  const [row] = await db
    .select({ player: players })
    .from(contacts)
    .innerJoin(players, eq(players.id, contacts.playerId))
    .where(and(eq(contacts.type, type), eq(contacts.contact, contact)))
    .limit(1);
  return row?.player ?? null;
}

export async function currencyDecimals(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ decimals: currencies.decimals })
    .from(currencies)
    .where(eq(currencies.code, code));
  return row?.decimals ?? 2;
}

/**
 * A signed-in player's balances in one round trip (the hot path of `getBalance`, polled every
 * 10 s by every open tab, §9): the player's currency and status, its decimals and the wallets.
 */
export async function balancesForPlayer(database: DatabaseHandle, playerId: number) {
  const rows = await database.query<{
    status: string;
    currency: string;
    decimals: number;
    kind: WalletKind | null;
    balance_minor: string | null;
  }>(
    sql`
    select p.status, p.currency, coalesce(c.decimals, 2) as decimals, w.kind, w.balance_minor
    from players p
    left join currencies c on c.code = p.currency
    left join wallets w on w.player_id = p.id and w.currency = p.currency
    where p.id = ${playerId}`,
    'balances_of_player',
  );
  const first = rows[0];
  if (!first || first.status === 'deleted')
    throw new ApiError('Authorization', 'Sign in to continue');
  if (first.status === 'banned') {
    throw new ApiError('UserBanned', 'This account is blocked', {
      errorData: { type: 'user-banned' },
    });
  }
  const minor: Record<WalletKind, bigint> = { main: 0n, bonus: 0n, betting_bonus: 0n, fun: 0n };
  for (const row of rows) if (row.kind) minor[row.kind] = BigInt(row.balance_minor ?? 0);
  return moneyView(minor, first.currency, Number(first.decimals));
}

function moneyView(minor: Record<WalletKind, bigint>, currency: string, decimals: number) {
  const money = (value: bigint) => ({ amount: fromMinor(value, decimals), currency });
  return {
    balance_main: money(minor.main),
    balance_bonus: money(minor.bonus),
    balance_betting_bonus: money(minor.betting_bonus),
    balance_fun: money(minor.fun),
    balance_total: money(minor.main + minor.bonus + minor.betting_bonus),
  };
}

/** The four balances of §3 and the displayed total (main + bonus + betting bonus). */
export async function balanceView(db: Executor, player: Player) {
  const decimals = await currencyDecimals(db, player.currency);
  const minor = await balancesOf(db, player.id, player.currency);
  const money = (value: bigint) => ({
    amount: fromMinor(value, decimals),
    currency: player.currency,
  });
  return {
    balance_main: money(minor.main),
    balance_bonus: money(minor.bonus),
    balance_betting_bonus: money(minor.betting_bonus),
    balance_fun: money(minor.fun),
    balance_total: money(minor.main + minor.bonus + minor.betting_bonus),
  };
}

export async function contactsOf(db: Executor, playerId: number) {
  return db.select().from(contacts).where(eq(contacts.playerId, playerId)).orderBy(contacts.id);
}

/** Where a code for this player goes: the first confirmed contact (email before phone). */
export async function confirmedContact(db: Executor, playerId: number) {
  const list = await contactsOf(db, playerId);
  return (
    list.find((c) => c.isConfirmed && c.type === 'email') ?? list.find((c) => c.isConfirmed) ?? null
  );
}
