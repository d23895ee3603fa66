// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { crisp } from './crisp.ts';
import { freshchat } from './freshchat.ts';
import { intercom } from './intercom.ts';
import { jivo } from './jivo.ts';
import { liveChat } from './livechat.ts';
import { northstar } from './northstar.ts';
import { tawk } from './tawk.ts';
import { zendesk } from './zendesk.ts';
import {
  BADGE_POLL_MS,
  forgetLoadedScripts,
  loadScript,
  messageText,
  pollUntil,
} from './script.ts';
import type { ChatContext, ChatPlayer } from './types.ts';
import type { ChatProviderConfig } from '../chat-settings.ts';
import { northstarChat } from '../northstar/chat-store.ts';

// The widget's texts are compiled by the app's build; here they render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  useLingui: () => ({ t: (d: { message: string }) => d.message }),
}));

/**
 * The providers' scripts cannot be reached from a test (nor should they be): the page's
 * `<script>` tags are caught as they are added and answer `load` (or `error`), and each test plays
 * the provider's global API with a fake, the provider's boundary.
 */
let scripts: HTMLScriptElement[] = [];
let failScripts = false;
const GLOBALS = [
  '__lc',
  'LiveChatWidget',
  'Intercom',
  'zE',
  'Tawk_API',
  'Tawk_LoadStart',
  '$crisp',
  'CRISP_WEBSITE_ID',
  'CRISP_RUNTIME_CONFIG',
  'jivo_api',
  'jivo_onLoadCallback',
  'fcWidget',
];
// The providers' globals, written as their scripts would.
const win = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(() => {
  scripts = [];
  failScripts = false;
  forgetLoadedScripts();
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    scripts.push(script);
    void Promise.resolve().then(() =>
      script.dispatchEvent(new Event(failScripts ? 'error' : 'load')),
    );
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const name of GLOBALS) delete win[name];
  document.body.innerHTML = '';
  northstarChat.reset();
});

const PLAYER: ChatPlayer = { id: '42', name: 'Ana Lima', email: 'ana@example.com' };

function context(config: ChatProviderConfig) {
  const record = vi.fn();
  const value: ChatContext = { config, locale: 'es-ES', record };
  return { context: value, record };
}

const sources = () => scripts.map((script) => script.src);

describe('loading a provider’s script', () => {
  it('adds its tag once, however often it is asked for', async () => {
    await Promise.all([
      loadScript('https://cdn.example/chat.js'),
      loadScript('https://cdn.example/chat.js'),
    ]);
    await loadScript('https://cdn.example/chat.js');
    expect(sources()).toEqual(['https://cdn.example/chat.js']);
  });

  it('rejects when the script does not load, and a later start tries again', async () => {
    failScripts = true;
    await expect(loadScript('https://cdn.example/chat.js')).rejects.toThrow(/did not load/);
    failScripts = false;
    await loadScript('https://cdn.example/chat.js');
    expect(sources()).toHaveLength(2);
  });

  it('§9 polls every 100 to 500 ms, whatever it is asked', () => {
    vi.useFakeTimers();
    const fast = vi.fn(() => false);
    const slow = vi.fn(() => false);
    const stopFast = pollUntil(fast, 10);
    const stopSlow = pollUntil(slow, 5000);
    expect(fast).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fast).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fast).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(400);
    expect(slow).toHaveBeenCalledTimes(2);
    expect(fast).toHaveBeenCalledTimes(6);
    stopFast();
    stopSlow();
    expect(BADGE_POLL_MS).toBeGreaterThanOrEqual(100);
    expect(BADGE_POLL_MS).toBeLessThanOrEqual(500);
  });

  it('stops polling once found, or after its time', () => {
    vi.useFakeTimers();
    let found = false;
    const check = vi.fn(() => found);
    pollUntil(check, 250, 1000);
    vi.advanceTimersByTime(250);
    found = true;
    vi.advanceTimersByTime(250);
    vi.advanceTimersByTime(2000);
    expect(check).toHaveBeenCalledTimes(3);
    const never = vi.fn(() => false);
    pollUntil(never, 250, 1000);
    vi.advanceTimersByTime(5000);
    expect(never).toHaveBeenCalledTimes(5);
  });

  it('reads a message’s text whatever the provider wraps it in', () => {
    expect(messageText(' hi ')).toBe('hi');
    expect(
      messageText({ data: { message: { message_parts: [{ text: { content: 'Hi' } }] } } }),
    ).toBe('Hi');
    expect(messageText({ content: '' })).toBeNull();
    expect(messageText(7)).toBeNull();
  });
});

