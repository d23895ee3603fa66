import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeChat, CHAT_PROVIDERS } from './chat-settings.ts';

afterEach(() => vi.restoreAllMocks());

describe('§3 support settings: which chat starts', () => {
  it('knows the seven script-loaded providers of §9 and ours', () => {
    expect(CHAT_PROVIDERS.filter((name) => name !== 'northstar')).toHaveLength(7);
  });

  it('starts the named provider with the strings of its config', () => {
    expect(
      activeChat({
        chat: 'crisp',
        config: {
          crisp: { id: 'website-1', lang: 'es', src: '', extra: 5 },
          intercom: { id: 'other' },
        },
      }),
    ).toEqual({ provider: 'crisp', config: { id: 'website-1', lang: 'es' } });
  });

  it('reads the name without regard to case, spaces or a ".to"', () => {
    expect(activeChat({ chat: ' Tawk.to ', config: { tawk: { id: 'p1' } } })?.provider).toBe(
      'tawk',
    );
    expect(activeChat({ chat: 'LiveChat', config: { LiveChat: { license: '123' } } })).toEqual({
      provider: 'livechat',
      config: { license: '123' },
    });
  });

  it('§9 skips the chat when its config is empty or missing, or no provider is named', () => {
    expect(activeChat({ chat: 'intercom', config: {} })).toBeNull();
    expect(activeChat({ chat: 'intercom', config: { intercom: {} } })).toBeNull();
    expect(activeChat({ chat: 'intercom', config: { intercom: { id: '  ' } } })).toBeNull();
    expect(activeChat({ chat: null, config: { intercom: { id: 'a' } } })).toBeNull();
    expect(activeChat({ chat: '', config: {} })).toBeNull();
    expect(activeChat(undefined)).toBeNull();
  });

  it('skips a provider it has no adapter for, saying so in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(activeChat({ chat: 'olark', config: { olark: { id: 'x' } } })).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});
