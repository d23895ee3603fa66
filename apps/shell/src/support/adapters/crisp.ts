import { loadScript } from './script.ts';
import {
  languageOf,
  providerWindow,
  required,
  type ChatAdapterFactory,
  type ChatPlayer,
} from './types.ts';

type CrispQueue = unknown[][] & { get?: (name: string) => unknown };
interface CrispGlobals {
  $crisp?: CrispQueue;
  CRISP_WEBSITE_ID?: string;
  CRISP_RUNTIME_CONFIG?: { locale?: string };
}

interface CrispMessage {
  type?: string;
  content?: unknown;
}

/**
 * Crisp (`id` is the website id; `src` may replace `client.crisp.chat/l.js`), through its
 * documented `$crisp` queue, async-safe before the chatbox loads: `user:email`, `user:nickname`
 * and the uid as session data; `chat:hide`/`chat:show` for the badge; `chat:open`. Messages:
 * `message:sent` and `message:received` (text ones), in the session `session:identifier` names.
 * Signing out empties the nickname and the uid (the conversation stays with Crisp).
 */
export const crisp: ChatAdapterFactory = (context) => {
  const website = required(context.config, 'id', 'widget_id', 'license');
  if (!website) return null;
  const w = providerWindow<CrispGlobals>();
  const queue = (): CrispQueue => (w.$crisp ??= []);
  let visible = true;
  let listening = false;

  const identify = (player: ChatPlayer | null) => {
    if (player?.email) queue().push(['set', 'user:email', [player.email]]);
    queue().push(['set', 'user:nickname', [player?.name ?? '']]);
    queue().push(['set', 'session:data', [[['player_id', player?.id ?? '']]]]);
  };

  const recorder = (event: 'sent' | 'received') => (message: CrispMessage) => {
    if (message?.type !== 'text' || typeof message.content !== 'string' || !message.content) return;
    let conversationId = 'current';
    try {
      const session = queue().get?.('session:identifier');
      if (typeof session === 'string' && session) conversationId = session;
    } catch {
      // Not loaded yet: no session to name.
    }
    context.record({ conversationId, text: message.content, event });
  };

  return {
    provider: 'crisp',
    async start(player) {
      queue();
      w.CRISP_WEBSITE_ID = website;
      w.CRISP_RUNTIME_CONFIG = { ...w.CRISP_RUNTIME_CONFIG, locale: languageOf(context) };
      if (!listening) {
        listening = true;
        queue().push(['on', 'message:sent', recorder('sent')]);
        queue().push(['on', 'message:received', recorder('received')]);
      }
      identify(player);
      queue().push(['do', visible ? 'chat:show' : 'chat:hide']);
      await loadScript(context.config.src ?? 'https://client.crisp.chat/l.js');
    },
    setPlayer: identify,
    setBadgeVisible(next) {
      visible = next;
      queue().push(['do', next ? 'chat:show' : 'chat:hide']);
    },
    open() {
      queue().push(['do', 'chat:open']);
    },
  };
};
