import { northstarChat } from '../northstar/chat-store.ts';
import { ChatLauncher } from '../northstar/chat-launcher.tsx';
import type { ChatAdapterFactory } from './types.ts';

/**
 * Ours: the platform's built-in chat (issue #30, `chat/*` and the stream of `/platform/chat/stream`),
 * drawn by the shell itself (northstar/). Nothing to load: the adapter hands the slot its widget
 * and keeps what the slot says (the player, the badge, an open request) in the widget's store.
 * Any non-empty config starts it (§9: skipped when empty); the platform needs no key.
 */
export const northstar: ChatAdapterFactory = () => ({
  provider: 'northstar',
  start(player) {
    northstarChat.update({ player });
    return Promise.resolve();
  },
  setPlayer(player) {
    northstarChat.update({ player });
  },
  setBadgeVisible(badgeVisible) {
    northstarChat.update({ badgeVisible });
  },
  open() {
    northstarChat.update({ open: true });
  },
  Widget: ChatLauncher,
});
