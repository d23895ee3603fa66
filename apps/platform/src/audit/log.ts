import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from './schema.ts';

export type AuditKind = 'read' | 'change';

/** JSON a record is kept as, before and after. */
export type AuditValue = Record<string, unknown> | unknown[] | null;

/** Who acted: the staff account and the roles it holds at that moment. */
export interface AuditActor {
  id: number;
  login: string;
  roles: readonly string[];
}

export interface AuditEntry {
  actor: AuditActor;
  /** The staff method (`cashier/approveWithdrawal`) or the back office's own action. */
  action: string;
  kind: AuditKind;
  subject: { type: string; id?: string | number | null };
  /** Whose personal data was read or changed, if a player's. */
  playerId?: number | null;
  before?: AuditValue;
  after?: AuditValue;
  reason?: string | null;
  ip?: string | null;
  at: Date;
}

export interface AuditRow {
  id: number;
  at: Date;
  actorId: number;
  actorLogin: string;
  actorRoles: string[];
  action: string;
  kind: AuditKind;
  subjectType: string;
  subjectId: string | null;
  playerId: number | null;
  before: AuditValue;
  after: AuditValue;
  reason: string | null;
  ip: string | null;
}

/**
 * Writes one audit row. Pass the transaction of the change it records: the row and the change
 * are kept together or not at all (a change whose audit row cannot be written does not happen).
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      at: entry.at,
      actorId: entry.actor.id,
      actorLogin: entry.actor.login,
      actorRoles: [...entry.actor.roles],
      action: entry.action,
      kind: entry.kind,
      subjectType: entry.subject.type,
      subjectId:
        entry.subject.id === undefined || entry.subject.id === null
          ? null
          : String(entry.subject.id),
      playerId: entry.playerId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

export interface AuditFilter {
  actorId?: number;
  playerId?: number;
  action?: string;
  kind?: AuditKind;
  subjectType?: string;
  subjectId?: string;
  /** From this moment (inclusive) … */
  from?: Date;
  /** … to this one (exclusive). */
  to?: Date;
}

/** The log, newest first, filtered, a page at a time, with the count of every row that matches. */
export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ items: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.playerId !== undefined) conditions.push(eq(auditLog.playerId, filter.playerId));
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.kind !== undefined) conditions.push(eq(auditLog.kind, filter.kind));
  if (filter.subjectType !== undefined)
    conditions.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) conditions.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.from !== undefined) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to !== undefined) conditions.push(lt(auditLog.at, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { items: items as AuditRow[], total: total?.total ?? 0 };
}
