import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { ChangeHook } from '../lib/change-hook.ts';
import { removeAuthenticator } from './authenticator.ts';
import { hashPassword } from './passwords.ts';
import { findPlayerBySignIn, type Player } from './players.ts';
import { createPlayer } from './registration.ts';
import { players, totpAuthenticators } from './schema.ts';
import { knownRoles, revokeStaffSessions, type StaffMember } from './staff.ts';

/**
 * Issue #30: staff accounts as admins manage them in the back office (the first one comes from
 * `staff:create`). An account is a `players` row with role `staff` and its back-office roles;
 * each change goes with the caller's hook (the audit row) in one transaction, and a change that
 * takes power away ends the account's back-office sessions at once.
 */

export interface StaffAccount {
  id: number;
  login: string;
  roles: StaffRole[];
  status: 'active' | 'blocked';
  twoFactor: boolean;
  createdAt: Date;
}

function accountOf(player: Player, twoFactor: boolean): StaffAccount {
  return {
    id: player.id,
    login: player.login,
    roles: knownRoles(player.staffRoles),
    status: player.status === 'active' ? 'active' : 'blocked',
    twoFactor,
    createdAt: player.regTime,
  };
}

const view = (account: StaffAccount) => ({
  login: account.login,
  roles: account.roles,
  status: account.status,
  two_factor: account.twoFactor,
});

async function hasApp(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: totpAuthenticators.playerId })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.playerId, id), isNotNull(totpAuthenticators.confirmedAt)));
  return Boolean(row);
}

/** Every staff account, oldest first. */
export async function listStaff(db: Executor): Promise<StaffAccount[]> {
  const rows = await db
    .select({ player: players, app: totpAuthenticators.confirmedAt })
    .from(players)
    .leftJoin(totpAuthenticators, eq(totpAuthenticators.playerId, players.id))
    .where(and(eq(players.role, 'staff'), sql`${players.status} <> 'deleted'`))
    .orderBy(asc(players.id));
  return rows.map((row) => accountOf(row.player, row.app !== null));
}

const unknownStaff = () =>
  new ApiError('InvalidParameter', 'No such staff account', {
    invalidParameters: { staff_id: ['wrong_field'] },
  });

async function staffRow(db: Executor, id: number): Promise<Player> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.role, 'staff')))
    .for('update');
  if (!row || row.status === 'deleted') throw unknownStaff();
  return row;
}

/** Nobody takes power away from themselves (an admin locked out of the back office). */
function notOneself(by: Pick<StaffMember, 'id'>, id: number): void {
  if (by.id === id) {
    throw new ApiError('InvalidParameter', 'Ask another admin to change your own account', {
      invalidParameters: { staff_id: ['wrong_field'] },
    });
  }
}

/** A new staff account; an e-mail already in use (by a player or staff) is a field error. */
export async function createStaffAccount(
  app: AppContext,
  account: { email: string; password: string; roles: readonly StaffRole[] },
  hook: ChangeHook,
): Promise<StaffAccount> {
  const db = app.database.db;
  const taken = () =>
    new ApiError('InvalidParameter', 'This e-mail is already in use', {
      invalidParameters: { email: ['already_exists'] },
    });
  if (await findPlayerBySignIn(db, account.email)) throw taken();
  try {
    const made = await createPlayer(
      db,
      {
        login: account.email,
        passwordHash: await hashPassword(account.password),
        role: 'staff',
        staffRoles: [...account.roles],
        currency: 'EUR',
        locale: 'en-US',
        regTime: app.now(),
      },
      [{ type: 'email', contact: account.email, isConfirmed: true }],
      async (tx, created) => {
        await hook(tx, {
          subjectId: created.id,
          before: null,
          after: view(accountOf(created, false)),
        });
      },
    );
    return accountOf(made, false);
  } catch (error) {
    // Made by someone else between the check and the insert: the login is unique.
    if (!(error instanceof ApiError) && (await findPlayerBySignIn(db, account.email)))
      throw taken();
    throw error;
  }
}

/** Changes one staff account (not the caller's own) with the hook, then ends its sessions. */
async function changeStaff(
  app: AppContext,
  by: Pick<StaffMember, 'id'>,
  id: number,
  hook: ChangeHook,
  change: (tx: Executor, before: Player) => Promise<void>,
): Promise<StaffAccount> {
  notOneself(by, id);
  const after = await app.database.db.transaction(async (tx) => {
    const before = await staffRow(tx, id);
    const beforeView = accountOf(before, await hasApp(tx, id));
    await change(tx, before);
    const changed = accountOf(await staffRow(tx, id), await hasApp(tx, id));
    await hook(tx, { subjectId: id, before: view(beforeView), after: view(changed) });
    return changed;
  });
  await revokeStaffSessions(app, id);
  return after;
}

export function setStaffRoles(
  app: AppContext,
  change: { by: Pick<StaffMember, 'id'>; staffId: number; roles: readonly StaffRole[] },
  hook: ChangeHook,
): Promise<StaffAccount> {
  return changeStaff(app, change.by, change.staffId, hook, async (tx) => {
    await tx
      .update(players)
      .set({ staffRoles: [...change.roles] })
      .where(eq(players.id, change.staffId));
  });
}

export function setStaffBlocked(
  app: AppContext,
  change: { by: Pick<StaffMember, 'id'>; staffId: number; blocked: boolean },
  hook: ChangeHook,
): Promise<StaffAccount> {
  return changeStaff(app, change.by, change.staffId, hook, async (tx) => {
    await tx
      .update(players)
      .set({ status: change.blocked ? 'banned' : 'active' })
      .where(eq(players.id, change.staffId));
  });
}

export function resetStaffTwoFactor(
  app: AppContext,
  change: { by: Pick<StaffMember, 'id'>; staffId: number },
  hook: ChangeHook,
): Promise<StaffAccount> {
  return changeStaff(app, change.by, change.staffId, hook, async (tx) => {
    await removeAuthenticator(tx, change.staffId);
  });
}
