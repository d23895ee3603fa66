import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MethodRef } from '@northstar/api-client/transport';
import type { ResponseOf } from '@northstar/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  apiQueryKey,
  confirm,
  methodRef,
  routePath,
  showToast,
  useShellNavigation,
  useSiteConfig,
} from '@northstar/shell-sdk';
import { playChime } from './loyalty-chime.ts';
import { noticePresentation, noticeSettings, startLoyaltyNotices } from './loyalty-notices.ts';
import { shellApi } from './shell-api.ts';

/** §7 loyalty/getnotifications: its ref lives here, in the signed-in chunk, not in shell-api.ts. */
const NOTIFICATIONS = methodRef('loyalty', 'getnotifications');
type Notifications = typeof NOTIFICATIONS extends MethodRef<infer M> ? ResponseOf<M> : never;
type LoyaltyNotification = Notifications['items'][number];

/** When each player's notices were last asked for: a remount does not ask again sooner (§4). */
const lastFetch = new Map<number, { value: number | null }>();

/**
 * §4 loyalty toasts for the signed-in player (loyalty-notices.ts does the timing): part of the
 * player's watchers, so a visitor's first page never downloads it. The texts come translated from
 * the platform (in the page's locale). A completed quest is a popup on the loyalty pages (§2
 * LoyaltyQuestPopup, loyalty-notices.ts `noticePresentation`): its reward is credited, and the
 * player is offered the way to their quests.
 */
export function useLoyaltyToasts(uid: number): void {
  const section = useSiteConfig('loyalty');
  const { delayMs, durationMs, volume } = noticeSettings(section);
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const { locale, navigate, pathname } = useShellNavigation();
  const labels = {
    quests: t({ id: 'loyalty.questPopup.quests', message: 'See my quests' }),
    close: t({ id: 'loyalty.questPopup.close', message: 'Close' }),
  };
  // What the popup needs when a notice comes (the page may have changed since the poll began).
  const popup = useRef({ labels, locale, navigate, pathname });
  useEffect(() => {
    popup.current = { labels, locale, navigate, pathname };
  });

  useEffect(() => {
    let last = lastFetch.get(uid);
    if (!last) lastFetch.set(uid, (last = { value: null }));
    return startLoyaltyNotices<LoyaltyNotification>(
      { delayMs, durationMs, volume },
      {
        fetch: async () => {
          const { items } = (await shellApi.send(NOTIFICATIONS)) as Notifications;
          // Something happened to the player's points or level: the loyalty pages read them again.
          if (items.length > 0) {
            void queryClient.invalidateQueries({ queryKey: apiQueryKey('loyalty', 'getinfo') });
          }
          return items;
        },
        show: (notice, duration) => {
          if (noticePresentation(notice, popup.current.pathname) === 'popup') {
            const { labels: words, locale: here, navigate: go } = popup.current;
            void confirm({
              id: `loyalty-quest-${notice.id}`,
              title: notice.title,
              text: notice.message,
              agreeLabel: words.quests,
              rejectLabel: words.close,
            }).then((agreed) => {
              if (agreed) go(routePath('loyalty', {}, here));
            });
            return;
          }
          showToast({
            id: `loyalty-notice-${notice.id}`,
            tone: notice.type === 'credit' ? 'success' : 'info',
            title: notice.title,
            text: notice.message,
            duration,
          });
        },
        chime: playChime,
        lastFetchAt: last,
      },
    );
  }, [uid, delayMs, durationMs, volume, queryClient]);
}
