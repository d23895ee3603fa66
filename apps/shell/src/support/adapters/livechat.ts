import { loadScript } from './script.ts';
import { providerWindow, required, type ChatAdapterFactory, type ChatPlayer } from './types.ts';

/** LiveChat's widget API (its documented tracking code and `LiveChatWidget`, JS API v2.0). */
interface LiveChatWidget {
  on(event: string, callback: (payload: unknown) => void): void;
  call(method: string, ...args: unknown[]): void;
  get(name: string): unknown;
}
interface LiveChatGlobals {
  __lc?: {
    license?: number | string;
    asyncInit?: boolean;
    visitor?: { name?: string; email?: string };
  };
  LiveChatWidget?: LiveChatWidget & { _q?: unknown[]; _h?: unknown };
}

const SRC = 'https://cdn.livechatinc.com/tracking.js';

/**
 * The tracking code's queue: calls made before the script has loaded wait in `_q`, and the script
 * runs them once it sets `_h` (what LiveChat's own snippet does, without its auto-load: we load
 * the script ourselves, once).
 */
function installQueue(w: LiveChatGlobals): LiveChatWidget {
  if (w.LiveChatWidget) return w.LiveChatWidget;
  const queue: {
    _q: unknown[][];
    _h: ((...args: unknown[]) => unknown) | null;
    _v: string;
  } & LiveChatWidget = {
    _q: [],
    _h: null,
    _v: '2.0',
    on: (...args) => void push(['on', args]),
    call: (...args) => void push(['call', args]),
    get: (...args) => {
      if (!queue._h) throw new Error("[LiveChatWidget] You can't use getters before load.");
      return push(['get', args]);
    },
  };
  const push = (entry: unknown[]) => (queue._h ? queue._h(...entry) : queue._q.push(entry));
  w.LiveChatWidget = queue;
  return queue;
}

/**
 * LiveChat (`license` is the account's licence number; `src` may point the tracking script
 * elsewhere). The player: `set_customer_name`, `set_customer_email` and their uid as a session
 * variable; signing out empties them (the conversation stays with LiveChat). The badge: `hide`,
 * and `minimize` to show it again. Messages: the `new_event` callback (the player's are
 * `sent`, the agents' `received`), in the chat `chat_data` names.
 */
export const liveChat: ChatAdapterFactory = (context) => {
  const license = required(context.config, 'license', 'id');
  if (!license) return null;
  const w = providerWindow<LiveChatGlobals>();
  let visible = true;
  let started = false;

  const identify = (widget: LiveChatWidget, player: ChatPlayer | null) => {
    widget.call('set_customer_name', player?.name ?? '');
    widget.call('set_customer_email', player?.email ?? '');
    widget.call('set_session_variables', player ? { player_id: player.id } : {});
  };

  return {
    provider: 'livechat',
    async start(player) {
      w.__lc = {
        ...w.__lc,
        license: /^\d+$/.test(license) ? Number(license) : license,
        asyncInit: true,
      };
      if (player)
        w.__lc.visitor = { name: player.name ?? undefined, email: player.email ?? undefined };
      const widget = installQueue(w);
      if (!started) {
        started = true;
        widget.on('new_event', (payload) => {
          const event = payload as { type?: string; text?: string; author?: { type?: string } };
          if (event.type !== 'message' || !event.text) return;
          let conversationId = 'current';
          try {
            const data = widget.get('chat_data') as { chatId?: string } | undefined;
            if (data?.chatId) conversationId = data.chatId;
          } catch {
            // Before the widget has loaded there is no chat to name.
          }
          context.record({
            conversationId,
            text: event.text,
            event: event.author?.type === 'customer' ? 'sent' : 'received',
          });
        });
      }
      identify(widget, player);
      widget.call(visible ? 'minimize' : 'hide');
      await loadScript(context.config.src ?? SRC);
    },
    setPlayer(player) {
      identify(installQueue(w), player);
    },
    setBadgeVisible(next) {
      visible = next;
      if (w.LiveChatWidget) w.LiveChatWidget.call(next ? 'minimize' : 'hide');
    },
    open() {
      installQueue(w).call('maximize');
    },
  };
};
