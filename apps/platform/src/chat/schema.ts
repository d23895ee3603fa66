/**
 * The live support chat (issue #30): chat/ owns these tables; nothing else reads them. Players
 * and staff are plain ids (identity's), not foreign keys, as elsewhere across domains.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

/** A file sent in the chat, as a message keeps it (the bytes live in player storage). */
export interface ChatAttachmentRef {
  name: string;
  content_type: string;
  size: number;
  url: string;
}

/**
 * A conversation between a player and support: `waiting` (no agent yet), `assigned` (an agent
 * has it), `closed`. A player has at most one open (not closed) conversation: the partial unique
 * index makes a second, racing "open one" fail instead of splitting the chat in two.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id').notNull(),
    status: text('status').notNull().default('waiting'),
    agentId: integer('agent_id'),
    /** The agent's display name when assigned (what the player sees). */
    agentName: text('agent_name'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The last message's time (or the opening): the queue's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_conversations_one_open')
      .on(t.playerId)
      .where(sql`${t.status} <> 'closed'`),
    index('chat_conversations_player_idx').on(t.playerId, t.id),
    index('chat_conversations_status_idx').on(t.status),
  ],
);

/**
 * A message. `seq` is the chat event that carried it (chat_events.seq), which orders messages
 * and is the stream's id. `(sender_kind, sender_id, client_id)` is unique: the sender's own id of
 * a message makes a retried send store it once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** `player`, `agent` or `system`. */
    author: text('author').notNull(),
    /** The player's or the staff member's id; null for system messages. */
    senderId: integer('sender_id'),
    /** The agent's display name on an agent message. */
    authorName: text('author_name'),
    text: text('text').notNull(),
    attachment: jsonb('attachment').$type<ChatAttachmentRef | null>(),
    clientId: text('client_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_client_id').on(t.author, t.senderId, t.clientId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.seq),
  ],
);

/**
 * The chat's kept events in one order (`seq`): messages, read marks and conversation changes.
 * The streams send them with `seq` as the SSE id, and a reconnect (`Last-Event-ID`) reads the
 * missed ones here. Rows are appended under a transaction-level advisory lock, so seqs commit in
 * their order and a reader that has seen seq N never later finds a smaller one appear.
 */
export const chatEvents = pgTable(
  'chat_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id').notNull(),
    playerId: integer('player_id').notNull(),
    /** `message`, `read` or `conversation` (the SSE event name). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_events_player_idx').on(t.playerId, t.seq)],
);

/** Ready texts agents insert into the reply box. */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  createdBy: integer('created_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * When each agent last had the console open (its stream touches it): `chat/getstatus` says an
 * agent is there while one was seen lately, on any instance.
 */
export const chatAgentPresence = pgTable('chat_agent_presence', {
  staffId: integer('staff_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * Messages for support outside the chat: `leave_message` (the chat's offline form) and
 * `feedback` (the `/support` form). Each is also mailed to the support address.
 */
export const chatSupportMessages = pgTable('chat_support_messages', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  playerId: integer('player_id'),
  email: text('email'),
  text: text('text').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** §3 Chat event: what a script-loaded third-party widget reported for a signed-in player. */
export const chatWidgetEvents = pgTable(
  'chat_widget_events',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id').notNull(),
    channelId: text('channel_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    text: text('text').notNull(),
    /** `sent` (by the player) or `received` (from the provider's agent). */
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_widget_events_player_idx').on(t.playerId)],
);

/** Raw bytes (`bytea`): node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A file sent in the chat (an image or a PDF that passed the upload checks), kept in the
 * database: it is the players' personal data, served only to its conversation's player and to
 * support agents (never from the public media store), and every instance reads it alike. Uploaded
 * first, then bound to the message that carries it (`message_id`), once.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    /** `player` or `agent`, and their id: only the uploader may send it. */
    uploaderKind: text('uploader_kind').notNull(),
    uploaderId: integer('uploader_id').notNull(),
    /** Set when a message carries it. */
    conversationId: integer('conversation_id'),
    messageId: integer('message_id'),
    /** The client's file name, a label only. */
    name: text('name').notNull(),
    /** What the bytes are (sniffed), never what the client said. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_conversation_idx').on(t.conversationId)],
);