describe('LiveChat', () => {
  it('needs its licence', () => {
    expect(liveChat(context({ lang: 'es' }).context)).toBeNull();
  });

  it('loads its tracking code once and names the player through the widget API', async () => {
    const adapter = liveChat(context({ license: '12345' }).context)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://cdn.livechatinc.com/tracking.js']);
    expect(win.__lc).toMatchObject({ license: 12345, asyncInit: true });
    const queued = win.LiveChatWidget._q as unknown[][];
    expect(queued).toContainEqual(['call', ['set_customer_name', 'Ana Lima']]);
    expect(queued).toContainEqual(['call', ['set_customer_email', 'ana@example.com']]);
    expect(queued).toContainEqual(['call', ['set_session_variables', { player_id: '42' }]]);
    expect(queued).toContainEqual(['call', ['minimize']]);
  });

  it('hides its badge, forgets the player on sign-out and records the chat’s messages', async () => {
    const { context: ctx, record } = context({ license: '12345' });
    const adapter = liveChat(ctx)!;
    await adapter.start(PLAYER);
    const listener = (win.LiveChatWidget._q as unknown[][]).find(
      (entry) => entry[0] === 'on' && (entry[1] as unknown[])[0] === 'new_event',
    )![1] as [string, (event: unknown) => void];
    // The script has loaded: calls go to its handler.
    const handler = vi.fn((kind: string, args: unknown[]) =>
      kind === 'get' && args[0] === 'chat_data' ? { chatId: 'C1' } : undefined,
    );
    win.LiveChatWidget._h = handler;
    adapter.setBadgeVisible(false);
    expect(handler).toHaveBeenLastCalledWith('call', ['hide']);
    adapter.setBadgeVisible(true);
    expect(handler).toHaveBeenLastCalledWith('call', ['minimize']);
    adapter.setPlayer(null);
    expect(handler).toHaveBeenCalledWith('call', ['set_customer_name', '']);
    expect(handler).toHaveBeenCalledWith('call', ['set_customer_email', '']);
    listener[1]({ type: 'message', text: 'Where is my withdrawal?', author: { type: 'customer' } });
    listener[1]({ type: 'message', text: 'Let me check.', author: { type: 'agent' } });
    listener[1]({ type: 'file', author: { type: 'agent' } });
    expect(record.mock.calls).toEqual([
      [{ conversationId: 'C1', text: 'Where is my withdrawal?', event: 'sent' }],
      [{ conversationId: 'C1', text: 'Let me check.', event: 'received' }],
    ]);
  });
});

describe('Intercom', () => {
  it('needs its app id', () => {
    expect(intercom(context({ lang: 'es' }).context)).toBeNull();
  });

  it('boots the Messenger with the player, in the page’s language', async () => {
    const adapter = intercom(context({ id: 'abc123' }).context)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://widget.intercom.io/widget/abc123']);
    expect(win.Intercom.q).toEqual([
      [
        'boot',
        {
          app_id: 'abc123',
          language_override: 'es',
          hide_default_launcher: false,
          user_id: '42',
          name: 'Ana Lima',
          email: 'ana@example.com',
        },
      ],
    ]);
  });

  it('§4 clears the conversations on sign-out (shutdown), then runs on for the visitor', async () => {
    const adapter = intercom(context({ id: 'abc123' }).context)!;
    await adapter.start(PLAYER);
    win.Intercom.q.length = 0;
    adapter.setPlayer(null);
    expect(win.Intercom.q).toEqual([
      ['shutdown'],
      ['boot', { app_id: 'abc123', language_override: 'es', hide_default_launcher: false }],
    ]);
  });

  it('updates a visitor who signs in, without clearing anything', async () => {
    const adapter = intercom(context({ id: 'abc123' }).context)!;
    await adapter.start(null);
    win.Intercom.q.length = 0;
    adapter.setPlayer(PLAYER);
    expect(win.Intercom.q).toEqual([
      ['update', expect.objectContaining({ user_id: '42', email: 'ana@example.com' })],
    ]);
  });

  it('hides the launcher (and an open Messenger) on the pages without a badge, and opens', async () => {
    const adapter = intercom(context({ id: 'abc123' }).context)!;
    await adapter.start(null);
    win.Intercom.q.length = 0;
    adapter.setBadgeVisible(false);
    adapter.open();
    expect(win.Intercom.q).toEqual([
      ['update', { hide_default_launcher: true }],
      ['hide'],
      ['show'],
    ]);
  });
});

