/**
 * The audit domain (issue #30): the log of what staff did. Every staff action that reads a
 * player's personal data or changes anything writes one row — who, what, when, the record before
 * and after, the reason — in the same transaction as the change (`recordAudit(tx, …)`); the back
 * office lists and filters it (`listAudit`). It owns `audit_log` (schema.ts), which the database
 * keeps append-only (sql/append-only.sql: UPDATE, DELETE and TRUNCATE are refused for everyone).
 */
export {
  listAudit,
  recordAudit,
  type AuditActor,
  type AuditEntry,
  type AuditFilter,
  type AuditKind,
  type AuditRow,
  type AuditValue,
} from './log.ts';
