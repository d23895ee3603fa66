import { describe, expect, it } from 'vitest';
import {
  authDialogSearch,
  authFlag,
  readStoredRegistration,
  withoutParams,
  writeStoredRegistration,
} from './query-flags.ts';

describe('auth popup flags (§2)', () => {
  it('show_popup_auth opens authorization, show_popup_reg registration (reg wins)', () => {
    expect(authFlag('?show_popup_auth=1', null)).toEqual({
      id: 'authorization',
      preventClose: false,
      fromUrl: true,
    });
    expect(authFlag('?show_popup_reg=1', null)?.id).toBe('registration');
    expect(authFlag('?show_popup_auth=1&show_popup_reg=1', null)?.id).toBe('registration');
    expect(authFlag('?page=2', null)).toBeNull();
  });

  it('prevent_close=1 makes it not closable', () => {
    expect(authFlag('?show_popup_reg=1&prevent_close=1', null)?.preventClose).toBe(true);
    expect(authFlag('?show_popup_reg=1&prevent_close=0', null)?.preventClose).toBe(false);
  });

  it('without flags in the URL, a saved registration popup opens again', () => {
    const stored = readStoredRegistration(writeStoredRegistration({ preventClose: true }));
    expect(authFlag('', stored)).toEqual({
      id: 'registration',
      preventClose: true,
      fromUrl: false,
    });
    // The URL's own flag wins over what was saved.
    expect(authFlag('?show_popup_auth=1', stored)?.id).toBe('authorization');
    expect(readStoredRegistration('1')).toEqual({ preventClose: false });
    expect(readStoredRegistration(null)).toBeNull();
  });

  it('a visitor a guard sent to the index with redirectUrl gets the sign-in popup (§2)', () => {
    const search = `?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=5')}`;
    expect(authFlag(search, null, { visitor: true })).toEqual({
      id: 'authorization',
      preventClose: false,
      fromUrl: true,
      redirect: true,
    });
    // Not for a player (the shell sends them on), nor while the session is unknown.
    expect(authFlag(search, null)).toBeNull();
    // Same-origin targets only: a foreign or protocol-relative one is no pending return.
    for (const target of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(
        authFlag(`?redirectUrl=${encodeURIComponent(target)}`, null, { visitor: true }),
      ).toBeNull();
    }
    // An explicit flag still chooses the view.
    expect(authFlag(`${search}&show_popup_reg=1`, null, { visitor: true })?.id).toBe(
      'registration',
    );
  });

  it('closing removes the flags and keeps the rest of the query', () => {
    expect(
      withoutParams('?a=1&show_popup_reg=1&prevent_close=1&b=2', [
        'show_popup_reg',
        'show_popup_auth',
        'prevent_close',
      ]),
    ).toBe('?a=1&b=2');
    expect(withoutParams('?show_popup_auth=1', ['show_popup_auth'])).toBe('');
  });

  it('authDialogSearch swaps one popup flag for the other', () => {
    expect(authDialogSearch('?q=x&show_popup_reg=1', 'auth')).toBe('?q=x&show_popup_auth=1');
  });
});
