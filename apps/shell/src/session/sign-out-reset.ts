import type { createStore } from 'jotai';
import { REGISTRATION_HINT_HIDDEN_KEY, sessionAtom, type Session } from '@northstar/shell-sdk';

type Store = ReturnType<typeof createStore>;

/**
 * What a player's session leaves in this tab that §4 resets on logout: the registration hint's
 * "Hide" (the cashier's deposit page), so the next sign-in (this player again, or another) shows
 * the hint afresh while it still applies.
 */
export function resetOnSignOut(storage: () => Pick<Storage, 'removeItem'>): void {
  try {
    storage().removeItem(REGISTRATION_HINT_HIDDEN_KEY);
  } catch {
    // Storage refused (a sandboxed frame): there is nothing kept to reset.
  }
}

/**
 * Runs `onSignedOut` each time the session goes from signed-in to anonymous: the header's
 * sign-out, the inactivity logout, a sign-out in another tab, an expired session (§4). A store
 * subscription, not a component's effect, so no remount or render order can miss or fake one.
 */
export function watchSignOut(store: Store, onSignedOut: () => void): () => void {
  let status: Session['status'] = store.get(sessionAtom).status;
  return store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).status;
    // `unknown` is a session being asked again, not an end.
    const ended = status === 'signed-in' && next === 'anonymous';
    status = next;
    if (ended) onSignedOut();
  });
}
