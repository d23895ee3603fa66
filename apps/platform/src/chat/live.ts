import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { resolveSession, resolveStaffSession } from '../identity/index.ts';
import { openEventStream, type EventStream } from '../lib/event-stream.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { listenTo, type Unlisten } from '../shared-store/index.ts';
import {
  CHAT_CHANNEL,
  eventsAfter,
  latestChatSeq,
  touchPresence,
  type EventRow,
} from './service.ts';

/**
 * The chat's live streams (issue #30): Server-Sent Events of a player's conversation
 * (`/platform/chat/stream`) and of every conversation for the agents' console
 * (`/platform/staff/chat/stream`), as the odds stream does it (sportsbook/live.ts): one hub per
 * instance reads the kept events once per `NOTIFY chat_events` (from whichever instance wrote
 * them) and hands each watcher its own. Resumable by `Last-Event-ID` (or `?after=`): the events
 * after it come from `chat_events` first, then the live ones, through one queue, with no gap and
 * nothing twice. Typing is not kept: it travels in the NOTIFY's payload and has no id.
 */

/** How often an open console says its agent is still there (chat/getstatus). */
const PRESENCE_EVERY_MS = 30_000;

export interface ChatWatcher {
  /** A player's stream (their conversations only), or null for the agents' console (every one). */
  playerId: number | null;
  /** The last seq it has: nothing at or before it is sent. */
  after: number;
  send(message: { event: string; id: number | null; data: string }): void;
}

/** A typing notice as it travels in the NOTIFY payload. */
interface TypingNotice {
  typing: { conversation_id: number; from: 'player' | 'agent'; typing: boolean };
  player_id: number;
}

export class ChatHub {
  private readonly watchers = new Set<ChatWatcher>();
  private unlisten: Unlisten | null = null;
  private seq = 0;
  private queue: Promise<void> = Promise.resolve();
  private reading = false;
  private again = false;
  readonly closers = new Set<() => void>();
  private readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
  }

  async start(): Promise<void> {
    this.seq = await latestChatSeq(this.app.database.db);
    this.unlisten = await listenTo(this.app.database, CHAT_CHANNEL, {
      notified: (payload) => this.notified(payload),
      reset: () => this.read(),
    });
  }

  async stop(): Promise<void> {
    for (const close of [...this.closers]) close();
    await this.unlisten?.();
    this.unlisten = null;
    await this.queue;
    this.watchers.clear();
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  /** Waits for the reads under way (tests). */
  async settled(): Promise<void> {
    await this.queue;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task).catch((error: unknown) => {
      console.error('[chat] the chat stream failed', error);
    });
    this.queue = next;
    return next;
  }

  private notified(payload: string): void {
    if (payload === '') {
      this.read();
      return;
    }
    let notice: TypingNotice;
    try {
      notice = JSON.parse(payload) as TypingNotice;
    } catch {
      return;
    }
    // Through the queue: a typing notice never overtakes the message it came after.
    void this.enqueue(async () => {
      const data = JSON.stringify(notice.typing);
      for (const watcher of this.watchers) {
        // Players hear the agent typing in their own conversation; agents hear players.
        const mine =
          watcher.playerId === null
            ? notice.typing.from === 'player'
            : watcher.playerId === notice.player_id && notice.typing.from === 'agent';
        if (mine) watcher.send({ event: 'typing', id: null, data });
      }
    });
  }

  /** Reads the events after the last one read and sends them on; coalesces notifications. */
  read(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.enqueue(async () => {
      try {
        do {
          this.again = false;
          for (;;) {
            const latest = await latestChatSeq(this.app.database.db);
            if (latest <= this.seq) break;
            const rows = await eventsAfter(this.app.database.db, this.seq, latest, null);
            if (rows.length === 0) break;
            this.seq = Number(rows.at(-1)!.seq);
            for (const watcher of this.watchers) sendRows(watcher, rows);
          }
        } while (this.again);
      } finally {
        this.reading = false;
      }
    });
  }

  /**
   * Adds a watcher; answers the unsubscribe. `after`: the last seq it has (Last-Event-ID or the
   * page's read), whose later events it gets first; null: only what happens from now on.
   */
  async subscribe(watcher: ChatWatcher, after: number | null): Promise<() => void> {
    await this.enqueue(async () => {
      if (after === null) {
        // From now on: from the latest event stored, which this hub may not have read yet (its
        // NOTIFY still on the way), so an event of just before is not sent as if it were new.
        watcher.after = Math.max(this.seq, await latestChatSeq(this.app.database.db));
      } else if (after > this.seq) {
        watcher.after = after;
      } else {
        watcher.after = after;
        let from = after;
        while (from < this.seq) {
          const rows = await eventsAfter(this.app.database.db, from, this.seq, watcher.playerId);
          if (rows.length === 0) break;
          sendRows(watcher, rows);
          from = Number(rows.at(-1)!.seq);
        }
      }
      this.watchers.add(watcher);
    });
    return () => {
      this.watchers.delete(watcher);
    };
  }
}

