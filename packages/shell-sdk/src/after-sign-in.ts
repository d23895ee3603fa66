import { useEffect, useRef } from 'react';
import type { DialogRequest } from './dialogs.ts';
import type { SessionUser } from './state.ts';

/**
 * §4 "After login": the follow-up popups, in this order: social registration when the
 * registration is incomplete, then an unseen cashback, then a campaign.
 */
export const AFTER_SIGN_IN_STEPS = ['social-registration', 'unseen-cashback', 'campaign'] as const;
export type AfterSignInStep = (typeof AFTER_SIGN_IN_STEPS)[number];

export interface AfterSignInContext {
  user: SessionUser;
}

/** Says which dialog to open after sign-in, or null when there is nothing to show. */
export type AfterSignInCheck = (
  context: AfterSignInContext,
) => DialogRequest | null | Promise<DialogRequest | null>;

type Open = (options: DialogRequest) => unknown;

/**
 * Where features register their follow-up popups. The shell runs every check when the session
 * turns signed-in and opens the dialogs that apply through the queue in the §4 order (a step's
 * checks in the order they were registered), whatever order the checks answer in.
 */
export function createAfterSignInRegistry() {
  const checks = new Map<AfterSignInStep, AfterSignInCheck[]>();
  return {
    /** Adds a check to a step; returns the function that removes it. */
    register(step: AfterSignInStep, check: AfterSignInCheck): () => void {
      const list = checks.get(step) ?? [];
      checks.set(step, [...list, check]);
      return () => {
        checks.set(
          step,
          (checks.get(step) ?? []).filter((c) => c !== check),
        );
      };
    },
    /**
     * Runs every check at once, then opens what applies in the §4 order. A check that fails is
     * skipped (the player still gets the others). Returns the ids it opened.
     */
    async run(context: AfterSignInContext, open: Open): Promise<string[]> {
      const ordered = AFTER_SIGN_IN_STEPS.flatMap((step) => checks.get(step) ?? []);
      const answers = ordered.map((check) => {
        try {
          return Promise.resolve(check(context));
        } catch (error) {
          return Promise.reject(error);
        }
      });
      const opened: string[] = [];
      for (const answer of answers) {
        let dialog: DialogRequest | null;
        try {
          dialog = await answer;
        } catch (error) {
          console.error('[after sign-in] a check failed', error);
          continue;
        }
        if (!dialog) continue;
        open(dialog);
        opened.push(dialog.id);
      }
      return opened;
    },
  };
}

export type AfterSignInRegistry = ReturnType<typeof createAfterSignInRegistry>;

/** The page's registry; the shell runs it. */
export const afterSignIn: AfterSignInRegistry = createAfterSignInRegistry();

/** Registers a follow-up popup check (outside React). Returns the function that removes it. */
export function registerAfterSignIn(step: AfterSignInStep, check: AfterSignInCheck): () => void {
  return afterSignIn.register(step, check);
}

/**
 * Registers a follow-up popup check while the component is mounted. The latest `check` is
 * called, so it may close over props and state.
 */
export function useAfterSignInQueue(step: AfterSignInStep, check: AfterSignInCheck): void {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => afterSignIn.register(step, (context) => latest.current(context)), [step]);
}