describe('Zendesk', () => {
  it('needs its key', () => {
    expect(zendesk(context({}).context)).toBeNull();
  });

  it('loads the snippet under the id Zendesk asks for, then talks to zE once it exists', async () => {
    vi.useFakeTimers();
    const adapter = zendesk(context({ id: 'key-1' }).context)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://static.zdassets.com/ekr/snippet.js?key=key-1']);
    expect(scripts[0]!.id).toBe('ze-snippet');
    // Not there yet: the calls wait, and only the last badge state counts.
    adapter.setBadgeVisible(false);
    const zE = vi.fn();
    win.zE = zE;
    vi.advanceTimersByTime(BADGE_POLL_MS);
    expect(zE).toHaveBeenCalledWith('webWidget', 'setLocale', 'es');
    expect(zE).toHaveBeenCalledWith('webWidget', 'identify', {
      name: 'Ana Lima',
      email: 'ana@example.com',
    });
    expect(zE).toHaveBeenCalledWith('webWidget', 'prefill', {
      name: { value: 'Ana Lima' },
      email: { value: 'ana@example.com' },
    });
    expect(zE).toHaveBeenCalledWith('webWidget', 'hide');
    expect(zE).not.toHaveBeenCalledWith('webWidget', 'show');
    adapter.open();
    expect(zE).toHaveBeenLastCalledWith('webWidget', 'open');
  });
});

describe('Tawk.to', () => {
  it('needs its property', () => {
    expect(tawk(context({ widget_id: 'w' }).context)).toBeNull();
  });

  it('names the visitor before load, records the chat’s messages, ends the chat on sign-out', async () => {
    vi.useFakeTimers();
    const { context: ctx, record } = context({ id: 'p1' });
    const adapter = tawk(ctx)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://embed.tawk.to/p1/default']);
    const api = win.Tawk_API;
    expect(api.visitor).toEqual({ name: 'Ana Lima', email: 'ana@example.com' });
    api.onChatStarted({ chatId: 'chat-9' });
    api.onChatMessageVisitor('Hello');
    api.onChatMessageAgent('Hi Ana, how can I help?');
    expect(record.mock.calls).toEqual([
      [{ conversationId: 'chat-9', text: 'Hello', event: 'sent' }],
      [{ conversationId: 'chat-9', text: 'Hi Ana, how can I help?', event: 'received' }],
    ]);
    // Loaded: the widget's methods appear.
    Object.assign(api, { hideWidget: vi.fn(), showWidget: vi.fn(), endChat: vi.fn() });
    adapter.setBadgeVisible(false);
    vi.advanceTimersByTime(BADGE_POLL_MS);
    expect(api.hideWidget).toHaveBeenCalled();
    adapter.setPlayer(null);
    vi.advanceTimersByTime(BADGE_POLL_MS);
    expect(api.endChat).toHaveBeenCalledOnce();
  });
});

describe('Crisp', () => {
  it('needs its website id', () => {
    expect(crisp(context({}).context)).toBeNull();
  });

  it('queues the player and the badge before its loader runs', async () => {
    const adapter = crisp(context({ id: 'site-1', lang: 'pt-BR' }).context)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://client.crisp.chat/l.js']);
    expect(win.CRISP_WEBSITE_ID).toBe('site-1');
    expect(win.CRISP_RUNTIME_CONFIG).toEqual({ locale: 'pt' });
    expect(win.$crisp).toContainEqual(['set', 'user:email', ['ana@example.com']]);
    expect(win.$crisp).toContainEqual(['set', 'user:nickname', ['Ana Lima']]);
    expect(win.$crisp).toContainEqual(['set', 'session:data', [[['player_id', '42']]]]);
    expect(win.$crisp).toContainEqual(['do', 'chat:show']);
    adapter.setBadgeVisible(false);
    adapter.open();
    expect(win.$crisp.slice(-2)).toEqual([
      ['do', 'chat:hide'],
      ['do', 'chat:open'],
    ]);
  });

  it('records its text messages in the session Crisp names', async () => {
    const { context: ctx, record } = context({ id: 'site-1' });
    await crisp(ctx)!.start(PLAYER);
    win.$crisp.get = (name: string) => (name === 'session:identifier' ? 'session_77' : null);
    const on = (name: string) =>
      (win.$crisp as unknown[][]).find((entry) => entry[0] === 'on' && entry[1] === name)![2] as (
        message: unknown,
      ) => void;
    on('message:sent')({ type: 'text', content: 'My bonus is missing' });
    on('message:received')({ type: 'text', content: 'Looking into it' });
    on('message:received')({ type: 'file', content: { url: 'x' } });
    expect(record.mock.calls).toEqual([
      [{ conversationId: 'session_77', text: 'My bonus is missing', event: 'sent' }],
      [{ conversationId: 'session_77', text: 'Looking into it', event: 'received' }],
    ]);
  });

  it('rejects when its loader does not load (the slot logs it)', async () => {
    failScripts = true;
    await expect(crisp(context({ id: 'site-1' }).context)!.start(null)).rejects.toThrow();
  });
});

