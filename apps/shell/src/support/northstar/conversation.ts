import type { Api, ResponseOf } from '@northstar/contract';

/**
 * The built-in chat's conversation as the player's widget shows it, built from
 * `chat/getconversation` and the stream's events (`message`, `read`, `conversation`, `typing`,
 * see packages/contract/src/modules/chat.ts), plus the player's own messages on their way.
 * Pure: a reducer the widget's hook feeds.
 */
export type StoredConversation = NonNullable<ResponseOf<Api['chat']['getconversation']>>;
export type StoredMessage = StoredConversation['messages'][number];
export type MessageAttachment = NonNullable<StoredMessage['attachment']>;
export type ConversationState = Omit<StoredConversation, 'messages' | 'stream_seq'>;

export interface ReadMark {
  conversation_id: number;
  by: 'player' | 'agent';
  up_to_seq: number;
  read_at: string;
}

export interface TypingEvent {
  conversation_id: number;
  from: 'player' | 'agent';
  typing: boolean;
}

/** A message in the log: stored (it has a seq), or the player's, still sending or not sent. */
export interface ShownMessage {
  /** Stable across the send: the client id of the player's messages, else `m{id}`. */
  key: string;
  id: number | null;
  seq: number | null;
  from: StoredMessage['from'];
  author: string | null;
  text: string;
  /** A file sent with it (an image or a PDF). */
  attachment: MessageAttachment | null;
  /** The uploaded file's id a message on its way carries (sent again with it if it fails). */
  attachmentId: number | null;
  clientId: string | null;
  sentAt: string;
  readAt: string | null;
  state: 'stored' | 'sending' | 'failed';
}

export interface ChatState {
  /** The conversation (open, or the last closed one); null before the first message. */
  conversation: ConversationState | null;
  messages: ShownMessage[];
  agentTyping: boolean;
  /** The agent has read the player's messages up to this seq. */
  agentReadUpTo: number;
  loaded: boolean;
}

export const EMPTY_CHAT: ChatState = {
  conversation: null,
  messages: [],
  agentTyping: false,
  agentReadUpTo: 0,
  loaded: false,
};

export type ChatAction =
  | { type: 'loaded'; conversation: StoredConversation | null }
  | { type: 'message'; message: StoredMessage }
  | { type: 'conversation'; conversation: ConversationState }
  | { type: 'read'; mark: ReadMark }
  | { type: 'typing'; typing: TypingEvent }
  | { type: 'typing-lapsed' }
  | {
      type: 'sending';
      clientId: string;
      text: string;
      at: string;
      attachment?: { id: number; ref: MessageAttachment } | null;
    }
  | { type: 'send-failed'; clientId: string };

function shown(message: StoredMessage): ShownMessage {
  return {
    key: message.client_id ?? `m${message.id}`,
    id: message.id,
    seq: message.seq,
    from: message.from,
    author: message.author,
    text: message.text,
    attachment: message.attachment,
    attachmentId: null,
    clientId: message.client_id,
    sentAt: message.sent_at,
    readAt: message.read_at,
    state: 'stored',
  };
}

/** Stored messages in stream order, then the player's unsent ones in the order they were written. */
function ordered(messages: ShownMessage[]): ShownMessage[] {
  const stored = messages.filter((m) => m.seq !== null).sort((a, b) => a.seq! - b.seq!);
  return [...stored, ...messages.filter((m) => m.seq === null)];
}

/** Puts a stored message in: replacing the same message (its id or its client id), once. */
function upsert(messages: ShownMessage[], message: StoredMessage): ShownMessage[] {
  const next = shown(message);
  const rest = messages.filter(
    (m) => m.id !== message.id && (message.client_id === null || m.clientId !== message.client_id),
  );
  return ordered([...rest, next]);
}

function stateOf(conversation: StoredConversation): ConversationState {
  const { id, status, agent, opened_at, closed_at } = conversation;
  return { id, status, agent, opened_at, closed_at };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded': {
      const unsent = state.messages.filter((m) => m.state !== 'stored');
      let messages = (action.conversation?.messages ?? []).map(shown);
      for (const pending of unsent) {
        if (!messages.some((m) => m.clientId === pending.clientId)) messages.push(pending);
      }
      messages = ordered(messages);
      const agentReadUpTo = Math.max(
        0,
        ...messages.filter((m) => m.from === 'player' && m.readAt && m.seq).map((m) => m.seq!),
      );
      return {
        ...state,
        conversation: action.conversation ? stateOf(action.conversation) : null,
        messages,
        agentReadUpTo: Math.max(state.agentReadUpTo, agentReadUpTo),
        loaded: true,
      };
    }
    case 'message':
      return {
        ...state,
        messages: upsert(state.messages, action.message),
        // A message from the agent ends their typing.
        agentTyping: action.message.from === 'agent' ? false : state.agentTyping,
      };
    case 'conversation':
      return {
        ...state,
        conversation: action.conversation,
        agentTyping: action.conversation.status === 'closed' ? false : state.agentTyping,
      };
    case 'read':
      if (action.mark.by !== 'agent') return state;
      return { ...state, agentReadUpTo: Math.max(state.agentReadUpTo, action.mark.up_to_seq) };
    case 'typing':
      if (action.typing.from !== 'agent') return state;
      return { ...state, agentTyping: action.typing.typing };
    case 'typing-lapsed':
      return { ...state, agentTyping: false };
    case 'sending': {
      const rest = state.messages.filter((m) => m.clientId !== action.clientId);
      const mine: ShownMessage = {
        key: action.clientId,
        id: null,
        seq: null,
        from: 'player',
        author: null,
        text: action.text,
        attachment: action.attachment?.ref ?? null,
        attachmentId: action.attachment?.id ?? null,
        clientId: action.clientId,
        sentAt: action.at,
        readAt: null,
        state: 'sending',
      };
      return { ...state, messages: ordered([...rest, mine]) };
    }
    case 'send-failed':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.clientId === action.clientId && m.state === 'sending' ? { ...m, state: 'failed' } : m,
        ),
      };
  }
}

/** Whether the agent has read one of the player's messages. */
export function readByAgent(message: ShownMessage, state: ChatState): boolean {
  if (message.from !== 'player' || message.state !== 'stored') return false;
  return message.readAt !== null || (message.seq !== null && message.seq <= state.agentReadUpTo);
}

/**
 * The newest agent message above `after` not yet marked read, which the player now has on screen
 * (`chat/read` `up_to_seq`); null when there is none.
 */
export function unreadAgentSeq(state: ChatState, after: number): number | null {
  const seqs = state.messages
    .filter((m) => m.from === 'agent' && m.readAt === null && m.seq !== null && m.seq > after)
    .map((m) => m.seq!);
  return seqs.length > 0 ? Math.max(...seqs) : null;
}

/** A conversation is open while waiting for or with an agent. */
export function isOpen(state: ChatState): boolean {
  return state.conversation !== null && state.conversation.status !== 'closed';
}

/** A client id for `chat/send` (a v4 uuid): the same one again stores the message once. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
