import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/client.ts';
import { openEventStream } from '../lib/event-stream.ts';
import { listenTo, type Unlisten } from '../shared-store/index.ts';
import { CHANGES_CHANNEL, type EventChange } from './ingest.ts';

/**
 * The odds stream (issue #29): Server-Sent Events of the book's changes, changes only, for the
 * events, competitions or sports a page watches. One hub per instance reads each batch of changes
 * once (the ingest's `NOTIFY sportsbook_changes` wakes it, from whichever instance ingested) and
 * sends every watcher the ones it asked for: a thousand watchers cost one read.
 *
 * Resumable: each message's id is the last change's `seq`; a browser that reconnects with
 * `Last-Event-ID` (or a page that read the book at `?after=<seq>`) gets the changes after it from
 * `sb_changes`, then the live ones, with no gap and nothing twice (the catch-up and the live reads
 * are one queue). A client further behind than the log keeps (an hour) gets `reset`: read the
 * book again.
 */

/** The most changes one read takes; a bigger backlog is read in several. */
const READ_LIMIT = 2_000;
/** How many of the latest changes the hub keeps for watchers that join a little behind. */
const RECENT_KEPT = 5_000;

export interface Watch {
  events: ReadonlySet<number>;
  competitions: ReadonlySet<number>;
  sports: ReadonlySet<string>;
  /** Nothing named: every change. */
  all: boolean;
}

export interface Watcher {
  watch: Watch;
  /** The last seq it has: nothing at or before it is sent (a page may have read past the hub). */
  after: bigint;
  /** `changes`: a batch (its id the last seq); `reset`: read the book again. */
  send(message: { event: 'changes' | 'reset'; id: string | null; data: string }): void;
}

interface ChangeRow {
  seq: string;
  event_id: number;
  competition_id: number;
  sport: string;
  payload: EventChange;
}

export function watches(
  watch: Watch,
  change: Pick<ChangeRow, 'event_id' | 'competition_id' | 'sport'>,
): boolean {
  return (
    watch.all ||
    watch.events.has(change.event_id) ||
    watch.competitions.has(change.competition_id) ||
    watch.sports.has(change.sport)
  );
}

export class OddsHub {
  private readonly watchers = new Set<Watcher>();
  private unlisten: Unlisten | null = null;
  /** The last seq read; null until the first read. */
  private seq: bigint | null = null;
  /** Reads and subscriptions, one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private again = false;
  private reading = false;
  readonly closers = new Set<() => void>();
  /** Messages sent, for the fan-out bench. */
  sent = 0;
  /**
   * The changes read lately, in order (at most RECENT_KEPT): a watcher that joins a little
   * behind (a page read a moment ago, a reconnect) catches up from here, not from the database,
   * so a thousand joining at once cost no query each and hold no batch up behind them.
   */
  private recent: ChangeRow[] = [];
  /** The seq the buffer covers from (exclusive): it holds every change after it up to `seq`. */
  private recentFrom: bigint | null = null;

  private readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
  }

  async start(): Promise<void> {
    this.seq = await latestSeq(this.app);
    this.recentFrom = this.seq;
    this.unlisten = await listenTo(this.app.database, CHANGES_CHANNEL, {
      notified: () => this.read(),
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

  /** Waits for the reads under way (tests and the bench). */
  async settled(): Promise<void> {
    await this.queue;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task).catch((error: unknown) => {
      console.error('[sportsbook] the odds stream failed', error);
    });
    this.queue = next;
    return next;
  }

  /** Reads the changes after the last one read and sends them on; coalesces notifications. */
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
            const rows = await changesAfter(this.app, this.seq ?? 0n, READ_LIMIT);
            if (rows.length === 0) break;
            this.seq = BigInt(rows.at(-1)!.seq);
            this.remember(rows);
            const batch = new Batch(rows);
            for (const watcher of this.watchers) sendTo(watcher, batch, this);
            if (rows.length < READ_LIMIT) break;
          }
        } while (this.again);
      } finally {
        this.reading = false;
      }
    });
  }

  /** Keeps the rows just read in the catch-up buffer, dropping the oldest past RECENT_KEPT. */
  private remember(rows: ChangeRow[]): void {
    this.recent.push(...rows);
    if (this.recent.length > RECENT_KEPT) {
      const dropped = this.recent.splice(0, this.recent.length - RECENT_KEPT);
      this.recentFrom = BigInt(dropped.at(-1)!.seq);
    }
  }

  /**
   * Adds a watcher; answers the unsubscribe. `after`: the last seq it has (Last-Event-ID or the
   * page's read), whose later changes it gets first.
   */
  async subscribe(watcher: Watcher, after: bigint | null): Promise<() => void> {
    await this.enqueue(async () => {
      if (
        after !== null &&
        this.seq !== null &&
        after < this.seq &&
        this.recentFrom !== null &&
        after >= this.recentFrom
      ) {
        const missed = this.recent.filter((row) => BigInt(row.seq) > after);
        if (missed.length > 0) sendTo(watcher, new Batch(missed), this);
      } else if (after !== null && this.seq !== null && after < this.seq) {
        const [oldest] = await rowsOf<{ seq: string | null }>(
          this.app.database.db,
          sql`select min(seq)::text as seq from sb_changes`,
        );
        if (oldest?.seq && BigInt(oldest.seq) > after + 1n) {
          watcher.send({ event: 'reset', id: null, data: '{}' });
        } else {
          let from = after;
          while (from < this.seq) {
            const rows = (await changesAfter(this.app, from, READ_LIMIT)).filter(
              (row) => BigInt(row.seq) <= this.seq!,
            );
            if (rows.length === 0) break;
            sendTo(watcher, new Batch(rows), this);
            from = BigInt(rows.at(-1)!.seq);
            if (rows.length < READ_LIMIT) break;
          }
        }
      }
      this.watchers.add(watcher);
    });
    return () => {
      this.watchers.delete(watcher);
    };
  }
}