describe('Jivo', () => {
  it('needs its widget', () => {
    expect(jivo(context({ license: 'x' }).context)).toBeNull();
  });

  it('names the player once jivo_api exists and finds its badge in the page to hide it', async () => {
    vi.useFakeTimers();
    const adapter = jivo(context({ widget_id: 'w1' }).context)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://code.jivosite.com/widget/w1']);
    win.jivo_api = {
      setContactInfo: vi.fn(),
      setUserToken: vi.fn(),
      close: vi.fn(),
      open: vi.fn(),
    };
    vi.advanceTimersByTime(BADGE_POLL_MS);
    expect(win.jivo_api.setContactInfo).toHaveBeenCalledWith({
      name: 'Ana Lima',
      email: 'ana@example.com',
    });
    expect(win.jivo_api.setUserToken).toHaveBeenCalledWith('42');

    adapter.setBadgeVisible(false);
    const badge = document.createElement('jdiv');
    document.body.append(badge);
    expect(badge.style.display).toBe('');
    vi.advanceTimersByTime(BADGE_POLL_MS);
    expect(badge.style.display).toBe('none');
    adapter.setBadgeVisible(true);
    expect(badge.style.display).toBe('');
  });
});

describe('Freshchat', () => {
  function fakeWidget() {
    const handlers: Record<string, (payload: unknown) => void> = {};
    const widget = {
      init: vi.fn(),
      isLoaded: () => true,
      isInitialized: () => false,
      on: vi.fn((event: string, callback: (payload: unknown) => void) => {
        handlers[event] = callback;
      }),
      setExternalId: vi.fn(),
      user: { setFirstName: vi.fn(), setEmail: vi.fn() },
      show: vi.fn(),
      hide: vi.fn(),
      open: vi.fn(),
    };
    win.fcWidget = widget;
    return { widget, handlers };
  }

  it('needs its token', () => {
    expect(freshchat(context({}).context)).toBeNull();
  });

  it('starts with the token, its host and the player, and records the messages', async () => {
    const { widget, handlers } = fakeWidget();
    const { context: ctx, record } = context({
      license: 'tok',
      src: 'https://wchat.eu.freshchat.com/js/widget.js',
    });
    const adapter = freshchat(ctx)!;
    await adapter.start(PLAYER);
    expect(sources()).toEqual(['https://wchat.eu.freshchat.com/js/widget.js']);
    expect(widget.init).toHaveBeenCalledWith({
      token: 'tok',
      host: 'https://wchat.eu.freshchat.com',
      locale: 'es',
      externalId: '42',
      firstName: 'Ana Lima',
      email: 'ana@example.com',
    });
    expect(widget.show).toHaveBeenCalled();
    handlers['message:received']!({
      data: { message: { conversation_id: 'cv1', message_parts: [{ text: { content: 'Hi!' } }] } },
    });
    expect(record).toHaveBeenCalledWith({ conversationId: 'cv1', text: 'Hi!', event: 'received' });
    adapter.setPlayer(null);
    expect(widget.setExternalId).toHaveBeenLastCalledWith(null);
    expect(widget.user.setEmail).toHaveBeenLastCalledWith('');
    adapter.setBadgeVisible(false);
    expect(widget.hide).toHaveBeenCalled();
  });

  it('fails softly when its script defines no widget', async () => {
    await expect(freshchat(context({ license: 'tok' }).context)!.start(null)).rejects.toThrow(
      /fcWidget/,
    );
  });
});

describe('ours (northstar)', () => {
  it('loads nothing and hands the widget what the slot says', async () => {
    const adapter = northstar(context({ id: 'northstar' }).context)!;
    await adapter.start(PLAYER);
    expect(scripts).toEqual([]);
    expect(adapter.Widget).toBeTypeOf('function');
    expect(northstarChat.get()).toMatchObject({ player: PLAYER, badgeVisible: false, open: false });
    adapter.setBadgeVisible(true);
    adapter.open();
    adapter.setPlayer(null);
    expect(northstarChat.get()).toEqual({ player: null, badgeVisible: true, open: true });
  });
});
