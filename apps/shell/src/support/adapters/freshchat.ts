import { loadScript, messageText, whenReady } from './script.ts';
import {
  languageOf,
  providerWindow,
  required,
  type ChatAdapterFactory,
  type ChatPlayer,
} from './types.ts';

interface FreshchatWidget {
  init(options: Record<string, unknown>): void;
  isLoaded?: () => boolean;
  isInitialized?: () => boolean;
  on(event: string, callback: (payload: unknown) => void): void;
  setExternalId?: (id: string | null) => void;
  user?: {
    setFirstName?: (name: string) => void;
    setEmail?: (email: string) => void;
  };
  show?: () => void;
  hide?: () => void;
  open?: () => void;
}
interface FreshchatGlobals {
  fcWidget?: FreshchatWidget;
}

const SRC = 'https://wchat.freshchat.com/js/widget.js';

/** The conversation a Freshchat message event names, if it names one. */
function conversationOf(payload: unknown): string {
  const data = (payload as { data?: { message?: { conversation_id?: unknown } } } | null)?.data;
  const id = data?.message?.conversation_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : 'current';
}

/**
 * Freshchat's web messenger (`license` is the widget token; `src` its widget script, whose origin
 * is the `host` it talks to, `wchat.freshchat.com` unless a regional one is given), through its
 * documented `fcWidget`: `init` with the token, host, locale and the player (`externalId`,
 * `firstName`, `email`), then `setExternalId` and `user.setFirstName`/`setEmail` as the session
 * changes (emptied on sign-out; the conversation stays with Freshchat); `hide`/`show` once it has
 * loaded (a §9 timer); `open`. Messages: `message:sent` and `message:received`.
 */
export const freshchat: ChatAdapterFactory = (context) => {
  const token = required(context.config, 'license', 'id', 'widget_id');
  if (!token) return null;
  const w = providerWindow<FreshchatGlobals>();
  const src = context.config.src ?? SRC;
  const call = whenReady(() => w.fcWidget?.isLoaded?.() === true);
  let visible = true;

  const identify = (player: ChatPlayer | null) =>
    call('identify', () => {
      const widget = w.fcWidget!;
      widget.setExternalId?.(player?.id ?? null);
      widget.user?.setFirstName?.(player?.name ?? '');
      widget.user?.setEmail?.(player?.email ?? '');
    });

  return {
    provider: 'freshchat',
    async start(player) {
      await loadScript(src);
      const widget = w.fcWidget;
      if (!widget) throw new Error('the Freshchat script did not define fcWidget');
      if (widget.isInitialized?.() !== true) {
        widget.init({
          token,
          host: new URL(src, location.href).origin,
          locale: languageOf(context),
          ...(player
            ? {
                externalId: player.id,
                ...(player.name ? { firstName: player.name } : {}),
                ...(player.email ? { email: player.email } : {}),
              }
            : {}),
        });
        widget.on('message:sent', (payload) => {
          const text = messageText(payload);
          if (text)
            context.record({ conversationId: conversationOf(payload), text, event: 'sent' });
        });
        widget.on('message:received', (payload) => {
          const text = messageText(payload);
          if (text)
            context.record({ conversationId: conversationOf(payload), text, event: 'received' });
        });
      }
      call('badge', () => (visible ? w.fcWidget!.show?.() : w.fcWidget!.hide?.()));
    },
    setPlayer: identify,
    setBadgeVisible(next) {
      visible = next;
      call('badge', () => (next ? w.fcWidget!.show?.() : w.fcWidget!.hide?.()));
    },
    open() {
      call('open', () => w.fcWidget!.open?.());
    },
  };
};
