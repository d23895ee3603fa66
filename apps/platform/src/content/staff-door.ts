import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import { recordAudit } from '../audit/index.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { resolveStaffSession, type StaffMember } from '../identity/index.ts';
import type { Change, ChangeHook } from '../lib/change-hook.ts';
import { hasMarker } from '../lib/marker.ts';

/**
 * Issue #30: who may write to the content backend. Not a token of its own any more (the staff
 * JWT of `/cms/auth/local` opened every write until the back office came): the back-office
 * session (`ns_staff`, two-factor, 30 minutes idle) of a staff member whose roles include
 * `content` or `admin`, as for any staff method. Players keep their JWT for what is theirs
 * (`/cms/users/me`, password changes); it opens no write here.
 *
 * The order is the `/api` dispatcher's spirit, who before what: no session is a 401, a session
 * of another role a 403, and a state-changing call without the marker header a 403 (a cross-site
 * form cannot set it). Every write then records one audit row in its own transaction
 * (`auditHook`), who, what, before and after, like every staff method's change.
 */

/** The back-office roles that edit content (the back office shows its content screens to them). */
export const CONTENT_ROLES: readonly StaffRole[] = ['content', 'admin'];

export interface ContentEditor {
  staff: StaffMember;
  ip: string;
}

/** The content editor of the request's back-office session, or a typed refusal. */
export async function contentEditor(
  app: AppContext,
  request: FastifyRequest,
  options: { write: boolean },
): Promise<ContentEditor> {
  const staff = await resolveStaffSession(app, request);
  if (!staff) throw new ApiError('Authorization', 'Sign in to the back office to continue');
  if (!staff.roles.some((role) => CONTENT_ROLES.includes(role))) {
    throw new ApiError('AccessDenied', 'Your role may not edit content');
  }
  if (options.write && !hasMarker(request.headers['x-app-client'])) {
    throw new ApiError('AccessDenied', 'State-changing calls need the X-App-Client header');
  }
  return { staff, ip: request.ip };
}

/**
 * What a write did, as the audit log's action names it (`cms/publish`): a new record, a removed
 * one, a draft published, a live entry taken off the site, or any other change.
 */
function verbOf(change: Change): string {
  if (change.before === null) return 'create';
  if (change.after === null) return 'delete';
  const was = change.before.publishedAt ?? null;
  const is = change.after.publishedAt ?? null;
  if (was === null && is !== null) return 'publish';
  if (was !== null && is === null) return 'unpublish';
  return 'update';
}

/**
 * The hook a content write calls in its transaction: one audit row, `cms/<verb>` on the record
 * (`subjectType`: the content type, `upload-files`, `locales`), before and after as answered.
 */
export function auditHook(app: AppContext, editor: ContentEditor, subjectType: string): ChangeHook {
  return async (tx: Executor, change: Change) => {
    const record = change.after ?? change.before;
    await recordAudit(tx, {
      actor: editor.staff,
      action: `cms/${verbOf(change)}`,
      kind: 'change',
      subject: {
        type: subjectType,
        id: change.subjectId ?? (record?.id as string | number | undefined) ?? null,
      },
      before: change.before,
      after: change.after,
      ip: editor.ip,
      at: app.now(),
    });
  };
}
