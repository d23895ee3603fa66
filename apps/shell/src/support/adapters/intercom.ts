import { loadScript } from './script.ts';
import {
  languageOf,
  providerWindow,
  required,
  type ChatAdapterFactory,
  type ChatPlayer,
} from './types.ts';

type IntercomApi = ((method: string, ...args: unknown[]) => void) & { q?: unknown[][] };
interface IntercomGlobals {
  Intercom?: IntercomApi;
}

/**
 * Intercom's Messenger (`id` is the app id; `src` may replace `widget.intercom.io/widget/{id}`),
 * through its documented `Intercom(method, …)` API: `boot` with `user_id`, `name` and `email`,
 * `update`, `show`, and the launcher shown or hidden with `hide_default_launcher`.
 *
 * §4 "one provider clears history on logout": this one. On sign-out it calls
 * `Intercom('shutdown')`, which Intercom documents as clearing the player's conversations from the
 * Messenger on this device (its cookie would otherwise keep them for a week), then boots again as a
 * visitor. Intercom's JS API tells of no message texts, so it records no chat events.
 */
export const intercom: ChatAdapterFactory = (context) => {
  const appId = required(context.config, 'id', 'widget_id', 'license');
  if (!appId) return null;
  const w = providerWindow<IntercomGlobals>();
  let visible = true;
  let current: ChatPlayer | null = null;

  /** The documented snippet's queue: calls wait in `q` until the Messenger's script has loaded. */
  const api = (): IntercomApi => {
    if (typeof w.Intercom === 'function') return w.Intercom;
    const queue: IntercomApi = (...args: unknown[]) => void queue.q!.push(args);
    queue.q = [];
    w.Intercom = queue;
    return queue;
  };

  const settings = (player: ChatPlayer | null) => ({
    app_id: appId,
    language_override: languageOf(context),
    hide_default_launcher: !visible,
    ...(player
      ? {
          user_id: player.id,
          ...(player.name ? { name: player.name } : {}),
          ...(player.email ? { email: player.email } : {}),
        }
      : {}),
  });

  return {
    provider: 'intercom',
    async start(player) {
      current = player;
      api()('boot', settings(player));
      await loadScript(
        context.config.src ?? `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`,
      );
    },
    setPlayer(player) {
      const previous = current;
      current = player;
      if (previous && previous.id !== player?.id) {
        // Signed out, or another player signed in on this device: nothing of the last one stays.
        api()('shutdown');
        api()('boot', settings(player));
        return;
      }
      api()('update', settings(player));
    },
    setBadgeVisible(next) {
      visible = next;
      api()('update', { hide_default_launcher: !next });
      if (!next) api()('hide');
    },
    open() {
      api()('show');
    },
  };
};
