import type { Executor } from '../db/client.ts';

/**
 * What a domain's change calls inside its own transaction, once the change is made, with the
 * record before and after (issue #30). The back office's handlers pass one that writes the audit
 * log's row, so the change and its row commit together or not at all; the domain needs to know
 * nothing about the audit log (`modules/staff-audit.ts` makes the hooks).
 */
export type ChangeHook = (tx: Executor, change: Change) => Promise<void>;

export interface Change {
  /** The record changed (its id), when the caller did not know it before the change. */
  subjectId?: string | number;
  /** Whose data it is, when a player's. */
  playerId?: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** For a caller that audits nothing (a player's own change, a job, the demo seed). */
export const noChangeHook: ChangeHook = async () => {};
