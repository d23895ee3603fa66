import { and, eq } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { Executor } from '../db/client.ts';
import { contacts, players } from './schema.ts';

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
