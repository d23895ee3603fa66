import { useSyncExternalStore } from 'react';
import type { ChatPlayer } from '../adapters/types.ts';

/** What the live-chat slot tells our widget (adapters/northstar.ts), and whether it is open. */
export interface NorthstarChatState {
  player: ChatPlayer | null;
  /** §2: false on betting and game pages. */
  badgeVisible: boolean;
  open: boolean;
}

const INITIAL: NorthstarChatState = { player: null, badgeVisible: false, open: false };

function createChatStore() {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(change: Partial<NorthstarChatState>) {
      const next = { ...state, ...change };
      if ((Object.keys(next) as (keyof NorthstarChatState)[]).every((k) => next[k] === state[k]))
        return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Back to the start (tests). */
    reset() {
      state = INITIAL;
    },
  };
}

/** The page's one widget state (module state: the slot remounts with the layout, this stays). */
export const northstarChat = createChatStore();

export function useNorthstarChat(): NorthstarChatState {
  return useSyncExternalStore(northstarChat.subscribe, northstarChat.get, () => INITIAL);
}
