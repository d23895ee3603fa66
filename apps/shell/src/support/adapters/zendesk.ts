import { loadScript, whenReady } from './script.ts';
import {
  languageOf,
  providerWindow,
  required,
  type ChatAdapterFactory,
  type ChatPlayer,
} from './types.ts';

type ZendeskApi = (widget: string, method: string, ...args: unknown[]) => void;
interface ZendeskGlobals {
  zE?: ZendeskApi;
}

/**
 * Zendesk's Web Widget (`id` is the snippet key of `static.zdassets.com/ekr/snippet.js?key=…`,
 * loaded with the `ze-snippet` id Zendesk requires). Its Web Widget (Classic) API:
 * `identify` and `prefill` with the player's name and e-mail (the messaging widget would need a
 * server-signed JWT to name a player), `setLocale`, `show`/`hide` for the badge and `open`. `zE`
 * exists only once the snippet has run: each call waits for it (§9 timer). Signing out empties
 * the prefill. Its API tells of no message texts: no chat events.
 */
export const zendesk: ChatAdapterFactory = (context) => {
  const key = required(context.config, 'id', 'widget_id', 'license');
  if (!key) return null;
  const w = providerWindow<ZendeskGlobals>();
  const call = whenReady(() => typeof w.zE === 'function');
  let visible = true;

  const identify = (player: ChatPlayer | null) =>
    call('identify', () => {
      if (player)
        w.zE!('webWidget', 'identify', { name: player.name ?? '', email: player.email ?? '' });
      w.zE!('webWidget', 'prefill', {
        name: { value: player?.name ?? '' },
        email: { value: player?.email ?? '' },
      });
    });

  return {
    provider: 'zendesk',
    async start(player) {
      call('locale', () => w.zE!('webWidget', 'setLocale', languageOf(context)));
      call('badge', () => w.zE!('webWidget', visible ? 'show' : 'hide'));
      identify(player);
      await loadScript(
        context.config.src ??
          `https://static.zdassets.com/ekr/snippet.js?key=${encodeURIComponent(key)}`,
        { id: 'ze-snippet' },
      );
    },
    setPlayer: identify,
    setBadgeVisible(next) {
      visible = next;
      call('badge', () => w.zE!('webWidget', next ? 'show' : 'hide'));
    },
    open() {
      call('open', () => w.zE!('webWidget', 'open'));
    },
  };
};
