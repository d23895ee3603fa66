/**
 * The audit domain's table (issue #30): audit/ owns it; nothing else reads it. Append-only: the
 * database itself refuses an UPDATE, DELETE or TRUNCATE of it (audit/sql/append-only.sql).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row per staff action that read a player's personal data or changed anything: who (the
 * staff account and the roles it acted with), what (the API method, the kind, the record it
 * touched, whose data), when, the record before and after, the reason given, and from where.
 * Written in the transaction of the change it records. The actor and the player are plain ids,
 * not foreign keys: the log outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    actorLogin: text('actor_login').notNull(),
    actorRoles: text('actor_roles').array().notNull(),
    /** The staff method (`cashier/approveWithdrawal`) or the back office's own action. */
    action: text('action').notNull(),
    /** `read` (personal data shown) or `change`. */
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** Whose personal data was read or changed, if a player's. */
    playerId: integer('player_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    check('audit_log_kind', sql`${t.kind} in ('read', 'change')`),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_player_idx').on(t.playerId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
