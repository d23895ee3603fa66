import type { ModuleHandlers } from '../handlers.ts';
import { listAudit } from '../../audit/index.ts';
import {
  addPlayerNote,
  createStaffAccount,
  listStaff,
  resetStaffTwoFactor,
  setStaffBlocked,
  setStaffRoles,
  type StaffAccount,
  endStaffSession,
  liveSessions,
  playerAccount,
  searchPlayers,
  setPlayerBlocked,
  staffSignIn,
  type PlayerRow,
} from '../../identity/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { depositLimitsOf, playLimitsOf, selfExclusionOf } from '../../responsible/index.ts';
import { fromMinor, playerBalances } from '../../wallet/index.ts';
import type { RequestContext } from '../../context.ts';
import { auditChange, auditedChange, auditRead } from '../staff-audit.ts';

/** Not in §7 (issue #30): the back office's sign-in, players and audit log. */

const iso = (at: Date) => at.toISOString();

function playerRowView(row: PlayerRow) {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    phone: row.phone,
    first_name: row.firstName,
    last_name: row.lastName,
    currency: row.currency,
    status: row.status,
    reg_time: iso(row.regTime),
  };
}

function staffAccountView(account: StaffAccount) {
  return {
    id: account.id,
    login: account.login,
    roles: account.roles,
    status: account.status,
    two_factor: account.twoFactor,
    created_at: iso(account.createdAt),
  };
}

function staffOf(ctx: RequestContext) {
  return ctx.staff!;
}

