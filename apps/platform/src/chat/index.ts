import { domain } from '../lib/domain.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { ChatHub, registerChatStreams } from './live.ts';

/**
 * The live support chat's door (issue #30, §2 /support, §3 support settings and chat event, §7
 * Support and Chat event). It owns the `chat_*` tables (schema.ts): the platform's built-in chat
 * between a player and a support agent (conversations, messages, read marks, canned replies, the
 * agents' presence), the messages left for support (offline form, feedback) and the events of
 * script-loaded third-party widgets. Posts are API methods (modules/chat, modules/support); live
 * updates are Server-Sent Events (live.ts), shared across instances through LISTEN/NOTIFY.
 */
export {
  agentDisplayName,
  agentMessageByClientId,
  agentSend,
  assign,
  chatTransaction,
  closeConversation,
  conversationById,
  conversationState,
  currentConversation,
  latestChatSeq,
  markRead,
  messagesOf,
  openConversationForUpdate,
  playerRead,
  playerSend,
  presentAgents,
  queue,
  touchPresence,
  withChatLock,
  type Agent,
  type ConversationRow,
  type MessageView,
  type QueueRow,
} from './service.ts';
export { announceTyping, ChatHub } from './live.ts';
export { ATTACHMENTS_PATH, inspectAttachment, UPLOADS_PER_HOUR } from './attachments.ts';
export {
  deleteCannedReply,
  listCannedReplies,
  saveCannedReply,
  storeSupportMessage,
  storeWidgetEvent,
  supportAddress,
  supportBudgets,
  SUPPORT_MESSAGES_PER_IP,
  SUPPORT_MESSAGES_PER_SENDER,
  supportHours,
} from './support.ts';

/** On every instance: the hub of the chat's streams and their routes. */
export const chatDomain = domain('chat', async (server, app) => {
  const hub = new ChatHub(app);
  await hub.start();
  registerChatStreams(server, app, hub);
  registerAttachmentRoutes(server, app);
  // Before the server waits for open requests: an open stream would hold it forever.
  server.addHook('preClose', async () => {
    await hub.stop();
  });
});
