import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { openEventStream } from '../lib/event-stream.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { resolveSession } from '../identity/index.ts';
import { listenTo, type Unlisten } from '../shared-store/index.ts';
import { findCurrency } from '../reference/index.ts';
import { formatPoints, type Scoring } from './scoring.ts';
import { SCORES_CHANNEL, standings, tournamentById, type EntryRow } from './service.ts';

/**
 * The live leaderboard over Server-Sent Events (issue #27). One stream per tournament on each
 * instance, shared by all its viewers: a change of a score (the play-event consumer's commit, on
 * any instance) is announced by `NOTIFY tournament_scores`; the stream reads the board once and
 * sends every viewer the top rows and their own row. Each event is the board's whole state at a
 * revision (the SSE id), so a client that reconnects with `Last-Event-ID` gets the current state
 * if it missed anything and nothing if it did not. Changes are coalesced: a burst of rounds is one
 * read and one event per viewer.
 */

/** How many rows of the top an event carries (the page shows the top and the player's row). */
export const LIVE_TOP = 20;

export interface LiveRow {
  place: number | null;
  name: string;
  points: string;
  rounds: number;
  is_current_user: boolean;
}

export interface LiveState {
  tournament_id: number;
  revision: string;
  status: string;
  total_participants: number;
  top: LiveRow[];
  me: LiveRow | null;
}

interface Viewer {
  playerId: number | null;
  /** The last revision this viewer has (Last-Event-ID, then each event sent): never sent twice. */
  sent: bigint | null;
  send(event: { id: string; data: string }): void;
}

interface Stream {
  viewers: Set<Viewer>;
  revision: bigint;
  board: EntryRow[];
  status: string;
  points: PointsFormat;
  reading: Promise<void> | null;
  again: boolean;
}

/** How a board's points are written: its scoring and its currency's decimals. */
export type PointsFormat = (score: bigint) => string;

export function pointsFormat(scoring: Scoring, decimals: number): PointsFormat {
  return (score) => formatPoints(scoring, score, decimals);
}

export function liveRow(entry: EntryRow, playerId: number | null, points: PointsFormat): LiveRow {
  return {
    place: entry.place,
    name: entry.name,
    points: points(entry.score),
    rounds: entry.rounds,
    is_current_user: playerId !== null && entry.player_id === playerId,
  };
}

export class LeaderboardHub {
  private readonly streams = new Map<number, Stream>();
  private unlisten: Unlisten | null = null;
  /** Ends every open response (the server is closing). */
  readonly closers = new Set<() => void>();

  private readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
  }

  async start(): Promise<void> {
    this.unlisten = await listenTo(this.app.database, SCORES_CHANNEL, {
      notified: (payload) => {
        const id = Number(payload);
        if (this.streams.has(id)) this.refresh(id);
      },
      // Notifications may have been missed: every open stream reads its board again.
      reset: () => {
        for (const id of this.streams.keys()) this.refresh(id);
      },
    });
  }

  async stop(): Promise<void> {
    for (const close of [...this.closers]) close();
    await this.unlisten?.();
    this.unlisten = null;
    this.streams.clear();
  }

  /** Open streams on this instance (one per tournament, whatever the number of viewers). */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Adds a viewer; answers the unsubscribe. The first viewer of a tournament opens its stream. */
  async subscribe(id: number, viewer: Viewer, lastEventId: bigint | null): Promise<() => void> {
    const open = this.streams.get(id);
    const stream: Stream = open ?? {
      viewers: new Set(),
      revision: -1n,
      board: [],
      status: '',
      points: (score) => score.toString(),
      reading: null,
      again: false,
    };
    if (!open) {
      this.streams.set(id, stream);
      this.refresh(id);
    }
    viewer.sent = lastEventId;
    stream.viewers.add(viewer);
    await stream.reading;
    this.sendTo(id, stream, viewer);
    return () => {
      stream.viewers.delete(viewer);
      if (stream.viewers.size === 0 && this.streams.get(id) === stream) this.streams.delete(id);
    };
  }

  private refresh(id: number): void {
    const stream = this.streams.get(id);
    if (!stream) return;
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = (async () => {
      do {
        stream.again = false;
        try {
          const t = await tournamentById(this.app.database.db, id, this.app.now());
          if (!t) return;
          const board = await standings(this.app.database.db, id);
          const changed = t.revision !== stream.revision;
          stream.revision = t.revision;
          stream.board = board;
          stream.status = t.status;
          const decimals = (await findCurrency(this.app.database.db, t.currency))?.decimals ?? 2;
          stream.points = pointsFormat(t.scoring, decimals);
          if (changed) for (const viewer of stream.viewers) this.sendTo(id, stream, viewer);
        } catch (error) {
          console.error('[tournaments] the live leaderboard could not be read', error);
        }
      } while (stream.again);
    })().finally(() => {
      stream.reading = null;
    });
  }

  state(id: number, playerId: number | null): LiveState | null {
    const stream = this.streams.get(id);
    if (!stream) return null;
    return stateOf(id, stream.revision, stream.status, stream.board, playerId, stream.points);
  }

  private sendTo(id: number, stream: Stream, viewer: Viewer): void {
    if (stream.revision < 0n || (viewer.sent !== null && viewer.sent >= stream.revision)) return;
    viewer.sent = stream.revision;
    const state = stateOf(
      id,
      stream.revision,
      stream.status,
      stream.board,
      viewer.playerId,
      stream.points,
    );
    viewer.send({ id: stream.revision.toString(), data: JSON.stringify(state) });
  }
}

export function stateOf(
  id: number,
  revision: bigint,
  status: string,
  board: EntryRow[],
  playerId: number | null,
  points: PointsFormat,
): LiveState {
  const mine = playerId === null ? undefined : board.find((e) => e.player_id === playerId);
  return {
    tournament_id: id,
    revision: revision.toString(),
    status,
    total_participants: board.length,
    top: board.slice(0, LIVE_TOP).map((e) => liveRow(e, playerId, points)),
    me: mine ? liveRow(mine, playerId, points) : null,
  };
}

/**
 * `GET /platform/tournaments/:id/live` (text/event-stream): the live leaderboard of one
 * tournament; an unknown id is 404. Public (visitors watch too); a signed-in player's events
 * carry their own row as `me`.
 */
export function registerLiveRoute(server: FastifyInstance, app: AppContext, hub: LeaderboardHub) {
  server.get<{ Params: { id: string } }>(
    '/platform/tournaments/:id/live',
    async (request, reply) => {
      const id = Number(request.params.id);
      if (
        !/^\d{1,9}$/.test(request.params.id) ||
        !(await tournamentById(app.database.db, id, app.now()))
      ) {
        return reply.code(404).type('text/plain').send('No such tournament');
      }
      const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
      const header = request.headers['last-event-id'];
      const last = typeof header === 'string' && /^\d{1,19}$/.test(header) ? BigInt(header) : null;
      const stream = openEventStream(request, reply, hub.closers);
      const viewer: Viewer = {
        playerId: session?.playerId ?? null,
        sent: null,
        send: (event) =>
          stream.send(`id: ${event.id}\nevent: leaderboard\ndata: ${event.data}\n\n`),
      };
      stream.onClose(await hub.subscribe(id, viewer, last));
    },
  );
}
