import { describe, expect, it } from 'vitest';
import {
  fullScreenButtonVisible,
  fullScreenMethod,
  readDisplayEnvironment,
  type DisplayEnvironment,
} from './full-screen.ts';

const browser: DisplayEnvironment = { miniApp: false, standalone: false };
const miniApp: DisplayEnvironment = { miniApp: true, standalone: false };
const installed: DisplayEnvironment = { miniApp: false, standalone: true };

describe('who sees the full-screen button (games config fullScreenVisibility)', () => {
  it('all: everyone; none: no one', () => {
    for (const environment of [browser, miniApp, installed]) {
      expect(fullScreenButtonVisible('all', environment)).toBe(true);
      expect(fullScreenButtonVisible('none', environment)).toBe(false);
    }
  });

  it('telegram: only inside the mini app; product: only in the installed web app', () => {
    expect(fullScreenButtonVisible('telegram', miniApp)).toBe(true);
    expect(fullScreenButtonVisible('telegram', browser)).toBe(false);
    expect(fullScreenButtonVisible('telegram', installed)).toBe(false);
    expect(fullScreenButtonVisible('product', installed)).toBe(true);
    expect(fullScreenButtonVisible('product', browser)).toBe(false);
    expect(fullScreenButtonVisible('product', miniApp)).toBe(false);
  });
});

describe('how full screen is done', () => {
  it('uses the Fullscreen API where it exists, our fixed frame where it does not (iOS Safari)', () => {
    expect(fullScreenMethod({ fullscreenEnabled: true })).toBe('api');
    expect(fullScreenMethod({ fullscreenEnabled: false })).toBe('fixed');
    expect(fullScreenMethod({})).toBe('fixed');
    expect(fullScreenMethod(undefined)).toBe('fixed');
  });
});

describe('reading the display environment', () => {
  const page = (overrides: Partial<Parameters<typeof readDisplayEnvironment>[0]> = {}) => ({
    location: { hash: '' },
    navigator: {},
    matchMedia: () => ({ matches: false }),
    ...overrides,
  });

  it('is a plain browser by default', () => {
    expect(readDisplayEnvironment(page())).toEqual(browser);
  });

  it('knows the mini app by its bridge, its script or its launch hash', () => {
    expect(readDisplayEnvironment(page({ TelegramWebviewProxy: {} })).miniApp).toBe(true);
    expect(
      readDisplayEnvironment(page({ Telegram: { WebApp: { initData: 'q=1' } } })).miniApp,
    ).toBe(true);
    // The script loaded in an ordinary browser has empty init data: not the mini app.
    expect(readDisplayEnvironment(page({ Telegram: { WebApp: { initData: '' } } })).miniApp).toBe(
      false,
    );
    expect(
      readDisplayEnvironment(page({ location: { hash: '#tgWebAppData=a&tgWebAppVersion=7' } }))
        .miniApp,
    ).toBe(true);
    expect(readDisplayEnvironment(page({ sessionStorage: { getItem: () => 'ios' } })).miniApp).toBe(
      true,
    );
  });

  it('knows the installed web app by display-mode standalone, or iOS navigator.standalone', () => {
    const standalone = page({
      matchMedia: (query: string) => ({ matches: query === '(display-mode: standalone)' }),
    });
    expect(readDisplayEnvironment(standalone).standalone).toBe(true);
    expect(readDisplayEnvironment(page({ navigator: { standalone: true } })).standalone).toBe(true);
  });

  it('survives blocked storage', () => {
    const blocked = page({
      sessionStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
    });
    expect(readDisplayEnvironment(blocked)).toEqual(browser);
  });
});
