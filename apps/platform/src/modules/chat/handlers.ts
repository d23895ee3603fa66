import { ApiError } from '@northstar/errors';
import type { RequestContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  agentDisplayName,
  agentMessageByClientId,
  agentSend,
  announceTyping,
  assign,
  closeConversation,
  conversationById,
  conversationState,
  currentConversation,
  deleteCannedReply,
  latestChatSeq,
  listCannedReplies,
  markRead,
  messagesOf,
  openConversationForUpdate,
  playerRead,
  playerSend,
  presentAgents,
  queue,
  saveCannedReply,
  storeSupportMessage,
  storeWidgetEvent,
  supportBudgets,
  supportHours,
  touchPresence,
  withChatLock,
  type Agent,
  type ConversationRow,
  type QueueRow,
} from '../../chat/index.ts';
import { consume, contactsOf, listStaff, playerById } from '../../identity/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { auditedChange, auditRead } from '../staff-audit.ts';

/** §7 Chat event and the built-in live chat (issue #30): thin handlers over chat/' door. */

/** The staff member of a staff method, as the chat names them to the player. */
function agentOf(ctx: RequestContext): Agent {
  const staff = ctx.staff!;
  return { id: staff.id, name: agentDisplayName(staff.login) };
}

/** The name the console shows: first and last name, else the nickname, else the login. */
async function playerNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) {
    const player = await playerById(db, id);
    const full = [player?.firstName, player?.lastName].filter(Boolean).join(' ').trim();
    names.set(id, full || player?.fakename || player?.login || `Player ${id}`);
  }
  return names;
}

async function queueItems(db: Executor, rows: QueueRow[], staffId: number) {
  const names = await playerNames(
    db,
    rows.map((row) => row.conversation.playerId),
  );
  return rows.map(({ conversation, last, unread }) => ({
    ...conversationState(conversation),
    player_id: conversation.playerId,
    player_name: names.get(conversation.playerId) ?? `Player ${conversation.playerId}`,
    agent_id: conversation.agentId,
    mine: conversation.agentId === staffId,
    last_message: last,
    unread,
    updated_at: conversation.updatedAt.toISOString(),
  }));
}

/** One conversation as the queue shows it (read in the caller's transaction). */
async function queueItem(db: Executor, id: number, staffId: number) {
  const [item] = await queueItems(db, await queue(db, [id]), staffId);
  return item!;
}

/** The audit's record of a conversation: its state and whose it is. */
const audited = (row: ConversationRow) => ({
  status: row.status,
  agent_id: row.agentId,
  agent: row.agentName,
});

/**
 * An agent's change of one open conversation, in one transaction with the chat's write lock and
 * the change's audit row.
 */
function conversationChange<T>(
  ctx: RequestContext,
  conversationId: number,
  change: (
    tx: Executor,
    conversation: ConversationRow,
  ) => Promise<{ result: T; after: Record<string, unknown> }>,
): Promise<T> {
  return auditedChange(ctx, { type: 'chat_conversation', id: conversationId }, async (tx) => {
    await withChatLock(tx);
    const conversation = await openConversationForUpdate(tx, conversationId);
    const { result, after } = await change(tx, conversation);
    return { result, playerId: conversation.playerId, before: audited(conversation), after };
  });
}

const emailRequired = () =>
  new ApiError('InvalidParameter', 'Leave an e-mail address for the answer', {
    invalidParameters: { email: ['required'] },
  });