/**
 * A batch of changes as the hub sends it: the seqs read once, and the whole batch written once for
 * every watcher that takes all of it (a thousand watchers of everything cost one serialisation).
 */
class Batch {
  readonly rows: ChangeRow[];
  readonly seqs: bigint[];
  private whole: string | null = null;

  constructor(rows: ChangeRow[]) {
    this.rows = rows;
    this.seqs = rows.map((row) => BigInt(row.seq));
  }

  data(): string {
    this.whole ??= JSON.stringify(this.rows.map((row) => row.payload));
    return this.whole;
  }
}

function sendTo(watcher: Watcher, batch: Batch, hub: OddsHub): void {
  const mine = batch.rows.filter(
    (row, index) => batch.seqs[index]! > watcher.after && watches(watcher.watch, row),
  );
  if (mine.length === 0) return;
  watcher.after = BigInt(mine.at(-1)!.seq);
  hub.sent += 1;
  watcher.send({
    event: 'changes',
    id: mine.at(-1)!.seq,
    data:
      mine.length === batch.rows.length
        ? batch.data()
        : JSON.stringify(mine.map((row) => row.payload)),
  });
}

async function changesAfter(app: AppContext, after: bigint, limit: number): Promise<ChangeRow[]> {
  return rowsOf<ChangeRow>(
    app.database.db,
    sql`select seq::text, event_id, competition_id, sport, payload from sb_changes
        where seq > ${after.toString()}::bigint order by seq limit ${limit}`,
  );
}

/** The latest change's seq (0 when there is none): a page's read of the book carries it. */
export async function latestSeq(app: AppContext): Promise<bigint> {
  const [row] = await rowsOf<{ seq: string | null }>(
    app.database.db,
    sql`select max(seq)::text as seq from sb_changes`,
  );
  return row?.seq ? BigInt(row.seq) : 0n;
}

const idList = (text: unknown): number[] =>
  typeof text === 'string' && /^\d{1,9}(,\d{1,9}){0,49}$/.test(text)
    ? text.split(',').map(Number)
    : [];

/**
 * `GET /platform/sportsbook/stream?event=1,2&competition=3&sport=football&after=<seq>`
 * (text/event-stream), public. Nothing named: every change (the live page). A malformed filter is
 * a 400, never a stream of everything by mistake.
 */
export function registerStreamRoute(server: FastifyInstance, hub: OddsHub) {
  server.get<{ Querystring: Record<string, string | undefined> }>(
    '/platform/sportsbook/stream',
    async (request, reply) => {
      const query = request.query;
      const bad = (['event', 'competition'] as const).some(
        (key) => query[key] !== undefined && idList(query[key]).length === 0,
      );
      const sports =
        typeof query.sport === 'string' && /^[a-z-]{2,20}(,[a-z-]{2,20}){0,9}$/.test(query.sport)
          ? query.sport.split(',')
          : [];
      const after = query.after ?? request.headers['last-event-id'];
      if (
        bad ||
        (query.sport !== undefined && sports.length === 0) ||
        (after !== undefined && !(typeof after === 'string' && /^\d{1,19}$/.test(after)))
      ) {
        return reply.code(400).type('text/plain').send('Malformed stream filter');
      }
      const watch: Watch = {
        events: new Set(idList(query.event)),
        competitions: new Set(idList(query.competition)),
        sports: new Set(sports),
        all: false,
      };
      watch.all = watch.events.size + watch.competitions.size + watch.sports.size === 0;
      const stream = openEventStream(request, reply, hub.closers);
      const watcher: Watcher = {
        watch,
        after: typeof after === 'string' ? BigInt(after) : 0n,
        send: (message) =>
          stream.send(
            `${message.id ? `id: ${message.id}\n` : ''}event: ${message.event}\ndata: ${message.data}\n\n`,
          ),
      };
      stream.onClose(
        await hub.subscribe(watcher, typeof after === 'string' ? BigInt(after) : null),
      );
    },
  );
}
