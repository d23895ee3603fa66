import { ApiError } from '@northstar/errors';
import type { ModuleHandlers } from '../handlers.ts';
import { auditedChange } from '../staff-audit.ts';
import {
  decideMarket,
  settleBets,
  tradingEvent,
  tradingEvents,
  type MarketDecision,
} from '../../sportsbook/index.ts';
import type { RequestContext } from '../../context.ts';

/**
 * The back office's trading methods (issue #30): thin handlers over sportsbook/'s door. A
 * decision on a market and its audit row commit together; the bets on it settle right after,
 * through the sportsbook's own settlement (any instance's job would settle them anyway).
 */

async function decide(ctx: RequestContext, decision: MarketDecision, reason: string) {
  const now = ctx.app.now();
  const decided = await auditedChange(
    ctx,
    { type: 'sb_market', id: decision.marketId, reason },
    async (tx) => {
      const made = await decideMarket(tx, now, decision);
      return {
        result: made,
        before: made.before as unknown as Record<string, unknown>,
        after: { ...made.after, event_id: made.eventId, bets: made.betIds.length },
      };
    },
  );
  const settled = await settleBets(ctx.app.database.db, now, decided.betIds);
  return {
    market_id: decision.marketId,
    status: decided.after.status as 'settled' | 'void',
    bets: decided.betIds.length,
    settled: settled.length,
  };
}

export const sportsbookStaffHandlers: ModuleHandlers<'sportsbook'> = {
  async stafflistevents(ctx, params) {
    const page = await tradingEvents(ctx.app.database.db, {
      status: params.status ?? null,
      query: params.query ?? null,
      offset: params.offset ?? 0,
      count: params.count ?? 50,
    });
    return {
      total: page.total,
      items: page.items.map((event) => ({
        id: event.id,
        sport: event.sport,
        competition: event.competition,
        home: event.home,
        away: event.away,
        starts_at: event.startsAt.toISOString(),
        status: event.status,
        markets: event.markets,
        undecided_markets: event.undecidedMarkets,
        open_bets: event.openBets,
      })),
    };
  },

  async staffgetevent(ctx, params) {
    const found = await tradingEvent(ctx.app.database.db, params.event_id);
    if (!found) {
      throw new ApiError('InvalidParameter', 'No such event', {
        invalidParameters: { event_id: ['wrong_field'] },
      });
    }
    return {
      event: found.event,
      markets: [...found.markets.values()].map((market) => ({
        id: market.id,
        decided_at: market.decidedAt?.toISOString() ?? null,
        open_bets: market.openBets,
      })),
    };
  },

  async staffsettlemarket(ctx, params) {
    return decide(
      ctx,
      { marketId: params.market_id, results: params.results, voidReason: null },
      params.reason,
    );
  },

  async staffvoidmarket(ctx, params) {
    return decide(
      ctx,
      { marketId: params.market_id, results: null, voidReason: params.reason_code },
      params.reason,
    );
  },
};
