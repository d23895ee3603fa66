import { loadScript, pollUntil, whenReady } from './script.ts';
import { providerWindow, required, type ChatAdapterFactory, type ChatPlayer } from './types.ts';

interface JivoApi {
  setContactInfo?: (info: { name?: string; email?: string; description?: string }) => void;
  setUserToken?: (token: string) => void;
  open?: () => void;
  close?: () => void;
}
interface JivoGlobals {
  jivo_api?: JivoApi;
  jivo_onLoadCallback?: () => void;
}

/**
 * Jivo's badge: the widget draws itself in `<jdiv>` elements at the end of the body, and its API
 * has no call to hide it. A §9 timer looks for them and hides or shows them.
 */
const BADGE_SELECTOR = 'body > jdiv';

function applyBadge(visible: boolean): boolean {
  const badges = [...document.querySelectorAll<HTMLElement>(BADGE_SELECTOR)];
  for (const badge of badges) {
    if (visible) badge.style.removeProperty('display');
    else badge.style.setProperty('display', 'none', 'important');
  }
  return badges.length > 0;
}

/**
 * Jivo (JivoChat; `widget_id`, or `id`, is the widget of `code.jivosite.com/widget/{id}`, which
 * `src` may replace), through its documented `jivo_api`: `setContactInfo` with the player's name
 * and e-mail and `setUserToken` with their uid, `open`. `jivo_api` exists once the widget has
 * loaded (`jivo_onLoadCallback`, and a §9 timer). The badge is found in the page (above). Signing
 * out empties the contact info. Its callbacks carry no message texts: no chat events.
 */
export const jivo: ChatAdapterFactory = (context) => {
  const widget = required(context.config, 'widget_id', 'id');
  if (!widget) return null;
  const w = providerWindow<JivoGlobals>();
  const call = whenReady(() => typeof w.jivo_api?.setContactInfo === 'function');
  let visible = true;
  let stopBadge: () => void = () => {};

  const identify = (player: ChatPlayer | null) =>
    call('identify', () => {
      w.jivo_api!.setContactInfo!({ name: player?.name ?? '', email: player?.email ?? '' });
      w.jivo_api!.setUserToken?.(player?.id ?? '');
    });

  const badge = () => {
    stopBadge();
    const wanted = visible;
    stopBadge = pollUntil(() => applyBadge(wanted));
  };

  return {
    provider: 'jivo',
    async start(player) {
      const previous = w.jivo_onLoadCallback;
      w.jivo_onLoadCallback = () => {
        previous?.();
        badge();
      };
      identify(player);
      if (!visible) badge();
      await loadScript(
        context.config.src ?? `https://code.jivosite.com/widget/${encodeURIComponent(widget)}`,
      );
    },
    setPlayer: identify,
    setBadgeVisible(next) {
      visible = next;
      if (!next) call('close', () => w.jivo_api!.close?.());
      badge();
    },
    open() {
      call('open', () => w.jivo_api!.open?.());
    },
  };
};
