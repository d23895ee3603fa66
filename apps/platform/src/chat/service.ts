import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { bindAttachment, reserveAttachment } from './attachments.ts';
import {
  chatAgentPresence,
  chatConversations,
  chatEvents,
  chatMessages,
  type ChatAttachmentRef,
} from './schema.ts';

/**
 * The built-in live chat (issue #30): conversations, messages, read marks and the agents'
 * presence. Every write appends its event to `chat_events` in the same transaction and wakes the
 * streams of every instance (`NOTIFY chat_events`, sent on commit); live.ts sends them on.
 */

/** The channel every instance's hub listens on; an empty payload means "new kept events". */
export const CHAT_CHANNEL = 'chat_events';
/**
 * The advisory lock every chat write holds until it commits: writes take their seqs and commit
 * one at a time, so seqs become visible in their order (a stream that has sent seq N never finds
 * an N−1 committed later) and a player's two racing sends cannot open two conversations. The
 * chat's writes are few and short; one lock costs nothing measurable.
 */
const CHAT_LOCK = 0x63686174; // 'chat'
/** An agent who had the console open this recently counts as there (`chat/getstatus`). */
export const PRESENCE_TTL_MS = 90_000;

export type ChatStatus = 'waiting' | 'assigned' | 'closed';
export type Author = 'player' | 'agent' | 'system';

export type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export interface MessageView {
  id: number;
  seq: number;
  conversation_id: number;
  from: Author;
  author: string | null;
  text: string;
  attachment: ChatAttachmentRef | null;
  client_id: string | null;
  sent_at: string;
  read_at: string | null;
}

export interface ConversationState {
  id: number;
  status: ChatStatus;
  agent: string | null;
  opened_at: string;
  closed_at: string | null;
}

export const messageView = (row: MessageRow): MessageView => ({
  id: row.id,
  seq: row.seq,
  conversation_id: row.conversationId,
  from: row.author as Author,
  author: row.authorName,
  text: row.text,
  attachment: row.attachment ?? null,
  client_id: row.clientId,
  sent_at: row.sentAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

export const conversationState = (row: ConversationRow): ConversationState => ({
  id: row.id,
  status: row.status as ChatStatus,
  agent: row.agentName,
  opened_at: row.openedAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});

/** What the player sees as an agent's name: the part of the staff login before the @, capitalised. */
export function agentDisplayName(login: string): string {
  const local = login.split('@')[0] ?? login;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/** Takes the chat's write lock for the rest of the transaction (see CHAT_LOCK). */
async function lockChat(tx: Executor): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(${CHAT_LOCK})`);
}

/** The next seq, for a message that carries its own event's seq. */
async function nextSeq(tx: Executor): Promise<number> {
  const [row] = await rowsOf<{ seq: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('chat_events', 'seq'))::text as seq`,
  );
  return Number(row!.seq);
}

/** Appends a kept event (its seq given or the next) and wakes the streams on commit. */
async function appendEvent(
  tx: Executor,
  event: {
    seq?: number;
    conversationId: number;
    playerId: number;
    kind: 'message' | 'read' | 'conversation';
    payload: object;
  },
): Promise<number> {
  const seq = event.seq ?? (await nextSeq(tx));
  await tx.insert(chatEvents).values({
    seq,
    conversationId: event.conversationId,
    playerId: event.playerId,
    kind: event.kind,
    payload: event.payload as Record<string, unknown>,
  });
  await rowsOf(tx, sql`select pg_notify(${CHAT_CHANNEL}, '')`);
  return seq;
}

/** The latest kept event's seq (0 before the first): a read is current up to it. */
export async function latestChatSeq(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ seq: string | null }>(
    db,
    sql`select max(seq)::text as seq from chat_events`,
  );
  return row?.seq ? Number(row.seq) : 0;
}

/** The events after `after` (up to `upTo`), a player's only when `playerId` is given. */
export async function eventsAfter(
  db: Executor,
  after: number,
  upTo: number,
  playerId: number | null,
  limit = 1_000,
): Promise<EventRow[]> {
  return rowsOf<EventRow>(
    db,
    sql`select seq::text, conversation_id, player_id, kind, payload from chat_events
        where seq > ${after} and seq <= ${upTo}
        ${playerId === null ? sql`` : sql`and player_id = ${playerId}`}
        order by seq limit ${limit}`,
  );
}

export interface EventRow {
  seq: string;
  conversation_id: number;
  player_id: number;
  kind: 'message' | 'read' | 'conversation';
  payload: Record<string, unknown>;
}

/** Runs `work` in a transaction holding the chat's write lock. */
export async function chatTransaction<T>(
  db: Executor,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockChat(tx);
    return work(tx);
  });
}

/** Within a chat transaction: takes the lock (an outer transaction, like an audited change's). */
export const withChatLock = lockChat;

export async function conversationById(db: Executor, id: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, id))
    .limit(1);
  return row ?? null;
}

