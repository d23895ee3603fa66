import * as v from 'valibot';
import * as w from '../wire.ts';
import { method, ok, staffMethod } from './shared.ts';

// §7 `chat`: its methods. `storeChatEvent` is §7's (events of a script-loaded third-party widget);
// the rest are ours (issue #30): the platform's built-in live chat between a player and a support
// agent.
//
// How the built-in chat travels: every post (a message, typing, a read mark) is an ordinary
// method below (validated, with the marker header and the rate limits of any method); live
// updates come over a Server-Sent Events stream:
//
// - players: `GET /platform/chat/stream` (the player's session cookie; 401 without one);
// - staff:   `GET /platform/staff/chat/stream` (the back-office session; roles support and admin).
//
// SSE events (`event:` line, `data:` one JSON object):
// - `message`      a `chatMessage` (agent, player or system message), `id:` its `seq`;
// - `read`         a `chatReadMark`, `id:` its `seq`;
// - `conversation` a `chatConversationState` (opened, taken, transferred, closed), `id:` its `seq`;
// - `typing`       a `chatTyping`, with no `id:` (not kept: a reconnect does not replay it; it
//                  lapses after CHAT_TYPING_TTL_MS without a repeat).
//
// Files: `POST /platform/chat/attachments` (player) or `POST /platform/staff/chat/attachments`
// (agent), multipart with one file in `files` and the marker header, answer
// `{ data: { id, name, content_type, size, url } }`; images (png, jpeg, webp, gif, avif) and PDF
// up to 5 MB, checked by their bytes (`files: ['wrong_file_type']` otherwise). The message that
// sends it names its `id` as `attachment_id`; `url` serves it to the conversation's player and
// to agents only.
//
// `seq` is one counter over all of the chat's kept events, increasing: a client that reconnects
// with `Last-Event-ID` (EventSource does it by itself) gets exactly the events after it, nothing
// twice and nothing lost. A page that read `chat/getconversation` first opens the stream with
// `?after=<stream_seq of that answer>` to get what happened between the read and the connect
// (that may repeat a message the answer already holds: match messages by `id`). Without either
// the stream starts with what happens from now on. The player's stream carries only their own
// conversations' events (and the agent's typing); the console's carries every conversation's
// (and the players' typing).

/** How long a "typing" lasts without a repeat: clients repeat `typing: true` while typing. */
export const CHAT_TYPING_TTL_MS = 6_000;

/** Who wrote a message: the player, a support agent, or the platform (taken, transferred, closed). */
export const CHAT_AUTHORS = ['player', 'agent', 'system'] as const;
/** waiting: no agent has it yet; assigned: an agent has it; closed: over (a new message opens a new one). */
export const CHAT_STATUSES = ['waiting', 'assigned', 'closed'] as const;

/** A file sent in the chat (passed the upload checks); `url` answers it to the conversation's parties. */
export const chatAttachment = v.object({
  name: v.string(),
  content_type: v.string(),
  size: v.number(),
  url: v.string(),
});

export const chatMessage = v.object({
  id: v.number(),
  /** The stream position the message was kept at (also its SSE `id:`); orders messages. */
  seq: v.number(),
  conversation_id: v.number(),
  from: v.picklist(CHAT_AUTHORS),
  /** The agent's display name on an agent message; null otherwise. */
  author: v.nullable(v.string()),
  text: v.string(),
  attachment: v.nullable(chatAttachment),
  /** The sender's own id of the message (a uuid), which made the send idempotent; null for system ones. */
  client_id: v.nullable(v.string()),
  sent_at: v.string(),
  /** When the other party marked it read (the player reads agent messages and the other way round). */
  read_at: v.nullable(v.string()),
});

/** A conversation's state without its messages: the `conversation` stream event. */
export const chatConversationState = v.object({
  id: v.number(),
  status: v.picklist(CHAT_STATUSES),
  /** The assigned agent's display name, or null while waiting. */
  agent: v.nullable(v.string()),
  opened_at: v.string(),
  closed_at: v.nullable(v.string()),
});

