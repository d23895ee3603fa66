import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { ChangeHook } from '../lib/change-hook.ts';
import { normaliseContact, type Player } from './players.ts';
import { contacts, playerBlocks, playerNotes, players } from './schema.ts';
import { revokeAllSessions } from './sessions.ts';
import type { StaffMember } from './staff.ts';

/**
 * Issue #30: what the back office asks identity about players: find them, read their account,
 * block and unblock them with a reason, and keep staff's notes. The handlers (modules/staff)
 * add what other domains own (balances, limits) through their doors.
 */

export interface PlayerRow {
  id: number;
  login: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  currency: string;
  status: string;
  regTime: Date;
}

const SEARCH_LIMIT = 50;

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Players by id (digits), e-mail, phone or login: an exact id first, then logins and contacts
 * containing what was typed (3 characters at least, so one letter does not list everyone).
 */
export async function searchPlayers(db: Executor, query: string): Promise<PlayerRow[]> {
  const typed = query.trim();
  const conditions: SQL[] = [];
  if (/^\d{1,9}$/.test(typed)) conditions.push(eq(players.id, Number(typed)));
  if (typed.length >= 3) {
    const lower = `%${likeEscape(typed.toLowerCase())}%`;
    conditions.push(ilike(players.login, lower));
    const contact = normaliseContact(typed).contact;
    const ids = db
      .select({ id: contacts.playerId })
      .from(contacts)
      .where(ilike(contacts.contact, `%${likeEscape(contact)}%`));
    conditions.push(sql`${players.id} in (${ids})`);
  }
  if (conditions.length === 0) return [];
  const found = await db
    .select()
    .from(players)
    .where(and(or(...conditions), eq(players.role, 'player')))
    .orderBy(players.id)
    .limit(SEARCH_LIMIT);
  return rowsWithContacts(db, found);
}

async function rowsWithContacts(db: Executor, list: Player[]): Promise<PlayerRow[]> {
  if (list.length === 0) return [];
  const ids = list.map((p) => p.id);
  const all = await db
    .select()
    .from(contacts)
    .where(sql`${contacts.playerId} in ${ids}`)
    .orderBy(contacts.id);
  return list.map((player) => {
    const own = all.filter((c) => c.playerId === player.id);
    return {
      id: player.id,
      login: player.login,
      email: own.find((c) => c.type === 'email')?.contact ?? null,
      phone: own.find((c) => c.type === 'phone')?.contact ?? null,
      firstName: player.firstName,
      lastName: player.lastName,
      currency: player.currency,
      status: player.status,
      regTime: player.regTime,
    };
  });
}

export interface PlayerAccount extends PlayerRow {
  fakename: string | null;
  birthDate: string | null;
  countryCode: string | null;
  locale: string;
  isVerified: boolean;
  isKycBlockEnabled: boolean;
  twoFactor: boolean;
  lastBlock: { action: 'block' | 'unblock'; reason: string; at: Date; by: string } | null;
  notes: PlayerNote[];
}

export interface PlayerNote {
  id: number;
  at: Date;
  author: string;
  text: string;
}

const notFound = () =>
  new ApiError('InvalidParameter', 'No such player', {
    invalidParameters: { player_id: ['wrong_field'] },
  });

async function playerRow(db: Executor, playerId: number): Promise<Player> {
  const [player] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.role, 'player')))
    .limit(1);
  if (!player || player.status === 'deleted') throw notFound();
  return player;
}

/** A player's account as staff see it (any status but deleted; a blocked one too). */
export async function playerAccount(db: Executor, playerId: number): Promise<PlayerAccount> {
  const player = await playerRow(db, playerId);
  const [[row], [block], notes] = await Promise.all([
    rowsWithContacts(db, [player]),
    db
      .select()
      .from(playerBlocks)
      .where(eq(playerBlocks.playerId, playerId))
      .orderBy(desc(playerBlocks.createdAt), desc(playerBlocks.id))
      .limit(1),
    notesOf(db, playerId),
  ]);
  return {
    ...row!,
    fakename: player.fakename,
    birthDate: player.birthDate,
    countryCode: player.countryCode,
    locale: player.locale,
    isVerified: player.isVerified,
    isKycBlockEnabled: player.isKycBlockEnabled,
    twoFactor: player.twoFactorEnabled,
    lastBlock: block
      ? {
          action: block.action as 'block' | 'unblock',
          reason: block.reason,
          at: block.createdAt,
          by: block.staffLogin,
        }
      : null,
    notes,
  };
}

async function notesOf(db: Executor, playerId: number): Promise<PlayerNote[]> {
  const rows = await db
    .select()
    .from(playerNotes)
    .where(eq(playerNotes.playerId, playerId))
    .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt,
    author: row.authorLogin,
    text: row.text,
  }));
}

/**
 * Blocks (`banned`) or unblocks (`active`) a player with a reason: the status, the block's row
 * and the caller's hook (the audit row) in one transaction; a block then ends every session.
 * Blocking a blocked player (or unblocking an active one) is refused: nothing would change.
 */
export async function setPlayerBlocked(
  app: AppContext,
  change: {
    playerId: number;
    blocked: boolean;
    reason: string;
    staff: Pick<StaffMember, 'id' | 'login'>;
  },
  hook: ChangeHook,
): Promise<void> {
  const from = change.blocked ? 'active' : 'banned';
  const to = change.blocked ? 'banned' : 'active';
  await app.database.db.transaction(async (tx) => {
    const player = await playerRow(tx, change.playerId);
    const updated = await tx
      .update(players)
      .set({ status: to })
      .where(and(eq(players.id, player.id), eq(players.status, from)))
      .returning({ id: players.id });
    if (updated.length === 0) {
      throw new ApiError(
        'InvalidRequest',
        change.blocked ? 'The player is already blocked' : 'The player is not blocked',
      );
    }
    await tx.insert(playerBlocks).values({
      playerId: player.id,
      action: change.blocked ? 'block' : 'unblock',
      reason: change.reason,
      staffId: change.staff.id,
      staffLogin: change.staff.login,
      createdAt: app.now(),
    });
    await hook(tx, {
      playerId: player.id,
      before: { status: player.status },
      after: { status: to },
    });
  });
  if (change.blocked) await revokeAllSessions(app, change.playerId);
}

/** Adds a staff note to a player's account (kept as written; the hook records it). */
export async function addPlayerNote(
  app: AppContext,
  note: { playerId: number; text: string; staff: Pick<StaffMember, 'id' | 'login'> },
  hook: ChangeHook,
): Promise<PlayerNote> {
  return app.database.db.transaction(async (tx) => {
    const player = await playerRow(tx, note.playerId);
    const [row] = await tx
      .insert(playerNotes)
      .values({
        playerId: player.id,
        authorId: note.staff.id,
        authorLogin: note.staff.login,
        text: note.text,
        createdAt: app.now(),
      })
      .returning();
    const made = { id: row!.id, at: row!.createdAt, author: row!.authorLogin, text: row!.text };
    await hook(tx, {
      subjectId: made.id,
      playerId: player.id,
      before: null,
      after: { text: made.text },
    });
    return made;
  });
}
