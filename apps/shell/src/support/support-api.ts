import { apiQueryKey, methodRef } from '@northstar/shell-sdk';
import { shellApi } from '../session/shell-api.ts';

/**
 * The methods the support page and the live chat call (§7 Support and Chat event, and the
 * built-in chat of issue #30), through the shell's `/api` transport (`shellApi`). Here rather
 * than in session/shell-api.ts: that module is on the first screen, these never are.
 */
export const SUPPORT_METHODS = {
  getsettings: methodRef('support', 'getsettings'),
  sendFeedback: methodRef('support', 'sendFeedback'),
  storeChatEvent: methodRef('chat', 'storeChatEvent'),
  getconversation: methodRef('chat', 'getconversation'),
  send: methodRef('chat', 'send'),
  typing: methodRef('chat', 'typing'),
  read: methodRef('chat', 'read'),
  getstatus: methodRef('chat', 'getstatus'),
  leavemessage: methodRef('chat', 'leavemessage'),
};

/** Where the built-in chat's live updates come from (Server-Sent Events, the player's session). */
export const CHAT_STREAM_PATH = '/platform/chat/stream';

/** §3 support settings: read once a page (the live-chat slot may remount with the layout). */
export const supportSettingsQuery = () => ({
  queryKey: apiQueryKey('support', 'getsettings'),
  queryFn: () => shellApi.send(SUPPORT_METHODS.getsettings),
  staleTime: Infinity,
  retry: false,
});

/** Whether an agent of the built-in chat is there now, and the support hours. */
export const chatStatusQuery = () => ({
  queryKey: apiQueryKey('chat', 'getstatus'),
  queryFn: () => shellApi.send(SUPPORT_METHODS.getstatus),
  staleTime: 60_000,
  retry: false,
});