/** The `read` stream event: `by` read every message of the other party up to `up_to_seq`. */
export const chatReadMark = v.object({
  conversation_id: v.number(),
  by: v.picklist(['player', 'agent']),
  up_to_seq: v.number(),
  read_at: v.string(),
});

/** The `typing` stream event (not kept). */
export const chatTyping = v.object({
  conversation_id: v.number(),
  from: v.picklist(['player', 'agent']),
  typing: v.boolean(),
});

/** A conversation as its player sees it, with all its messages (oldest first). */
export const chatConversation = v.object({
  ...chatConversationState.entries,
  messages: v.array(chatMessage),
  /** The stream position this answer is current at: open the stream with `?after=` it. */
  stream_seq: v.number(),
});

/** One conversation of the agents' queue. */
export const chatQueueItem = v.object({
  ...chatConversationState.entries,
  player_id: v.number(),
  /** The player's name (first and last name, else login) as the console shows it. */
  player_name: v.string(),
  agent_id: v.nullable(v.number()),
  /** Assigned to the staff member asking. */
  mine: v.boolean(),
  last_message: v.nullable(
    v.object({ from: v.picklist(CHAT_AUTHORS), text: v.string(), sent_at: v.string() }),
  ),
  /** The player's messages no agent has marked read. */
  unread: v.number(),
  /** The last message's time (or the opening), the queue's order within a status. */
  updated_at: v.string(),
});

/** A conversation as the console shows it: the queue's row and every message. */
export const chatStaffConversation = v.object({
  ...chatQueueItem.entries,
  messages: v.array(chatMessage),
  stream_seq: v.number(),
});

/** A support agent a conversation may be transferred to. */
export const chatAgent = v.object({
  id: v.number(),
  name: v.string(),
  /** Had the console open lately. */
  online: v.boolean(),
});

/** A canned reply: a ready text an agent inserts into the reply box. */
export const chatCannedReply = v.object({
  id: v.number(),
  title: v.string(),
  text: v.string(),
});

/** Whether an agent is there to answer now; when not, the widget offers `leavemessage`. */
export const chatStatus = v.object({
  online: v.boolean(),
  /** The support hours in words (the platform's `SUPPORT_HOURS`), or null when not set. */
  hours: v.nullable(v.string()),
});

/** A uuid the sender makes per message: the same one twice stores one message. */
const clientId = () =>
  w.text({
    max: 36,
    pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  });
const messageText = () => w.text({ min: 1, max: 4000 });
/** A file the sender uploaded first (see "Files" above) and sends with the message, once. */
const attachmentId = () => w.optional(w.integer({ min: 1, max: 2_147_483_647 }));
const conversationId = () => w.integer({ min: 1, max: 2_147_483_647 });
const seq = () => w.integer({ min: 0 });

