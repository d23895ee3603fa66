import { loadScript, whenReady } from './script.ts';
import { providerWindow, required, type ChatAdapterFactory, type ChatPlayer } from './types.ts';

interface TawkApi {
  visitor?: { name?: string; email?: string };
  onLoad?: () => void;
  onChatStarted?: (data: { chatId?: string }) => void;
  onChatMessageVisitor?: (message: string) => void;
  onChatMessageAgent?: (message: string) => void;
  setAttributes?: (
    attributes: Record<string, string>,
    callback?: (error?: unknown) => void,
  ) => void;
  hideWidget?: () => void;
  showWidget?: () => void;
  maximize?: () => void;
  endChat?: () => void;
}
interface TawkGlobals {
  Tawk_API?: TawkApi;
  Tawk_LoadStart?: Date;
}

/**
 * Tawk.to (`id` is the property id, `widget_id` the widget, `default` when left out; `src` may
 * replace `embed.tawk.to/{id}/{widget_id}`), through its documented `Tawk_API`: the player as
 * `visitor` before the widget loads and `setAttributes` after; `hideWidget`/`showWidget` (which
 * exist once it has loaded: a §9 timer waits); `maximize`. Messages: `onChatMessageVisitor` (sent)
 * and `onChatMessageAgent` (received) in the chat `onChatStarted` names. Signing out ends the
 * player's ongoing chat (`endChat`), so the next person at this device does not carry it on.
 */
export const tawk: ChatAdapterFactory = (context) => {
  const property = required(context.config, 'id', 'license');
  if (!property) return null;
  const widget = context.config.widget_id ?? 'default';
  const w = providerWindow<TawkGlobals>();
  const api = (): TawkApi => (w.Tawk_API ??= {});
  const call = whenReady(() => typeof api().hideWidget === 'function');
  let visible = true;
  let chatId = 'current';
  let current: ChatPlayer | null = null;

  const attributes = (player: ChatPlayer) => ({
    id: player.id,
    ...(player.name ? { name: player.name } : {}),
    ...(player.email ? { email: player.email } : {}),
  });

  return {
    provider: 'tawk',
    async start(player) {
      current = player;
      const tawk = api();
      w.Tawk_LoadStart ??= new Date();
      if (player)
        tawk.visitor = { name: player.name ?? undefined, email: player.email ?? undefined };
      tawk.onChatStarted = (data) => {
        if (data?.chatId) chatId = data.chatId;
      };
      tawk.onChatMessageVisitor = (message) => {
        if (message) context.record({ conversationId: chatId, text: message, event: 'sent' });
      };
      tawk.onChatMessageAgent = (message) => {
        if (message) context.record({ conversationId: chatId, text: message, event: 'received' });
      };
      call('badge', () => (visible ? api().showWidget?.() : api().hideWidget?.()));
      await loadScript(
        context.config.src ??
          `https://embed.tawk.to/${encodeURIComponent(property)}/${encodeURIComponent(widget)}`,
        { charset: 'UTF-8', crossorigin: '*' },
      );
    },
    setPlayer(player) {
      const previous = current;
      current = player;
      if (player) {
        call('identify', () => api().setAttributes?.(attributes(player), () => {}));
      } else if (previous) {
        call('identify', () => api().endChat?.());
      }
    },
    setBadgeVisible(next) {
      visible = next;
      call('badge', () => (next ? api().showWidget?.() : api().hideWidget?.()));
    },
    open() {
      call('open', () => api().maximize?.());
    },
  };
};
