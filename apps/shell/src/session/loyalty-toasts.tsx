import { useEffect } from 'react';
import type { MethodRef } from '@northstar/api-client/transport';
import type { ResponseOf } from '@northstar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, methodRef, showToast, useSiteConfig } from '@northstar/shell-sdk';
import { playChime } from './loyalty-chime.ts';
import { noticeSettings, startLoyaltyNotices } from './loyalty-notices.ts';
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
 * the platform (in the page's locale).
 */
export function useLoyaltyToasts(uid: number): void {
  const section = useSiteConfig('loyalty');
  const { delayMs, durationMs, volume } = noticeSettings(section);
  const queryClient = useQueryClient();
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
        show: (notice, duration) =>
          showToast({
            id: `loyalty-notice-${notice.id}`,
            tone: notice.type === 'credit' ? 'success' : 'info',
            title: notice.title,
            text: notice.message,
            duration,
          }),
        chime: playChime,
        lastFetchAt: last,
      },
    );
  }, [uid, delayMs, durationMs, volume, queryClient]);
}
