// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@northstar/shell-sdk';
import {
  listenToTabs,
  parseTabMessage,
  postTabMessage,
  TAB_SYNC_STORAGE_KEY,
  tabSyncAction,
  type TabMessage,
  type TabSyncEnvironment,
} from './tab-sync.ts';

const PLAYER: Session = { status: 'signed-in', user: { uid: 7, login: 'demo', fakename: null } };
const VISITOR: Session = { status: 'anonymous' };
const UNKNOWN: Session = { status: 'unknown' };

describe('parseTabMessage', () => {
  it('reads the three messages, as objects or as the JSON the storage fallback carries', () => {
    expect(parseTabMessage({ type: 'signed-out', from: 'a' })).toEqual({
      type: 'signed-out',
      from: 'a',
    });
    expect(
      parseTabMessage(JSON.stringify({ type: 'signed-in', from: 'a', uid: 7, at: 0.5 })),
    ).toEqual({ type: 'signed-in', from: 'a', uid: 7 });
    expect(parseTabMessage({ type: 'activity', from: 'b' })).toEqual({
      type: 'activity',
      from: 'b',
    });
  });

  it('ignores anything else', () => {
    for (const data of [
      null,
      'not json',
      42,
      { type: 'signed-out' },
      { type: 'signed-out', from: '' },
      { type: 'signed-in', from: 'a' },
      { type: 'signed-in', from: 'a', uid: 0 },
      { type: 'signed-in', from: 'a', uid: '7' },
      { type: 'reload', from: 'a' },
    ]) {
      expect(parseTabMessage(data), JSON.stringify(data)).toBeNull();
    }
  });
});

describe('tabSyncAction', () => {
  const out: TabMessage = { type: 'signed-out', from: 'other' };
  const inAs7: TabMessage = { type: 'signed-in', from: 'other', uid: 7 };
  const inAs8: TabMessage = { type: 'signed-in', from: 'other', uid: 8 };
  const active: TabMessage = { type: 'activity', from: 'other' };

  it('a sign-out elsewhere signs a signed-in tab out; a visitor has nothing to do', () => {
    expect(tabSyncAction(out, PLAYER, 'me')).toBe('sign-out');
    expect(tabSyncAction(out, VISITOR, 'me')).toBe('none');
    expect(tabSyncAction(out, UNKNOWN, 'me')).toBe('none');
  });

  it('a sign-in elsewhere makes a visitor (or another player) ask again, not the same player', () => {
    expect(tabSyncAction(inAs7, VISITOR, 'me')).toBe('refresh-session');
    expect(tabSyncAction(inAs7, UNKNOWN, 'me')).toBe('refresh-session');
    expect(tabSyncAction(inAs8, PLAYER, 'me')).toBe('refresh-session');
    expect(tabSyncAction(inAs7, PLAYER, 'me')).toBe('none');
  });

  it("the player's activity elsewhere resets a signed-in tab's inactivity clock", () => {
    expect(tabSyncAction(active, PLAYER, 'me')).toBe('reset-inactivity');
    expect(tabSyncAction(active, VISITOR, 'me')).toBe('none');
  });

  it('a tab ignores its own messages', () => {
    for (const message of [out, inAs8, active]) {
      expect(tabSyncAction({ ...message, from: 'me' }, PLAYER, 'me')).toBe('none');
    }
  });
});

describe('the transport', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });

  it('a BroadcastChannel carries a message to a listening tab', async () => {
    const received = vi.fn();
    stops.push(listenToTabs(received, { BroadcastChannel }));
    postTabMessage({ type: 'signed-out', from: 'a' }, { BroadcastChannel });
    await vi.waitFor(() =>
      expect(received).toHaveBeenCalledWith({ type: 'signed-out', from: 'a' }),
    );
  });

  it('without BroadcastChannel, the storage event carries it and the key is removed at once', () => {
    const writes: [string, string | null][] = [];
    const store = new Map<string, string>();
    const sender: TabSyncEnvironment = {
      storage: {
        setItem: (key, value) => {
          store.set(key, value);
          writes.push([key, value]);
        },
        removeItem: (key) => {
          store.delete(key);
          writes.push([key, null]);
        },
      },
    };
    postTabMessage({ type: 'signed-in', from: 'a', uid: 7 }, sender);
    expect(store.size).toBe(0);
    expect(writes.map(([key, value]) => [key, value === null])).toEqual([
      [TAB_SYNC_STORAGE_KEY, false],
      [TAB_SYNC_STORAGE_KEY, true],
    ]);

    // Another tab sees both writes as storage events.
    const received = vi.fn();
    stops.push(
      listenToTabs(received, {
        addEventListener: (type, listener) => window.addEventListener(type, listener),
        removeEventListener: (type, listener) => window.removeEventListener(type, listener),
      }),
    );
    for (const [key, newValue] of writes) {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
    }
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: writes[0]![1] }));
    expect(received).toHaveBeenCalledExactlyOnceWith({ type: 'signed-in', from: 'a', uid: 7 });
  });

  it('a tab that cannot post (storage full or blocked) carries on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: TabSyncEnvironment = {
      storage: {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      },
    };
    expect(() => postTabMessage({ type: 'signed-out', from: 'a' }, broken)).not.toThrow();
    warn.mockRestore();
  });
});
