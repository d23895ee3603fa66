import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  EMPTY_CHAT,
  isOpen,
  newClientId,
  readByAgent,
  unreadAgentSeq,
  type ChatAction,
  type ChatState,
  type StoredConversation,
  type StoredMessage,
} from './conversation.ts';

const CLIENT_A = '5b1d2c8e-1f3a-4c5d-9e6f-7a8b9c0d1e2f';

function message(overrides: Partial<StoredMessage>): StoredMessage {
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

const conversation: StoredConversation = {
  id: 9,
  status: 'assigned',
  agent: 'Marta',
  opened_at: '2026-11-29T14:59:00.000Z',
  closed_at: null,
  stream_seq: 3,
  messages: [
    message({
      id: 1,
      seq: 1,
      client_id: CLIENT_A,
      text: 'My deposit is missing',
      read_at: '2026-11-29T15:01:00.000Z',
    }),
    message({ id: 2, seq: 3, from: 'agent', author: 'Marta', text: 'Let me check' }),
  ],
};

const run = (actions: ChatAction[], from: ChatState = EMPTY_CHAT) =>
  actions.reduce(chatReducer, from);

describe('the built-in chat’s conversation', () => {
  it('shows the history it read, in stream order, with the agent’s read marks', () => {
    const state = run([{ type: 'loaded', conversation }]);
    expect(state.loaded).toBe(true);
    expect(state.conversation).toEqual({
      id: 9,
      status: 'assigned',
      agent: 'Marta',
      opened_at: '2026-11-29T14:59:00.000Z',
      closed_at: null,
    });
    expect(state.messages.map((m) => m.text)).toEqual(['My deposit is missing', 'Let me check']);
    expect(readByAgent(state.messages[0]!, state)).toBe(true);
    expect(isOpen(state)).toBe(true);
  });

  it('knows no conversation before the first message', () => {
    const state = run([{ type: 'loaded', conversation: null }]);
    expect(state).toMatchObject({ loaded: true, conversation: null, messages: [] });
    expect(isOpen(state)).toBe(false);
  });

  it('shows a sent message at once, then the stored one in its place, once (the stream may echo it)', () => {
    const clientId = '0c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    let state = run([
      { type: 'loaded', conversation },
      { type: 'sending', clientId, text: 'Thanks', at: '2026-11-29T15:02:00.000Z' },
    ]);
    expect(state.messages.at(-1)).toMatchObject({ text: 'Thanks', state: 'sending', seq: null });
    const stored = message({ id: 3, seq: 4, client_id: clientId, text: 'Thanks' });
    state = run(
      [
        { type: 'message', message: stored },
        { type: 'message', message: stored },
      ],
      state,
    );
    expect(state.messages.map((m) => [m.text, m.state])).toEqual([
      ['My deposit is missing', 'stored'],
      ['Let me check', 'stored'],
      ['Thanks', 'stored'],
    ]);
    expect(state.messages.at(-1)!.key).toBe(clientId);
  });

  it('marks a message that did not go, and sends it again under the same client id', () => {
    const clientId = '0c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    let state = run([
      { type: 'loaded', conversation: null },
      { type: 'sending', clientId, text: 'Hi', at: 'x' },
      { type: 'send-failed', clientId },
    ]);
    expect(state.messages).toMatchObject([{ text: 'Hi', state: 'failed' }]);
    state = run([{ type: 'sending', clientId, text: 'Hi', at: 'y' }], state);
    expect(state.messages).toMatchObject([{ text: 'Hi', state: 'sending' }]);
  });

  it('keeps messages on their way across a fresh read of the conversation (a reconnect)', () => {
    const clientId = '0c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const state = run([
      { type: 'sending', clientId, text: 'Still there?', at: 'x' },
      { type: 'loaded', conversation },
    ]);
    expect(state.messages.map((m) => m.text)).toEqual([
      'My deposit is missing',
      'Let me check',
      'Still there?',
    ]);
  });

  it('follows the agent’s typing, read marks and the conversation’s state from the stream', () => {
    let state = run([
      { type: 'loaded', conversation: { ...conversation, messages: [] } },
      { type: 'message', message: message({ id: 5, seq: 5, text: 'Hello?' }) },
      { type: 'typing', typing: { conversation_id: 9, from: 'agent', typing: true } },
    ]);
    expect(state.agentTyping).toBe(true);
    expect(readByAgent(state.messages[0]!, state)).toBe(false);
    state = run(
      [
        // The player's own typing is not shown back to them.
        { type: 'typing', typing: { conversation_id: 9, from: 'player', typing: false } },
        { type: 'read', mark: { conversation_id: 9, by: 'agent', up_to_seq: 5, read_at: 'z' } },
      ],
      state,
    );
    expect(state.agentTyping).toBe(true);
    expect(readByAgent(state.messages[0]!, state)).toBe(true);
    // The agent's message ends their typing.
    state = run(
      [
        {
          type: 'message',
          message: message({ id: 6, seq: 6, from: 'agent', author: 'Marta', text: 'Here' }),
        },
      ],
      state,
    );
    expect(state.agentTyping).toBe(false);
    state = run(
      [
        { type: 'typing', typing: { conversation_id: 9, from: 'agent', typing: true } },
        { type: 'typing-lapsed' },
      ],
      state,
    );
    expect(state.agentTyping).toBe(false);
    state = run(
      [
        {
          type: 'conversation',
          conversation: { ...conversation, status: 'closed', closed_at: 'z' },
        },
      ],
      state,
    );
    expect(isOpen(state)).toBe(false);
  });

  it('tells which of the agent’s messages the player has yet to mark read', () => {
    const state = run([
      { type: 'loaded', conversation },
      {
        type: 'message',
        message: message({ id: 7, seq: 7, from: 'agent', text: 'Anything else?' }),
      },
      { type: 'message', message: message({ id: 8, seq: 8, from: 'system', text: 'Transferred' }) },
    ]);
    expect(unreadAgentSeq(state, 0)).toBe(7);
    expect(unreadAgentSeq(state, 7)).toBeNull();
    // Already read (read_at from the server): nothing to mark.
    const read = run([
      {
        type: 'loaded',
        conversation: {
          ...conversation,
          messages: [message({ id: 2, seq: 3, from: 'agent', read_at: 'r' })],
        },
      },
    ]);
    expect(unreadAgentSeq(read, 0)).toBeNull();
  });

  it('makes v4 client ids the contract accepts', () => {
    const ids = new Set(Array.from({ length: 20 }, newClientId));
    expect(ids.size).toBe(20);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
    }
  });
});
