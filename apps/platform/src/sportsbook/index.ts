import { domain } from '../lib/domain.ts';
import { startIntervalJob } from '../lib/interval-job.ts';
import { listenTo } from '../shared-store/index.ts';
import type { AppContext } from '../context.ts';
import { settleDue } from './bets.ts';
import type { FeedProvider } from './feed.ts';
import { CHANGES_CHANNEL, FeedIngest, pruneChanges } from './ingest.ts';
import { OddsHub, registerStreamRoute } from './live.ts';
import { SandboxFeed } from './sandbox-feed.ts';

/**
 * The sportsbook (issue #29). It owns the `sb_*` tables (schema.ts): the book (competitions,
 * events, markets, outcomes, written by the feed's ingest), the change log the odds stream sends,
 * and bets (placement, settlement, cash-out: money only through wallet/, free bets through
 * bonuses/' door). Pieces:
 * - odds.ts, markets.ts, sports.ts, football-model.ts: the pure arithmetic (the bet's own, lines, returns and cash-out value, is `@northstar/contract/bet-math`: the slip shows what the server computes);
 * - feed.ts (the provider interface), sandbox-feed.ts (demo mode's provider), ingest.ts;
 * - bets.ts (placement, settlement, cash-out), book.ts (what the API reads), live.ts (the SSE).
 *
 * Without a feed (a production start names none yet) the book is empty and `/betting` says so.
 */
export * from '@northstar/contract/bet-math';
export * from './odds.ts';
export * from './markets.ts';
export * from './football-model.ts';
export { MODELS, SPORTS, selectionOf, type Sport } from './sports.ts';
export type { FeedBatch, FeedEvent, FeedProvider } from './feed.ts';
export { SandboxFeed, type SandboxFeedOptions } from './sandbox-feed.ts';
export { FeedIngest, CHANGES_CHANNEL, type EventChange } from './ingest.ts';
export {
  cashOut,
  DEFAULT_LIMITS,
  oddsChangeOf,
  placeBet,
  quoteCashOut,
  setOddsChange,
  settleBet,
  settleDue,
  type BookLimits,
  type PlaceRequest,
} from './bets.ts';
export { eventById, eventExists, listEvents, playerBets, sportsSummary } from './book.ts';
export { latestSeq, OddsHub } from './live.ts';
export {
  decideMarket,
  settleBets,
  tradingEvent,
  tradingEvents,
  type ManualResult,
  type MarketDecision,
  type TradingEvent,
} from './trading.ts';

export const DEFAULT_MARGIN_BP = 600;
export const DEFAULT_CASH_OUT_MARGIN_BP = 500;

export function cashOutMargin(app: AppContext): number {
  return app.config.sportsbookCashOutMarginBasisPoints ?? DEFAULT_CASH_OUT_MARGIN_BP;
}

/** The feed this start runs: the sandbox's in demo mode, none otherwise (no real feed yet). */
export function feedFor(app: AppContext, sandbox: boolean): FeedProvider | null {
  if (!sandbox) return null;
  return new SandboxFeed({
    speed: app.config.sportsbookFeedSpeed ?? 1,
    marginBasisPoints: app.config.sportsbookMarginBasisPoints ?? DEFAULT_MARGIN_BP,
  });
}

/**
 * On every instance: a feed pass every second (the instance holding the feed's lock ingests, the
 * others skip), settlement woken by the ingest's NOTIFY (each bet claimed with `SKIP LOCKED`) and
 * polled as a safety net, the change log pruned, and the odds stream's hub.
 */
export const sportsbookDomain = (options: { sandbox: boolean; feed?: FeedProvider }) =>
  domain('sportsbook', async (server, app) => {
    const interval = app.config.sportsbookJobIntervalMs ?? 1_000;
    const feed = options.feed ?? feedFor(app, options.sandbox);
    const ingest = feed ? new FeedIngest(feed, app.database.db) : null;
    const jobs: { stop(): Promise<void> }[] = [];
    let settling: Promise<unknown> = Promise.resolve();
    let again = false;
    let running = false;
    const settleSoon = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      settling = (async () => {
        try {
          do {
            again = false;
            await settleDue(app.database.db, app.now());
          } while (again);
        } catch (error) {
          console.error('[sportsbook] the settlement failed', error);
        } finally {
          running = false;
        }
      })();
    };
    const unlisten = await listenTo(app.database, CHANGES_CHANNEL, {
      notified: settleSoon,
      reset: settleSoon,
    });
    if (interval > 0) {
      if (ingest) {
        jobs.push(
          startIntervalJob(
            '[sportsbook] the feed pass failed',
            () => ingest.pass(app.now()),
            interval,
          ),
        );
      }
      jobs.push(
        startIntervalJob(
          '[sportsbook] the settlement pass failed',
          async () => settleSoon(),
          Math.max(interval * 5, 1_000),
        ),
      );
      jobs.push(
        startIntervalJob(
          '[sportsbook] pruning the change log failed',
          () => pruneChanges(app.database.db, app.now()),
          60_000,
        ),
      );
    }
    const hub = new OddsHub(app);
    await hub.start();
    registerStreamRoute(server, hub);
    server.decorate('sportsbook', { hub, ingest });
    server.addHook('preClose', async () => {
      await hub.stop();
    });
    server.addHook('onClose', async () => {
      for (const job of jobs) await job.stop();
      await unlisten();
      await settling;
    });
  });

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook's running parts (tests drive the ingest and read the hub). */
    sportsbook?: { hub: OddsHub; ingest: FeedIngest | null };
  }
}