/** The player's open conversation, else their last one; null when they never chatted. */
export async function currentConversation(
  db: Executor,
  playerId: number,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.playerId, playerId))
    .orderBy(desc(chatConversations.id))
    .limit(1);
  return row ?? null;
}

export async function messagesOf(db: Executor, conversationId: number): Promise<MessageView[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.seq));
  return rows.map(messageView);
}

const notOpen = () =>
  new ApiError('InvalidParameter', 'This conversation is closed', {
    invalidParameters: { conversation_id: ['wrong_field'] },
  });
const noSuchConversation = () =>
  new ApiError('InvalidParameter', 'No such conversation', {
    invalidParameters: { conversation_id: ['wrong_field'] },
  });

/** Writes a conversation's new state and its `conversation` event. */
async function saveState(
  tx: Executor,
  id: number,
  changes: Partial<typeof chatConversations.$inferInsert>,
): Promise<ConversationRow> {
  const [row] = await tx
    .update(chatConversations)
    .set(changes)
    .where(eq(chatConversations.id, id))
    .returning();
  await appendEvent(tx, {
    conversationId: row!.id,
    playerId: row!.playerId,
    kind: 'conversation',
    payload: conversationState(row!),
  });
  return row!;
}

/** Stores a message and its event; the conversation's `updated_at` moves. */
async function storeMessage(
  tx: Executor,
  conversation: ConversationRow,
  message: {
    author: Author;
    senderId: number | null;
    authorName: string | null;
    text: string;
    clientId: string | null;
    /** An uploaded file the sender sends with it (attachments.ts). */
    attachmentId?: number | undefined;
    now: Date;
  },
): Promise<MessageView> {
  const attachment =
    message.attachmentId === undefined || message.senderId === null
      ? null
      : await reserveAttachment(tx, message.attachmentId, {
          kind: message.author === 'player' ? 'player' : 'agent',
          id: message.senderId,
        });
  const seq = await nextSeq(tx);
  const [row] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      seq,
      author: message.author,
      senderId: message.senderId,
      authorName: message.authorName,
      text: message.text,
      attachment,
      clientId: message.clientId,
      sentAt: message.now,
    })
    .returning();
  if (message.attachmentId !== undefined && attachment) {
    await bindAttachment(tx, message.attachmentId, conversation.id, row!.id);
  }
  const view = messageView(row!);
  await appendEvent(tx, {
    seq,
    conversationId: conversation.id,
    playerId: conversation.playerId,
    kind: 'message',
    payload: view,
  });
  await tx
    .update(chatConversations)
    .set({ updatedAt: message.now })
    .where(eq(chatConversations.id, conversation.id));
  return view;
}

async function byClientId(
  tx: Executor,
  author: Author,
  senderId: number,
  clientId: string,
): Promise<MessageView | null> {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.author, author),
        eq(chatMessages.senderId, senderId),
        eq(chatMessages.clientId, clientId),
      ),
    )
    .limit(1);
  return row ? messageView(row) : null;
}

/**
 * A player's message: into their open conversation, or a new one (`waiting`). The same client id
 * again answers the stored message and stores nothing.
 */
export async function playerSend(
  app: AppContext,
  playerId: number,
  input: { text: string; clientId: string; attachmentId?: number | undefined },
): Promise<MessageView> {
  const now = app.now();
  return chatTransaction(app.database.db, async (tx) => {
    const earlier = await byClientId(tx, 'player', playerId, input.clientId);
    if (earlier) return earlier;
    let conversation = await currentConversation(tx, playerId);
    if (!conversation || conversation.status === 'closed') {
      const [made] = await tx
        .insert(chatConversations)
        .values({ playerId, status: 'waiting', openedAt: now, updatedAt: now })
        .returning();
      conversation = made!;
      await appendEvent(tx, {
        conversationId: made!.id,
        playerId,
        kind: 'conversation',
        payload: conversationState(made!),
      });
    }
    return storeMessage(tx, conversation, {
      author: 'player',
      senderId: playerId,
      authorName: null,
      text: input.text,
      clientId: input.clientId,
      attachmentId: input.attachmentId,
      now,
    });
  });
}

/**
 * Marks the other party's messages up to `upToSeq` read (`by`: who read them). Answers whether
 * anything was newly read (then a `read` event went out); marking again changes nothing.
 */
export async function markRead(
  tx: Executor,
  conversation: ConversationRow,
  by: 'player' | 'agent',
  upToSeq: number,
  now: Date,
): Promise<{ read: number }> {
  const theirs =
    by === 'player' ? ne(chatMessages.author, 'player') : eq(chatMessages.author, 'player');
  const marked = await tx
    .update(chatMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        theirs,
        lte(chatMessages.seq, upToSeq),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ seq: chatMessages.seq });
  if (marked.length === 0) return { read: 0 };
  const upTo = Math.max(...marked.map((row) => row.seq));
  await appendEvent(tx, {
    conversationId: conversation.id,
    playerId: conversation.playerId,
    kind: 'read',
    payload: {
      conversation_id: conversation.id,
      by,
      up_to_seq: upTo,
      read_at: now.toISOString(),
    },
  });
  return { read: marked.length };
}

