import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergeLive, type Board, type LiveEvent } from './tournament-model.ts';
import { liveBoardQuery, useLiveBoard, useViewer } from './tournament-queries.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * The live leaderboard (issue #27): the first screen is leaderboard/live's answer (server
 * rendered), then the platform's Server-Sent Events stream (`/platform/tournaments/{id}/live`,
 * one per tournament per instance, shared by every viewer) replaces it with each newer revision.
 * EventSource reconnects by itself and sends `Last-Event-ID`, so a viewer that lost the stream
 * gets the current board back and nothing twice. Opened in an effect only (no EventSource on
 * the server), closed when the page goes or the viewer changes.
 */
export function useLiveLeaderboard(id: number, url: string | null) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const board = useLiveBoard(id);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') {
      // No stream here: the board stays the server's answer (said after this render).
      const later = setTimeout(() => setStatus('offline'), 0);
      return () => clearTimeout(later);
    }
    const key = liveBoardQuery(id, viewer).queryKey;
    const source = new EventSource(url, { withCredentials: true });
    source.onopen = () => setStatus('live');
    source.onerror = () => {
      // EventSource retries by itself (the stream's `retry: 2000`); CLOSED means it gave up.
      setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    };
    source.addEventListener('leaderboard', (message) => {
      setStatus('live');
      let event: LiveEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
      } catch {
        return;
      }
      queryClient.setQueryData<Board | null>(key, (current) => mergeLive(current, event));
    });
    return () => source.close();
  }, [id, url, viewer, queryClient]);

  return { board, status };
}
