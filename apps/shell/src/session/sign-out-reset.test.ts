import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { REGISTRATION_HINT_HIDDEN_KEY, sessionAtom, type SessionUser } from '@northstar/shell-sdk';
import { resetOnSignOut, watchSignOut } from './sign-out-reset.ts';

const user = { uid: 7 } as unknown as SessionUser;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('§4 the registration hint resets on sign-out', () => {
  it('a hint hidden by the player shows again after sign-out and sign-in', () => {
    const store = createStore();
    const storage = memoryStorage();
    watchSignOut(store, () => resetOnSignOut(() => storage));
    store.set(sessionAtom, { status: 'signed-in', user });
    // The player hides the hint on the deposit page (the cashier keeps the uid).
    storage.setItem(REGISTRATION_HINT_HIDDEN_KEY, '7');
    storage.setItem('other', 'kept');
    // A session asked again is no sign-out.
    store.set(sessionAtom, { status: 'unknown' });
    store.set(sessionAtom, { status: 'signed-in', user });
    expect(storage.getItem(REGISTRATION_HINT_HIDDEN_KEY)).toBe('7');

    store.set(sessionAtom, { status: 'anonymous' });
    expect(storage.getItem(REGISTRATION_HINT_HIDDEN_KEY)).toBeNull();
    expect(storage.getItem('other')).toBe('kept');
    store.set(sessionAtom, { status: 'signed-in', user });
    expect(storage.getItem(REGISTRATION_HINT_HIDDEN_KEY)).toBeNull();
  });

  it('a visitor becoming a player resets nothing; refused storage is no error', () => {
    const store = createStore();
    const storage = memoryStorage();
    storage.setItem(REGISTRATION_HINT_HIDDEN_KEY, '7');
    watchSignOut(store, () => resetOnSignOut(() => storage));
    store.set(sessionAtom, { status: 'anonymous' });
    store.set(sessionAtom, { status: 'signed-in', user });
    expect(storage.getItem(REGISTRATION_HINT_HIDDEN_KEY)).toBe('7');
    expect(() =>
      resetOnSignOut(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).not.toThrow();
  });
});
