import { recordAudit } from '../audit/index.ts';
import type { RequestContext, StaffActor } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { Change, ChangeHook } from '../lib/change-hook.ts';

/**
 * Issue #30: the audit rows of the back office's methods. A change's row is written by the
 * domain's own transaction, through the hook made here (`auditChange`); a read of a player's
 * personal data writes its row before the answer leaves (`auditRead`). The action is the method
 * (`cashier/staffapprovewithdrawal`), the actor the back-office session's staff member.
 */

const audited = new WeakSet<RequestContext>();
/** Whether this request wrote an audit row (the dispatcher logs a staff change that did not). */
export const wasAudited = (ctx: RequestContext) => audited.has(ctx);

function actorOf(ctx: RequestContext): StaffActor {
  if (!ctx.staff) throw new Error(`${ctx.method} is audited but has no staff member`);
  return ctx.staff;
}

export interface AuditSubject {
  /** What kind of record (`player`, `withdrawal`, `bonus_template`, …). */
  type: string;
  id?: string | number | null;
  playerId?: number | null;
  /** The reason staff gave, when the method asks for one. */
  reason?: string | null;
}

/** The hook a domain calls in its transaction: it writes the change's audit row there. */
export function auditChange(ctx: RequestContext, subject: AuditSubject): ChangeHook {
  return async (tx: Executor, change: Change) => {
    await recordAudit(tx, {
      actor: actorOf(ctx),
      action: ctx.method,
      kind: 'change',
      subject: { type: subject.type, id: change.subjectId ?? subject.id ?? null },
      playerId: change.playerId ?? subject.playerId ?? null,
      before: change.before,
      after: change.after,
      reason: subject.reason ?? null,
      ip: ctx.ip,
      at: ctx.app.now(),
    });
    audited.add(ctx);
  };
}

/**
 * A change whose domain has no transaction of its own to offer: `change` runs in one opened
 * here, and the row is written in it.
 */
export async function auditedChange<T>(
  ctx: RequestContext,
  subject: AuditSubject,
  change: (tx: Executor) => Promise<{ result: T } & Change>,
): Promise<T> {
  return ctx.app.database.db.transaction(async (tx) => {
    const made = await change(tx);
    await auditChange(ctx, subject)(tx, made);
    return made.result;
  });
}

/** A read of personal data: one row naming whose, before the data is answered. */
export async function auditRead(ctx: RequestContext, subject: AuditSubject): Promise<void> {
  await recordAudit(ctx.app.database.db, {
    actor: actorOf(ctx),
    action: ctx.method,
    kind: 'read',
    subject: { type: subject.type, id: subject.id ?? null },
    playerId: subject.playerId ?? null,
    reason: subject.reason ?? null,
    ip: ctx.ip,
    at: ctx.app.now(),
  });
  audited.add(ctx);
}
