// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { sessionAtom, ShellNavigationContext, type Session } from '@northstar/shell-sdk';
import { ThemeProvider } from '@northstar/ui';
import type { StoredConversation, StoredMessage } from './conversation.ts';
import { ChatDialog } from './chat-dialog.tsx';

vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  useLingui: () => ({ t: (d: { message: string }) => d.message }),
}));

/** The platform, played by the test: each `/api` method's answer, and every call made. */
const api = vi.hoisted(() => ({
  answers: {} as Record<string, (params: Record<string, unknown>) => unknown>,
  calls: [] as [string, Record<string, unknown>][],
}));
vi.mock('../../session/shell-api.ts', () => ({
  shellApi: {
    send: (ref: { module: string; method: string }, params: Record<string, unknown> = {}) => {
      const name = `${ref.module}/${ref.method}`;
      api.calls.push([name, params]);
      const answer = api.answers[name];
      return answer
        ? Promise.resolve().then(() => answer(params))
        : Promise.reject(new Error(`no answer for ${name}`));
    },
  },
}));

/** The stream: the test sends its events. */
class FakeSource {
  static current: FakeSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.current = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown, id = '') {
    const event = { data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

const PLAYER: Session = {
  status: 'signed-in',
  user: { uid: 7, login: 'ana@example.com', fakename: 'Ana' },
};

function stored(overrides: Partial<StoredMessage>): StoredMessage {
  return {
    id: 1,
    seq: 1,
    conversation_id: 9,
    from: 'player',
    author: null,
    text: 'Hello',
    attachment: null,
    client_id: null,
    sent_at: '2026-11-29T15:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

const CONVERSATION: StoredConversation = {
  id: 9,
  status: 'assigned',
  agent: 'Marta',
  opened_at: '2026-11-29T14:59:00.000Z',
  closed_at: null,
  stream_seq: 4,
  messages: [
    stored({ id: 1, seq: 1, text: 'My deposit is missing' }),
    stored({ id: 2, seq: 4, from: 'agent', author: 'Marta', text: 'Let me check' }),
  ],
};

function setup(session: Session) {
  if (i18n.locale !== 'en-US') i18n.loadAndActivate({ locale: 'en-US', messages: {} });
  const store = createStore();
  store.set(sessionAtom, session);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <ShellNavigationContext.Provider
            value={{ locale: 'en-US', pathname: '/', search: '', hash: '', navigate: () => {} }}
          >
            <ThemeProvider>
              <button type="button">Live chat</button>
              <ChatDialog onClose={onClose} />
            </ThemeProvider>
          </ShellNavigationContext.Provider>
        </I18nProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { user, onClose };
}

const calls = (name: string) => api.calls.filter(([called]) => called === name).map(([, p]) => p);

beforeEach(() => {
  api.calls = [];
  api.answers = {
    'chat/getstatus': () => ({ online: true, hours: null }),
    'chat/getconversation': () => CONVERSATION,
    'chat/read': () => 1,
    'chat/typing': () => 1,
    'chat/leavemessage': () => 1,
  };
  FakeSource.current = null;
  vi.stubGlobal('EventSource', FakeSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the built-in chat, a player', () => {
  it('shows the conversation live: its history, the agent, typing, read marks', async () => {
    setup(PLAYER);
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    const log = await within(dialog).findByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(within(log).getByText('My deposit is missing')).toBeTruthy();
    expect(within(log).getByText('Let me check')).toBeTruthy();
    expect(within(dialog).getByText('You are chatting with Marta')).toBeTruthy();
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(message));
    // The stream starts where the read ended; the agent's message on screen is marked read.
    expect(FakeSource.current!.url).toBe('/platform/chat/stream?after=4');
    await waitFor(() => expect(calls('chat/read')).toEqual([{ up_to_seq: 4 }]));

    FakeSource.current!.emit('typing', { conversation_id: 9, from: 'agent', typing: true });
    expect(within(dialog).getByText('Agent is typing…')).toBeTruthy();
    FakeSource.current!.emit(
      'message',
      stored({
        id: 3,
        seq: 5,
        from: 'agent',
        author: 'Marta',
        text: 'Found it: it arrives today.',
      }),
      '5',
    );
    expect(within(log).getByText('Found it: it arrives today.')).toBeTruthy();
    expect(within(dialog).queryByText('Agent is typing…')).toBeNull();
    await waitFor(() => expect(calls('chat/read')).toEqual([{ up_to_seq: 4 }, { up_to_seq: 5 }]));
    // The agent has read the player's first message.
    expect(within(log).getAllByText('Sent')).toHaveLength(1);
    FakeSource.current!.emit('read', {
      conversation_id: 9,
      by: 'agent',
      up_to_seq: 1,
      read_at: 'x',
    });
    expect(within(log).getByText('Read')).toBeTruthy();
  });

  it('sends with Enter: shown at once, stored once; a failed one is sent again as it was', async () => {
    let fail = true;
    api.answers['chat/send'] = (params) => {
      if (fail) throw new Error('offline');
      return stored({
        id: 10,
        seq: 6,
        text: String(params.text),
        client_id: String(params.client_id),
      });
    };
    const { user } = setup(PLAYER);
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    const message = await within(dialog).findByRole('textbox', { name: 'Message' });
    await user.type(message, 'Thanks!{Enter}');
    expect((message as HTMLTextAreaElement).value).toBe('');
    const log = within(dialog).getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Thanks!')).toBeTruthy();
    await within(log).findByText('Not sent');
    const [first] = calls('chat/send');
    expect(first!.text).toBe('Thanks!');
    expect(first!.client_id).toMatch(/^[0-9a-f-]{36}$/);

    fail = false;
    await user.click(within(log).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(log).queryByText('Not sent')).toBeNull());
    expect(calls('chat/send').map((p) => p.client_id)).toEqual([
      first!.client_id,
      first!.client_id,
    ]);
    // The stream's echo of the same message does not show it twice.
    FakeSource.current!.emit(
      'message',
      stored({ id: 10, seq: 6, text: 'Thanks!', client_id: String(first!.client_id) }),
      '6',
    );
    expect(within(log).getAllByText('Thanks!')).toHaveLength(1);
    // Typing was told while the player typed.
    expect(calls('chat/typing')[0]).toEqual({ typing: true });
  });

  it('sends a file: uploaded first, then the message carries it (a file alone goes under its name)', async () => {
    const uploaded = {
      id: 31,
      name: 'receipt.pdf',
      content_type: 'application/pdf',
      size: 2048,
      url: '/platform/chat/attachments/31',
    };
    const upload = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ data: uploaded }), { status: 200 })),
    );
    vi.stubGlobal('fetch', upload);
    api.answers['chat/send'] = (params) =>
      stored({
        id: 11,
        seq: 7,
        text: String(params.text),
        client_id: String(params.client_id),
        attachment: {
          name: uploaded.name,
          content_type: uploaded.content_type,
          size: uploaded.size,
          url: uploaded.url,
        },
      });
    const { user } = setup(PLAYER);
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    await within(dialog).findByRole('textbox', { name: 'Message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('receipt.pdf')).toBeTruthy();
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    expect(upload).toHaveBeenCalledOnce();
    await user.click(send);
    await waitFor(() =>
      expect(calls('chat/send')).toEqual([
        expect.objectContaining({ text: 'receipt.pdf', attachment_id: 31 }),
      ]),
    );
    const log = within(dialog).getByRole('log', { name: 'Messages' });
    const link = await within(log).findByRole('link', { name: /receipt\.pdf/ });
    expect(link.getAttribute('href')).toBe('/platform/chat/attachments/31');
  });

  it('while no agent is there and nothing is open, offers to leave a message (§5 rules)', async () => {
    api.answers['chat/getstatus'] = () => ({ online: false, hours: 'every day 8:00–24:00' });
    api.answers['chat/getconversation'] = () => null;
    const { user } = setup(PLAYER);
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    await within(dialog).findByText('We are offline right now');
    expect(within(dialog).queryByRole('textbox', { name: 'Message' })).toBeNull();
    // A player is answered at their account's e-mail: none asked.
    expect(within(dialog).queryByLabelText('E-mail')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Leave a message' }));
    expect(within(dialog).getByText('Write your message first')).toBeTruthy();
    expect(calls('chat/leavemessage')).toEqual([]);
    await user.type(within(dialog).getByLabelText('How can we help?'), 'Call me back, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave a message' }));
    await within(dialog).findByText('Thank you, we have your message');
    expect(calls('chat/leavemessage')).toEqual([{ text: 'Call me back, please.' }]);
  });
});

describe('the built-in chat, a visitor', () => {
  it('asks to sign in, or to leave a message with an e-mail; Esc closes', async () => {
    const { user, onClose } = setup({ status: 'anonymous' });
    const dialog = screen.getByRole('dialog', { name: 'Live support' });
    const signIn = await within(dialog).findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(signIn));
    // A visitor's browser asks nothing of a player's conversation.
    expect(calls('chat/getconversation')).toEqual([]);
    await user.click(
      within(dialog).getByRole('button', { name: 'Leave a message without signing in' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave a message' }));
    expect(within(dialog).getByText('Insert email address')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('E-mail'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('How can we help?'), 'How do I verify?');
    await user.click(within(dialog).getByRole('button', { name: 'Leave a message' }));
    await within(dialog).findByText('Thank you, we have your message');
    expect(calls('chat/leavemessage')).toEqual([
      { text: 'How do I verify?', email: 'ana@example.com' },
    ]);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
