// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { platformType } from '@northstar/shell-sdk/host';
import { openThroughHost } from '@northstar/shell-sdk/host-bridge';
import { hostMode, MINI_APP_KEY } from './host-mode.ts';
import { externalLinks, startHost } from './host-session.ts';
import { themeVariables } from './mini-app.ts';

type TestWindow = Window & {
  ReactNativeWebView?: unknown;
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
};
const testWindow = window as TestWindow;

afterEach(() => {
  document.documentElement.removeAttribute('data-platform');
  document.documentElement.removeAttribute('data-host');
  document.documentElement.removeAttribute('data-host-theme');
  document.documentElement.removeAttribute('style');
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  delete testWindow.ReactNativeWebView;
  delete testWindow.TelegramWebviewProxy;
  delete testWindow.Telegram;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the platform type and the host’s bridge (§1)', () => {
  it('reads the type the platform wrote on <html>; a browser tab is web', () => {
    expect(platformType()).toBe('web');
    document.documentElement.setAttribute('data-platform', 'webview');
    expect(platformType()).toBe('webview');
    document.documentElement.setAttribute('data-platform', 'pwa');
    expect(platformType()).toBe('pwa');
    document.documentElement.setAttribute('data-platform', 'something');
    expect(platformType()).toBe('web');
  });

  it('hands a URL to the web view’s bridge, and never outside a web view', () => {
    const sent: string[] = [];
    testWindow.ReactNativeWebView = { postMessage: (message: string) => sent.push(message) };
    expect(openThroughHost('https://pay.example/x', 'payment')).toBe(false);
    document.documentElement.setAttribute('data-platform', 'webview');
    expect(openThroughHost('https://pay.example/x', 'payment')).toBe(true);
    expect(sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'northstar:open', purpose: 'payment', url: 'https://pay.example/x' },
    ]);
    // A web view without a bridge: the caller opens it itself.
    delete testWindow.ReactNativeWebView;
    expect(openThroughHost('https://pay.example/x', 'payment')).toBe(false);
  });
});

describe('the host mode', () => {
  it('is the mini app from its launch parameters, remembered for the tab with the theme only', () => {
    expect(hostMode()).toBeNull();
    const theme = JSON.stringify({ bg_color: '#ffffff' });
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent('user=1&hash=abc')}&tgWebAppThemeParams=${encodeURIComponent(theme)}`,
    );
    expect(hostMode()).toBe('mini-app');
    expect(sessionStorage.getItem(MINI_APP_KEY)).toBe(theme);
    window.history.replaceState(null, '', '/gamehall');
    expect(hostMode()).toBe('mini-app');
  });

  it('is the web view when the platform says so', () => {
    document.documentElement.setAttribute('data-platform', 'webview');
    expect(hostMode()).toBe('webview');
  });
});

describe('links off the site', () => {
  function link(href: string, target?: string): HTMLAnchorElement {
    const anchor = document.createElement('a');
    anchor.href = href;
    if (target) anchor.target = target;
    anchor.textContent = 'link';
    document.body.append(anchor);
    return anchor;
  }

  it('go to the host; links on the site and modified clicks do not', () => {
    const opened: string[] = [];
    const stop = externalLinks((url) => {
      opened.push(url);
      return true;
    });
    const offSite = link('https://t.me/northstar');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    offSite.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    link('/gamehall').dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    offSite.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 1 }));
    link('mailto:help@northstar.test').dispatchEvent(
      new MouseEvent('click', { bubbles: true, button: 0 }),
    );
    expect(opened).toEqual(['https://t.me/northstar']);
    stop();
    offSite.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(opened).toHaveLength(1);
  });
});

describe('the mini app', () => {
  it('takes only the host’s colours as the page’s variables', () => {
    expect(
      themeVariables({
        bg_color: '#ffffff',
        text_color: '#000',
        link_color: 'red; background: url(x)',
        unknown_color: '#123456',
      }),
    ).toEqual({ '--host-bg': '#ffffff', '--host-text': '#000' });
    expect(themeVariables(null)).toEqual({});
  });

  it('speaks the host’s protocol: ready, the back button by page, its theme and its back press', () => {
    const events: [string, unknown][] = [];
    testWindow.TelegramWebviewProxy = {
      postEvent: (type: string, data: string) => events.push([type, JSON.parse(data)]),
    };
    const navigated: string[] = [];
    const session = startHost('mini-app', {
      navigate: (to) => navigated.push(to),
      home: () => '/',
    });
    expect(document.documentElement.getAttribute('data-host')).toBe('mini-app');
    expect(events.map(([type]) => type)).toEqual([
      'web_app_ready',
      'web_app_expand',
      'web_app_request_theme',
      'web_app_request_viewport',
    ]);
    session.pageChanged(true);
    session.pageChanged(false);
    session.pageChanged(false);
    expect(events.slice(4)).toEqual([
      ['web_app_setup_back_button', { is_visible: false }],
      ['web_app_setup_back_button', { is_visible: true }],
    ]);

    const receive = testWindow.Telegram!.WebView!.receiveEvent!;
    receive('theme_changed', { theme_params: { bg_color: '#102030' } });
    expect(document.documentElement.style.getPropertyValue('--host-bg')).toBe('#102030');
    expect(document.documentElement.hasAttribute('data-host-theme')).toBe(true);
    expect(document.body.style.background).toBe('var(--host-bg)');
    receive('viewport_changed', { height: 600, is_state_stable: false });
    expect(document.documentElement.style.getPropertyValue('--host-viewport-height')).toBe('');
    receive('viewport_changed', { height: 640, is_state_stable: true });
    expect(document.documentElement.style.getPropertyValue('--host-viewport-height')).toBe('640px');
    // The app's first page has nothing behind it: home.
    Object.defineProperty(window.history, 'length', { value: 1, configurable: true });
    receive('back_button_pressed');
    expect(navigated).toEqual(['/']);

    session.stop();
    expect(document.documentElement.hasAttribute('data-host')).toBe(false);
  });
});