export const chatHandlers: ModuleHandlers<'chat'> = {
  async storeChatEvent(ctx, params) {
    await storeWidgetEvent(ctx.app.database.db, ctx.playerId(), {
      channelId: params.channel_id,
      conversationId: params.conversation_id,
      text: params.text,
      event: params.event,
    });
    return 1;
  },

  async getconversation(ctx) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    // The stream position first: events after it may repeat what the answer holds (the client
    // matches messages by id), but none between the read and the stream's start is lost.
    const streamSeq = await latestChatSeq(db);
    const conversation = await currentConversation(db, playerId);
    if (!conversation) return null;
    return {
      ...conversationState(conversation),
      messages: await messagesOf(db, conversation.id),
      stream_seq: streamSeq,
    };
  },

  async send(ctx, params) {
    return playerSend(ctx.app, ctx.playerId(), {
      text: params.text,
      clientId: params.client_id,
      attachmentId: params.attachment_id,
    });
  },

  async typing(ctx, params) {
    const playerId = ctx.playerId();
    const conversation = await currentConversation(ctx.app.database.db, playerId);
    if (conversation && conversation.status !== 'closed') {
      await announceTyping(ctx.app, {
        typing: { conversation_id: conversation.id, from: 'player', typing: params.typing },
        player_id: playerId,
      });
    }
    return 1;
  },

  async read(ctx, params) {
    await playerRead(ctx.app, ctx.playerId(), params.up_to_seq);
    return 1;
  },

  async getstatus(ctx) {
    const present = await presentAgents(ctx.app.database.db, ctx.app.now());
    return { online: present.size > 0, hours: supportHours(ctx.app.config) };
  },

  async leavemessage(ctx, params) {
    const db = ctx.app.database.db;
    const playerId = ctx.session?.playerId ?? null;
    let email = params.email ?? null;
    if (email === null && playerId !== null) {
      // The account's e-mail (confirmed first): where support answers a signed-in player.
      const emails = (await contactsOf(db, playerId)).filter((c) => c.type === 'email');
      email = (emails.find((c) => c.isConfirmed) ?? emails[0])?.contact ?? null;
    }
    if (email === null) throw emailRequired();
    await consume(
      ctx.app.database,
      supportBudgets('leave_message', ctx.ip, email, playerId),
      ctx.app.now(),
    );
    await storeSupportMessage(db, ctx.app.config, {
      kind: 'leave_message',
      playerId,
      email,
      text: params.text,
      ip: ctx.ip,
    });
    return 1;
  },

  // The agents' console.

  async staffqueue(ctx) {
    const db = ctx.app.database.db;
    const staff = ctx.staff!;
    await touchPresence(db, staff.id, ctx.app.now());
    const streamSeq = await latestChatSeq(db);
    return { items: await queueItems(db, await queue(db), staff.id), stream_seq: streamSeq };
  },

  async staffconversation(ctx, params) {
    const db = ctx.app.database.db;
    const conversation = await conversationById(db, params.conversation_id);
    if (!conversation) {
      throw new ApiError('InvalidParameter', 'No such conversation', {
        invalidParameters: { conversation_id: ['wrong_field'] },
      });
    }
    await auditRead(ctx, {
      type: 'chat_conversation',
      id: conversation.id,
      playerId: conversation.playerId,
    });
    const streamSeq = await latestChatSeq(db);
    return {
      ...(await queueItem(db, conversation.id, ctx.staff!.id)),
      messages: await messagesOf(db, conversation.id),
      stream_seq: streamSeq,
    };
  },

  async staffagents(ctx) {
    const db = ctx.app.database.db;
    const present = await presentAgents(db, ctx.app.now());
    return (await listStaff(db))
      .filter(
        (account) =>
          account.status === 'active' &&
          account.roles.some((role) => role === 'support' || role === 'admin'),
      )
      .map((account) => ({
        id: account.id,
        name: agentDisplayName(account.login),
        online: present.has(account.id),
      }));
  },

  async stafftake(ctx, params) {
    const agent = agentOf(ctx);
    return conversationChange(ctx, params.conversation_id, async (tx, conversation) => {
      const taken = await assign(tx, conversation, agent);
      return { result: await queueItem(tx, taken.id, agent.id), after: audited(taken) };
    });
  },

  async stafftransfer(ctx, params) {
    const agent = agentOf(ctx);
    const target = await playerById(ctx.app.database.db, params.staff_id);
    const roles = target?.role === 'staff' && target.status === 'active' ? target.staffRoles : null;
    if (!target || !roles?.some((role) => role === 'support' || role === 'admin')) {
      throw new ApiError('InvalidParameter', 'Not a support agent', {
        invalidParameters: { staff_id: ['wrong_field'] },
      });
    }
    const to: Agent = { id: target.id, name: agentDisplayName(target.login) };
    return conversationChange(ctx, params.conversation_id, async (tx, conversation) => {
      const moved = await assign(tx, conversation, to);
      return { result: await queueItem(tx, moved.id, agent.id), after: audited(moved) };
    });
  },

  async staffsend(ctx, params) {
    const agent = agentOf(ctx);
    const db = ctx.app.database.db;
    // A retried send answers the message stored the first time, even once the chat is closed.
    const earlier = await agentMessageByClientId(db, agent.id, params.client_id);
    return conversationChange(ctx, params.conversation_id, async (tx, conversation) => {
      if (earlier && earlier.conversation_id === conversation.id) {
        return { result: earlier, after: { ...audited(conversation), message_id: earlier.id } };
      }
      const sent = await agentSend(tx, conversation, agent, {
        text: params.text,
        clientId: params.client_id,
        attachmentId: params.attachment_id,
        now: ctx.app.now(),
      });
      return {
        result: sent.message,
        after: { ...audited(sent.conversation), message_id: sent.message.id, text: params.text },
      };
    });
  },

  async stafftyping(ctx, params) {
    const conversation = await conversationChange(
      ctx,
      params.conversation_id,
      async (_tx, open) => ({
        result: open,
        after: { ...audited(open), typing: params.typing },
      }),
    );
    await announceTyping(ctx.app, {
      typing: { conversation_id: conversation.id, from: 'agent', typing: params.typing },
      player_id: conversation.playerId,
    });
    return 1;
  },

  async staffread(ctx, params) {
    const db = ctx.app.database.db;
    const known = await conversationById(db, params.conversation_id);
    if (!known) {
      throw new ApiError('InvalidParameter', 'No such conversation', {
        invalidParameters: { conversation_id: ['wrong_field'] },
      });
    }
    // A closed conversation's messages may still be marked read (the agent reads its end).
    return auditedChange(
      ctx,
      { type: 'chat_conversation', id: known.id, playerId: known.playerId },
      async (tx) => {
        await withChatLock(tx);
        const { read } = await markRead(tx, known, 'agent', params.up_to_seq, ctx.app.now());
        return {
          result: 1 as const,
          before: null,
          after: { read_up_to_seq: params.up_to_seq, newly_read: read },
        };
      },
    );
  },

  async staffclose(ctx, params) {
    const staffId = ctx.staff!.id;
    return conversationChange(ctx, params.conversation_id, async (tx, conversation) => {
      const closed = await closeConversation(tx, conversation, ctx.app.now());
      return { result: await queueItem(tx, closed.id, staffId), after: audited(closed) };
    });
  },

  async stafflistcanned(ctx) {
    return listCannedReplies(ctx.app.database.db);
  },

  async staffsavecanned(ctx, params) {
    return auditedChange(ctx, { type: 'chat_canned_reply', id: params.id ?? null }, async (tx) => {
      const { before, after } = await saveCannedReply(tx, ctx.staff!.id, params, ctx.app.now());
      return {
        result: after,
        subjectId: after.id,
        before: before && { ...before },
        after: { ...after },
      };
    });
  },

  async staffdeletecanned(ctx, params) {
    return auditedChange(ctx, { type: 'chat_canned_reply', id: params.id }, async (tx) => {
      const removed = await deleteCannedReply(tx, params.id);
      return { result: 1 as const, before: { ...removed }, after: { deleted: true } };
    });
  },
};
