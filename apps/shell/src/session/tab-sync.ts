import type { Session } from '@northstar/shell-sdk';

/**
 * The session across the open tabs of one browser: a sign-out in one tab signs out every tab
 * (they share the session cookie, so the others would only find out at their next 401), a
 * sign-in in one tab makes the others ask who is on the site, and a signed-in player's activity
 * in one tab keeps the others' inactivity clock (§4) from signing them all out.
 *
 * Messages go over a `BroadcastChannel`, or, where there is none, through a `localStorage` key
 * whose `storage` event the other tabs see.
 */

export type TabMessage =
  | { type: 'signed-out'; from: string }
  | { type: 'signed-in'; from: string; uid: number }
  | { type: 'activity'; from: string };

export const TAB_SYNC_CHANNEL = 'northstar:session';
/** The storage key of the fallback; written and removed at once, so nothing stays behind. */
export const TAB_SYNC_STORAGE_KEY = 'northstar:session-message';

/** A message from another tab, or null for anything else (another app's data, a broken value). */
export function parseTabMessage(data: unknown): TabMessage | null {
  if (typeof data === 'string') {
    try {
      return parseTabMessage(JSON.parse(data));
    } catch {
      return null;
    }
  }
  if (typeof data !== 'object' || data === null) return null;
  const { type, from, uid } = data as Record<string, unknown>;
  if (typeof from !== 'string' || from === '') return null;
  if (type === 'signed-out' || type === 'activity') return { type, from };
  if (type === 'signed-in' && typeof uid === 'number' && Number.isInteger(uid) && uid > 0) {
    return { type, from, uid };
  }
  return null;
}

export type TabSyncAction =
  /** Drop the player's data, become a visitor, go to the site index. */
  | 'sign-out'
  /** Ask the server who is on the site now. */
  | 'refresh-session'
  /** The player is active elsewhere: start this tab's inactivity clock again. */
  | 'reset-inactivity'
  | 'none';

/** What this tab does with a message, given its own session. */
export function tabSyncAction(message: TabMessage, session: Session, self: string): TabSyncAction {
  if (message.from === self) return 'none';
  switch (message.type) {
    case 'signed-out':
      // A tab still asking who is on the site finds out the same way, with a 401.
      return session.status === 'signed-in' ? 'sign-out' : 'none';
    case 'signed-in':
      return session.status === 'signed-in' && session.user.uid === message.uid
        ? 'none'
        : 'refresh-session';
    case 'activity':
      return session.status === 'signed-in' ? 'reset-inactivity' : 'none';
  }
}

/** What the browser offers; tests pass their own. */
export interface TabSyncEnvironment {
  BroadcastChannel?: typeof BroadcastChannel;
  storage?: Pick<Storage, 'setItem' | 'removeItem'>;
  addEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
  removeEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
}

function browserEnvironment(): TabSyncEnvironment {
  if (typeof window === 'undefined') return {};
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked (privacy settings): no fallback.
  }
  return {
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    storage,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  };
}

/** Tells the other tabs. Never throws: a tab that cannot tell the others still works alone. */
export function postTabMessage(
  message: TabMessage,
  env: TabSyncEnvironment = browserEnvironment(),
): void {
  try {
    if (env.BroadcastChannel) {
      const channel = new env.BroadcastChannel(TAB_SYNC_CHANNEL);
      channel.postMessage(message);
      channel.close();
      return;
    }
    // The value changes every time (a stamp), so the same message twice still fires the event.
    env.storage?.setItem(TAB_SYNC_STORAGE_KEY, JSON.stringify({ ...message, at: Math.random() }));
    env.storage?.removeItem(TAB_SYNC_STORAGE_KEY);
  } catch (error) {
    console.warn('[session] could not tell the other tabs', error);
  }
}

/** Listens to the other tabs; returns the function that stops listening. */
export function listenToTabs(
  onMessage: (message: TabMessage) => void,
  env: TabSyncEnvironment = browserEnvironment(),
): () => void {
  if (env.BroadcastChannel) {
    const channel = new env.BroadcastChannel(TAB_SYNC_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const message = parseTabMessage(event.data);
      if (message) onMessage(message);
    };
    return () => channel.close();
  }
  const onStorage = (event: StorageEvent) => {
    // The removal fires an event too, with no new value.
    if (event.key !== TAB_SYNC_STORAGE_KEY || !event.newValue) return;
    const message = parseTabMessage(event.newValue);
    if (message) onMessage(message);
  };
  env.addEventListener?.('storage', onStorage);
  return () => env.removeEventListener?.('storage', onStorage);
}

let tabId: string | undefined;

/** This tab's id, made the first time it is asked for (never at import: server rendering). */
export function currentTabId(): string {
  tabId ??=
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return tabId;
}
