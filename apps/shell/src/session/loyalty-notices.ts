/**
 * §4 loyalty toasts for a signed-in player (issue #27): loyalty/getnotifications is asked at most
 * every 30 s (its answer marks what it returns seen, so each notice comes once); the notices a
 * fetch brings show `delayMs` after it (§9: 300 ms), each for `durationMs` (§9: 5 s), with one
 * chime at `volume` (§9: 0.5) for the batch. No React and no DOM here: the page gives the fetch,
 * the toast and the chime, tests give fakes and a fake clock.
 */
import { matchRoute } from '@northstar/shell-sdk/page-rules';
import type { RouteId } from '@northstar/shell-sdk/routes';

/** §4: no more often than this, whatever remounts or route changes happen. */
export const LOYALTY_POLL_MS = 30_000;

export interface LoyaltyNoticeSettings {
  /** §9 loyalty notice delay (site config `noticeDelayMs`, default 300). */
  delayMs: number;
  /** §9 how long a notice shows (site config `noticeSeconds` × 1000, default 5000). */
  durationMs: number;
  /** §9 the chime's volume, 0–1 (site config `noticeSoundVolume`, default 0.5). */
  volume: number;
}

export interface LoyaltyNoticeDeps<N> {
  fetch: () => Promise<readonly N[]>;
  show: (notice: N, durationMs: number) => void;
  chime: (volume: number) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** When this player's notices were last asked for (kept across remounts of the watcher). */
  lastFetchAt?: { value: number | null };
}

/** The settings from the site config's `loyalty` section (§9 defaults when absent). */
export function noticeSettings(
  section: { noticeSeconds?: number; noticeSoundVolume?: number; noticeDelayMs?: number } = {},
): LoyaltyNoticeSettings {
  const seconds = section.noticeSeconds ?? 5;
  const volume = section.noticeSoundVolume ?? 0.5;
  return {
    delayMs: Math.max(0, section.noticeDelayMs ?? 300),
    durationMs: Math.max(0, seconds) * 1000,
    volume: Math.min(1, Math.max(0, volume)),
  };
}

/**
 * How a notice shows: a completed quest is a popup (§2 LoyaltyQuestPopup, issue #27) on the
 * loyalty pages (`/loyalty…`, `/profile/loyalty`), where the player is following their programme,
 * and waits there in the dialog queue; anywhere else, and for every other trigger, it is a toast
 * that goes by itself. A first deposit completes a quest: a popup on the next page would stand in
 * the way of what the player came to do (play, withdraw), which a toast never does.
 */
export function noticePresentation(
  notice: { trigger: string },
  pathname: string,
): 'popup' | 'toast' {
  if (notice.trigger !== 'quest') return 'toast';
  const route = matchRoute(pathname)?.id;
  return route !== undefined && LOYALTY_PAGES.has(route) ? 'popup' : 'toast';
}

/** The pages where a player follows their programme (the route table's ids). */
const LOYALTY_PAGES: ReadonlySet<RouteId> = new Set([
  'loyalty',
  'loyaltyShop',
  'loyaltyProgram',
  'profileLoyalty',
]);

/** Starts the polling; answers the function that stops it (sign-out, unmount). */
export function startLoyaltyNotices<N>(
  settings: LoyaltyNoticeSettings,
  deps: LoyaltyNoticeDeps<N>,
): () => void {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const last = deps.lastFetchAt ?? { value: null };
  const timers = new Set<unknown>();
  let stopped = false;

  const later = (run: () => void, ms: number) => {
    const handle = setTimer(() => {
      timers.delete(handle);
      if (!stopped) run();
    }, ms);
    timers.add(handle);
  };

  const poll = async () => {
    last.value = now();
    let notices: readonly N[] = [];
    try {
      notices = await deps.fetch();
    } catch {
      notices = []; // a failed poll is tried again at the next one
    }
    if (stopped) return;
    if (notices.length > 0) {
      later(() => {
        for (const notice of notices) deps.show(notice, settings.durationMs);
        deps.chime(settings.volume);
      }, settings.delayMs);
    }
    later(() => void poll(), LOYALTY_POLL_MS);
  };

  const since = last.value === null ? Infinity : now() - last.value;
  if (since >= LOYALTY_POLL_MS) void poll();
  else later(() => void poll(), LOYALTY_POLL_MS - since);

  return () => {
    stopped = true;
    for (const handle of timers) clearTimer(handle);
    timers.clear();
  };
}