export const staffHandlers: ModuleHandlers<'staff'> = {
  async signin(ctx, params) {
    const { staff, recoveryCodes } = await staffSignIn(ctx.app, ctx.request, ctx.reply, params);
    return {
      staff: { id: staff.id, login: staff.login, roles: staff.roles },
      ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
    };
  },

  async signout(ctx) {
    const staff = staffOf(ctx);
    return auditedChange(ctx, { type: 'staff_session', id: staff.id }, async (tx) => {
      await endStaffSession(ctx.app, ctx.request, ctx.reply, tx);
      return { result: 1 as const, before: { signed_in: true }, after: { signed_in: false } };
    });
  },

  async me(ctx) {
    const staff = staffOf(ctx);
    return { id: staff.id, login: staff.login, roles: [...staff.roles] };
  },

  async searchplayers(ctx, params) {
    const rows = await searchPlayers(ctx.app.database.db, params.query);
    // A search shows names and contacts: one read row, with what was looked for.
    await auditRead(ctx, { type: 'player_search', id: params.query.slice(0, 100) });
    return rows.map(playerRowView);
  },

  async getplayer(ctx, params) {
    const db = ctx.app.database.db;
    const now = ctx.app.now();
    const account = await playerAccount(db, params.player_id);
    const decimals = (await findCurrency(db, account.currency))?.decimals ?? 2;
    const amount = (minor: bigint) => fromMinor(minor, decimals);
    const [balances, deposits, plays, exclusion, sessions] = await Promise.all([
      playerBalances(ctx.app.database, account.id, { blockedToo: true }),
      depositLimitsOf(db, account.id, now),
      playLimitsOf(db, account.id, now),
      selfExclusionOf(db, account.id, now),
      liveSessions(ctx.app, account.id),
    ]);
    await auditRead(ctx, { type: 'player', id: account.id, playerId: account.id });
    const { balance_main, balance_bonus, balance_betting_bonus, balance_total } = balances;
    return {
      ...playerRowView(account),
      fakename: account.fakename,
      birth_date: account.birthDate,
      country_code: account.countryCode,
      locale: account.locale,
      is_verified: account.isVerified,
      is_kyc_block_enabled: account.isKycBlockEnabled,
      two_factor: account.twoFactor,
      block: account.lastBlock && { ...account.lastBlock, at: iso(account.lastBlock.at) },
      balances: { balance_main, balance_bonus, balance_betting_bonus, balance_total },
      limits: [
        ...deposits.map((limit) => ({
          kind: 'deposit' as const,
          period_days: limit.period,
          value: amount(limit.limitMinor),
          pending: limit.pending && {
            value: limit.pending.limitMinor === null ? null : amount(limit.pending.limitMinor),
            applies_at: iso(limit.pending.appliesAt),
          },
        })),
        ...plays.map((limit) => {
          // A loss limit is money; a session limit, minutes.
          const value = (raw: bigint) => (limit.kind === 'loss' ? amount(raw) : String(raw));
          return {
            kind: limit.kind,
            period_days: limit.periodDays,
            value: value(limit.amount),
            pending: limit.pending && {
              value: limit.pending.amount === null ? null : value(limit.pending.amount),
              applies_at: iso(limit.pending.appliesAt),
            },
          };
        }),
      ],
      self_exclusion: exclusion.active
        ? {
            kind: exclusion.kind ?? 'self_exclusion',
            period: exclusion.period ?? null,
            until: exclusion.until ? iso(exclusion.until) : null,
          }
        : null,
      sessions: sessions.map((session) => ({
        created_at: iso(session.createdAt),
        last_seen_at: iso(session.lastSeenAt),
        ip: session.ip,
        user_agent: session.userAgent,
      })),
      notes: account.notes.map((note) => ({ ...note, at: iso(note.at) })),
    };
  },

  async blockplayer(ctx, params) {
    await setPlayerBlocked(
      ctx.app,
      { playerId: params.player_id, blocked: true, reason: params.reason, staff: staffOf(ctx) },
      auditChange(ctx, { type: 'player', id: params.player_id, reason: params.reason }),
    );
    return 1 as const;
  },

  async unblockplayer(ctx, params) {
    await setPlayerBlocked(
      ctx.app,
      { playerId: params.player_id, blocked: false, reason: params.reason, staff: staffOf(ctx) },
      auditChange(ctx, { type: 'player', id: params.player_id, reason: params.reason }),
    );
    return 1 as const;
  },

  async addplayernote(ctx, params) {
    const note = await addPlayerNote(
      ctx.app,
      { playerId: params.player_id, text: params.text, staff: staffOf(ctx) },
      auditChange(ctx, { type: 'player_note' }),
    );
    return { ...note, at: iso(note.at) };
  },

  async liststaff(ctx) {
    return (await listStaff(ctx.app.database.db)).map(staffAccountView);
  },

  async createstaff(ctx, params) {
    const made = await createStaffAccount(
      ctx.app,
      { email: params.email, password: params.password, roles: params.roles },
      auditChange(ctx, { type: 'staff_account' }),
    );
    return staffAccountView(made);
  },

  async setstaffroles(ctx, params) {
    const changed = await setStaffRoles(
      ctx.app,
      { by: staffOf(ctx), staffId: params.staff_id, roles: params.roles },
      auditChange(ctx, { type: 'staff_account', reason: params.reason }),
    );
    return staffAccountView(changed);
  },

  async setstaffblocked(ctx, params) {
    const changed = await setStaffBlocked(
      ctx.app,
      { by: staffOf(ctx), staffId: params.staff_id, blocked: params.blocked },
      auditChange(ctx, { type: 'staff_account', reason: params.reason }),
    );
    return staffAccountView(changed);
  },

  async resetstafftwofactor(ctx, params) {
    const changed = await resetStaffTwoFactor(
      ctx.app,
      { by: staffOf(ctx), staffId: params.staff_id },
      auditChange(ctx, { type: 'staff_account', reason: params.reason }),
    );
    return staffAccountView(changed);
  },

  async listaudit(ctx, params) {
    const { items, total } = await listAudit(
      ctx.app.database.db,
      {
        ...(params.actor_id !== undefined ? { actorId: params.actor_id } : {}),
        ...(params.player_id !== undefined ? { playerId: params.player_id } : {}),
        ...(params.action !== undefined ? { action: params.action } : {}),
        ...(params.kind !== undefined ? { kind: params.kind } : {}),
        ...(params.from !== undefined ? { from: new Date(params.from) } : {}),
        ...(params.to !== undefined ? { to: new Date(params.to) } : {}),
      },
      { limit: params.count ?? 50, offset: params.offset ?? 0 },
    );
    return {
      items: items.map((row) => ({
        id: row.id,
        at: iso(row.at),
        actor_id: row.actorId,
        actor_login: row.actorLogin,
        actor_roles: row.actorRoles,
        action: row.action,
        kind: row.kind,
        subject_type: row.subjectType,
        subject_id: row.subjectId,
        player_id: row.playerId,
        before: row.before,
        after: row.after,
        reason: row.reason,
        ip: row.ip,
      })),
      total,
    };
  },
};
