import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { SportsbookChange } from '@northstar/contract';
import {
  bettingApi,
  bettingKey,
  bettingKeyPrefix,
  BETTING_METHODS,
  useViewer,
  type Book,
  type FreeBet,
  type OddsChangeSetting,
  type SbBet,
  type SbEvent,
  type Sport,
  type SportSummary,
} from './api.ts';
import { applyToBook, applyToEvent, mergeLive } from './book-model.ts';
import { liveAtom } from './live.ts';

/**
 * The betting pages' reads (issue #29): plain queries in the page's one QueryClient, so the
 * shell's server render fetches the first screen's book and the browser hydrates with it; then
 * the odds stream keeps them current (useOddsStream).
 */

export type When = 'live' | 'today' | 'upcoming' | 'all';

export interface BookFilter {
  sport?: Sport;
  competition_id?: number;
  when: When;
}

export const sportsQuery = () => ({
  queryKey: bettingKey('sports'),
  queryFn: async () => (await bettingApi.send(BETTING_METHODS.sports)) as SportSummary[],
});

export function useSports() {
  return useQuery(sportsQuery());
}

/** The first page of events (the lists show 100 at most; a sport's day rarely has more). */
export const eventsQuery = (filter: BookFilter) => ({
  queryKey: bettingKey('events', { ...filter, count: 100 }),
  queryFn: async () =>
    (await bettingApi.send(BETTING_METHODS.events, { ...filter, count: 100 })) as Book,
});

export function useEvents(filter: BookFilter) {
  return useQuery({ ...eventsQuery(filter), placeholderData: keepPreviousData });
}

export const eventQuery = (id: number) => ({
  queryKey: bettingKey('event', { id }),
  queryFn: async () =>
    (await bettingApi.send(BETTING_METHODS.event, { id })) as { event: SbEvent; seq: string },
});

export function useEvent(id: number) {
  return useQuery({ ...eventQuery(id), retry: false });
}

export type BetsStatus = 'open' | 'settled';

export function useBets(status: BetsStatus) {
  const viewer = useViewer();
  return useQuery({
    queryKey: bettingKey('bets', { status, viewer }),
    queryFn: async () =>
      (await bettingApi.send(BETTING_METHODS.bets, { status, count: 50 })) as {
        total: number;
        items: SbBet[];
      },
    enabled: viewer !== null && viewer > 0,
    // Cash-out values move with the odds: asked again while the list is on screen.
    refetchInterval: status === 'open' ? 10_000 : false,
  });
}

export function useOddsSetting() {
  const viewer = useViewer();
  return useQuery({
    queryKey: bettingKey('settings', { viewer }),
    queryFn: async () =>
      (await bettingApi.send(BETTING_METHODS.settings)) as { odds_change: OddsChangeSetting },
    enabled: viewer !== null && viewer > 0,
  });
}

export interface Watch {
  events?: readonly number[];
  competition?: number;
  sport?: Sport;
}

export type StreamStatus = 'connecting' | 'live' | 'offline';

/** The stream's address for a watch, from `after` (the book's read position). */
export function streamUrl(watch: Watch, after: string): string {
  const query = new URLSearchParams();
  if (watch.events?.length) query.set('event', watch.events.join(','));
  if (watch.competition) query.set('competition', String(watch.competition));
  if (watch.sport) query.set('sport', watch.sport);
  query.set('after', after);
  return `/platform/sportsbook/stream?${query.toString()}`;
}

/**
 * The odds stream (`/platform/sportsbook/stream`, Server-Sent Events): every change after the
 * book's read position `after` is applied to the cached book pages and event pages, and to the
 * slip's live state. EventSource reconnects by itself with `Last-Event-ID` (nothing lost or sent
 * twice); a `reset` (the page is further behind than the server keeps) reads the book again.
 * Opened in an effect only (no EventSource on the server).
 */
export function useOddsStream(watch: Watch, after: string | undefined): StreamStatus {
  const queryClient = useQueryClient();
  const setLive = useSetAtom(liveAtom);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const key = JSON.stringify(watch);
  // The stream opens from the position the book was read at; the changes applied move the
  // cached position on, which must not open it again (the browser resumes by itself).
  const position = useRef(after);
  useEffect(() => {
    position.current = after;
  });
  const ready = after !== undefined;
  useEffect(() => {
    const from = position.current;
    if (from === undefined || typeof EventSource === 'undefined') return undefined;
    const parsed = JSON.parse(key) as Watch;
    const source = new EventSource(streamUrl(parsed, from), { withCredentials: true });
    source.onopen = () => setStatus('live');
    source.onerror = () => {
      setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    };
    source.addEventListener('changes', (message) => {
      const { data, lastEventId } = message as MessageEvent<string>;
      let changes: SportsbookChange[];
      try {
        changes = JSON.parse(data) as SportsbookChange[];
      } catch {
        return;
      }
      setStatus('live');
      queryClient.setQueriesData<Book>({ queryKey: bettingKeyPrefix('events') }, (book) =>
        book ? applyToBook(book, changes, lastEventId || book.seq) : book,
      );
      queryClient.setQueriesData<{ event: SbEvent; seq: string }>(
        { queryKey: bettingKeyPrefix('event') },
        (page) =>
          page && changes.some((change) => change.event_id === page.event.id)
            ? { event: applyToEvent(page.event, changes, true), seq: lastEventId || page.seq }
            : page,
      );
      setLive((live) => mergeLive(live, changes));
    });
    source.addEventListener('reset', () => {
      void queryClient.invalidateQueries({ queryKey: bettingKeyPrefix('events') });
      void queryClient.invalidateQueries({ queryKey: bettingKeyPrefix('event') });
    });
    return () => source.close();
  }, [key, ready, queryClient, setLive]);
  return status;
}

/** The player's active free bets (activated on the bonuses page), for the slip's stake. */
export function useActiveFreeBets() {
  const viewer = useViewer();
  return useQuery({
    queryKey: bettingKey('freeBets', { status: 'active', viewer }),
    queryFn: async () =>
      (await bettingApi.send(BETTING_METHODS.freeBets, { status: 'active' })) as {
        items: FreeBet[];
      },
    enabled: viewer !== null && viewer > 0,
  });
}