export const chat = {
  storeChatEvent: method(
    'chat',
    'storeChatEvent',
    'POST',
    'player',
    w.params({
      channel_id: w.text({ max: 128 }),
      conversation_id: w.text({ max: 128 }),
      text: w.text({ max: 4000 }),
      event: w.oneOf(['sent', 'received']),
    }),
    ok,
    'built',
  ),

  // The player's side (issue #30).

  /**
   * The player's current conversation: the open one, else the last closed one (history kept
   * across reloads); null when the player never chatted.
   */
  getconversation: method(
    'chat',
    'getconversation',
    'GET',
    'player',
    w.noParams,
    v.nullable(chatConversation),
    'built',
  ),
  /**
   * Sends a message to support; opens a conversation (`waiting`) when none is open. The same
   * `client_id` again answers the message already stored (a retry after a lost answer).
   */
  send: method(
    'chat',
    'send',
    'POST',
    'player',
    w.params({ text: messageText(), client_id: clientId(), attachment_id: attachmentId() }),
    chatMessage,
    'built',
  ),
  /** The player started (true) or stopped (false) typing; repeat true every few seconds while typing. */
  typing: method('chat', 'typing', 'POST', 'player', w.params({ typing: w.flag() }), ok, 'built'),
  /** The player has read the agent's messages up to `up_to_seq` of the current conversation. */
  read: method('chat', 'read', 'POST', 'player', w.params({ up_to_seq: seq() }), ok, 'built'),
  /** Public: whether an agent is there now, and the support hours. */
  getstatus: method('chat', 'getstatus', 'GET', 'public', w.noParams, chatStatus, 'built'),
  /**
   * Public: a message for support while nobody is there. Stored and mailed to the support
   * address. `email` (for the answer) is required from visitors; a signed-in player's account
   * e-mail is used when it is left out.
   */
  leavemessage: method(
    'chat',
    'leavemessage',
    'POST',
    'public',
    w.params({ email: w.optional(w.email()), text: messageText() }),
    ok,
    'built',
  ),

  // The agents' console (issue #30): roles support (and admin).

  /** Every open conversation: waiting ones first (oldest first), then assigned ones. */
  staffqueue: staffMethod(
    'chat',
    'staffqueue',
    'GET',
    ['support'],
    w.noParams,
    v.object({ items: v.array(chatQueueItem), stream_seq: v.number() }),
  ),
  /** One conversation with its messages (a read of the player's data: audited). */
  staffconversation: staffMethod(
    'chat',
    'staffconversation',
    'GET',
    ['support'],
    w.params({ conversation_id: conversationId() }),
    chatStaffConversation,
  ),
  /** The support agents (staff with the support role) for a transfer. */
  staffagents: staffMethod(
    'chat',
    'staffagents',
    'GET',
    ['support'],
    w.noParams,
    v.array(chatAgent),
  ),
  /** Assigns a waiting (or another agent's) conversation to the caller. */
  stafftake: staffMethod(
    'chat',
    'stafftake',
    'POST',
    ['support'],
    w.params({ conversation_id: conversationId() }),
    chatQueueItem,
  ),
  /** Hands an open conversation to another support agent (`staff_id`). */
  stafftransfer: staffMethod(
    'chat',
    'stafftransfer',
    'POST',
    ['support'],
    w.params({ conversation_id: conversationId(), staff_id: w.integer({ min: 1 }) }),
    chatQueueItem,
  ),
  /** An agent's message; takes a waiting conversation. Idempotent by `client_id` like `chat/send`. */
  staffsend: staffMethod(
    'chat',
    'staffsend',
    'POST',
    ['support'],
    w.params({
      conversation_id: conversationId(),
      text: messageText(),
      client_id: clientId(),
      attachment_id: attachmentId(),
    }),
    chatMessage,
  ),
  stafftyping: staffMethod(
    'chat',
    'stafftyping',
    'POST',
    ['support'],
    w.params({ conversation_id: conversationId(), typing: w.flag() }),
    ok,
  ),
  /** The agent has read the player's messages up to `up_to_seq`. */
  staffread: staffMethod(
    'chat',
    'staffread',
    'POST',
    ['support'],
    w.params({ conversation_id: conversationId(), up_to_seq: seq() }),
    ok,
  ),
  /** Ends a conversation (the player's next message opens a new one). */
  staffclose: staffMethod(
    'chat',
    'staffclose',
    'POST',
    ['support'],
    w.params({ conversation_id: conversationId() }),
    chatQueueItem,
  ),
  stafflistcanned: staffMethod(
    'chat',
    'stafflistcanned',
    'GET',
    ['support'],
    w.noParams,
    v.array(chatCannedReply),
  ),
  /** Adds a canned reply, or changes the one `id` names. */
  staffsavecanned: staffMethod(
    'chat',
    'staffsavecanned',
    'POST',
    ['support'],
    w.params({
      id: w.optional(w.integer({ min: 1, max: 2_147_483_647 })),
      title: w.text({ min: 1, max: 100 }),
      text: w.text({ min: 1, max: 4000 }),
    }),
    chatCannedReply,
  ),
  staffdeletecanned: staffMethod(
    'chat',
    'staffdeletecanned',
    'POST',
    ['support'],
    w.params({ id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    ok,
  ),
};