/** A player's read of the agent's messages in their current conversation. */
export async function playerRead(app: AppContext, playerId: number, upToSeq: number) {
  await chatTransaction(app.database.db, async (tx) => {
    const conversation = await currentConversation(tx, playerId);
    if (conversation) await markRead(tx, conversation, 'player', upToSeq, app.now());
  });
}

export interface Agent {
  id: number;
  name: string;
}

/** An open conversation for an agent's change (locked in the transaction); refuses a closed one. */
export async function openConversationForUpdate(
  tx: Executor,
  id: number,
): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, id))
    .for('update');
  if (!row) throw noSuchConversation();
  if (row.status === 'closed') throw notOpen();
  return row;
}

export async function assign(
  tx: Executor,
  conversation: ConversationRow,
  agent: Agent,
): Promise<ConversationRow> {
  return saveState(tx, conversation.id, {
    status: 'assigned',
    agentId: agent.id,
    agentName: agent.name,
  });
}

export async function closeConversation(
  tx: Executor,
  conversation: ConversationRow,
  now: Date,
): Promise<ConversationRow> {
  return saveState(tx, conversation.id, { status: 'closed', closedAt: now });
}

/** An agent's message; a waiting conversation becomes theirs. */
export async function agentSend(
  tx: Executor,
  conversation: ConversationRow,
  agent: Agent,
  input: { text: string; clientId: string; attachmentId?: number | undefined; now: Date },
): Promise<{ message: MessageView; conversation: ConversationRow; repeated: boolean }> {
  const earlier = await byClientId(tx, 'agent', agent.id, input.clientId);
  if (earlier) return { message: earlier, conversation, repeated: true };
  const current =
    conversation.status === 'waiting' ? await assign(tx, conversation, agent) : conversation;
  const message = await storeMessage(tx, current, {
    author: 'agent',
    senderId: agent.id,
    authorName: agent.name,
    text: input.text,
    clientId: input.clientId,
    attachmentId: input.attachmentId,
    now: input.now,
  });
  return { message, conversation: current, repeated: false };
}

/** A message already stored under this agent's client id (a retried send), else null. */
export const agentMessageByClientId = (tx: Executor, agentId: number, clientId: string) =>
  byClientId(tx, 'agent', agentId, clientId);

export interface QueueRow {
  conversation: ConversationRow;
  last: { from: Author; text: string; sent_at: string } | null;
  unread: number;
}

/** Open conversations (or the ones named), waiting first (oldest first), then the assigned ones. */
export async function queue(db: Executor, ids?: readonly number[]): Promise<QueueRow[]> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(
      ids
        ? inArray(chatConversations.id, ids.length ? [...ids] : [0])
        : ne(chatConversations.status, 'closed'),
    )
    .orderBy(
      sql`case ${chatConversations.status} when 'waiting' then 0 else 1 end`,
      asc(chatConversations.updatedAt),
    );
  if (rows.length === 0) return [];
  const list = rows.map((row) => row.id);
  const lastRows = await rowsOf<{
    conversation_id: number;
    author: Author;
    text: string;
    sent_at: string | Date;
  }>(
    db,
    sql`select distinct on (conversation_id) conversation_id, author, text, sent_at
        from chat_messages where conversation_id in ${list}
        order by conversation_id, seq desc`,
  );
  const unreadRows = await rowsOf<{ conversation_id: number; unread: string }>(
    db,
    sql`select conversation_id, count(*)::text as unread from chat_messages
        where conversation_id in ${list} and author = 'player' and read_at is null
        group by conversation_id`,
  );
  const last = new Map(lastRows.map((row) => [row.conversation_id, row]));
  const unread = new Map(unreadRows.map((row) => [row.conversation_id, Number(row.unread)]));
  return rows.map((conversation) => {
    const message = last.get(conversation.id);
    return {
      conversation,
      last: message
        ? {
            from: message.author,
            text: message.text,
            sent_at: new Date(message.sent_at).toISOString(),
          }
        : null,
      unread: unread.get(conversation.id) ?? 0,
    };
  });
}

/** The agent has the console open (its stream, every staff chat call). */
export async function touchPresence(db: Executor, staffId: number, now: Date): Promise<void> {
  await db
    .insert(chatAgentPresence)
    .values({ staffId, seenAt: now })
    .onConflictDoUpdate({ target: chatAgentPresence.staffId, set: { seenAt: now } });
}

/** The agents seen within PRESENCE_TTL_MS. */
export async function presentAgents(db: Executor, now: Date): Promise<Set<number>> {
  const since = new Date(now.getTime() - PRESENCE_TTL_MS);
  const rows = await db
    .select({ staffId: chatAgentPresence.staffId })
    .from(chatAgentPresence)
    .where(sql`${chatAgentPresence.seenAt} > ${since.toISOString()}::timestamptz`);
  return new Set(rows.map((row) => row.staffId));
}