function sendRows(watcher: ChatWatcher, rows: EventRow[]): void {
  for (const row of rows) {
    const seq = Number(row.seq);
    if (seq <= watcher.after) continue;
    if (watcher.playerId !== null && row.player_id !== watcher.playerId) continue;
    watcher.after = seq;
    watcher.send({ event: row.kind, id: seq, data: JSON.stringify(row.payload) });
  }
}

/** Announces a typing notice to every instance's streams (not kept). */
export async function announceTyping(app: AppContext, notice: TypingNotice): Promise<void> {
  await app.database.query(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * `Last-Event-ID`, else `?after=`: a seq, null when neither is given, undefined when malformed.
 * The header first: a browser's EventSource reconnects to the same URL (its `after` is where the
 * page started) and says in the header how far it got since.
 */
function resumeFrom(request: FastifyRequest): number | null | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = request.headers['last-event-id'] ?? query.after;
  if (value === undefined) return null;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

const frame = (message: { event: string; id: number | null; data: string }) =>
  `${message.id === null ? '' : `id: ${message.id}\n`}event: ${message.event}\ndata: ${message.data}\n\n`;

/**
 * Subscribes a watcher, then opens the stream: when the client has the response's headers it is
 * already watching, so a post it makes next is never missed (what arrives in between waits).
 */
async function subscribed(
  hub: ChatHub,
  playerId: number | null,
  after: number | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<EventStream & { unsubscribe: () => void }> {
  let stream: EventStream | null = null;
  const waiting: string[] = [];
  const watcher: ChatWatcher = {
    playerId,
    after: 0,
    send: (message) => (stream ? stream.send(frame(message)) : waiting.push(frame(message))),
  };
  const unsubscribe = await hub.subscribe(watcher, after);
  const open = openEventStream(request, reply, hub.closers);
  for (const text of waiting) open.send(text);
  stream = open;
  return { ...open, unsubscribe };
}

export function registerChatStreams(server: FastifyInstance, app: AppContext, hub: ChatHub) {
  /** The player's own conversations: 401 without a player session. */
  server.get('/platform/chat/stream', async (request, reply) => {
    const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
    if (!session) return reply.code(401).type('text/plain').send('Sign in to chat');
    const after = resumeFrom(request);
    if (after === undefined) return reply.code(400).type('text/plain').send('Malformed resume');
    const stream = await subscribed(hub, session.playerId, after, request, reply);
    stream.onClose(stream.unsubscribe);
  });

  /** Every conversation, for the agents' console: the back-office session, support or admin. */
  server.get('/platform/staff/chat/stream', async (request, reply) => {
    const staff = await resolveStaffSession(app, request);
    if (!staff) return reply.code(401).type('text/plain').send('Sign in to the back office');
    if (!staff.roles.some((role) => role === 'support' || role === 'admin')) {
      return reply.code(403).type('text/plain').send('Support agents only');
    }
    const after = resumeFrom(request);
    if (after === undefined) return reply.code(400).type('text/plain').send('Malformed resume');
    await touchPresence(app.database.db, staff.id, app.now());
    const stream = await subscribed(hub, null, after, request, reply);
    const presence = setInterval(() => {
      touchPresence(app.database.db, staff.id, app.now()).catch(() => {});
    }, PRESENCE_EVERY_MS);
    presence.unref();
    stream.onClose(() => {
      clearInterval(presence);
      stream.unsubscribe();
    });
  });
}
