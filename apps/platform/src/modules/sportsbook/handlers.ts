import { ApiError } from '@northstar/errors';
import type { ModuleHandlers } from '../handlers.ts';
import { findPlayer } from '../../identity/index.ts';
import {
  cashOut,
  cashOutMargin,
  eventById,
  latestSeq,
  listEvents,
  oddsChangeOf,
  ODDS_SCALE,
  placeBet,
  playerBets,
  setOddsChange,
  sportsSummary,
} from '../../sportsbook/index.ts';
import { decimalsOf, minorOf } from '../money-params.ts';
import { sportsbookStaffHandlers } from './staff.ts';

/** `sportsbook` (ours, issue #29): thin handlers over sportsbook/'s door. */

/** `"1.85"` → 1850 (the contract checked the shape: two decimals). */
const thousandths = (odds: string) => Math.round(Number(odds) * ODDS_SCALE);

/** A `YYYY-MM-DD` day's first instant (UTC); a day that is no date (`2026-02-30`) is the field's error. */
function dayStart(field: string, day: string): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) {
    throw new ApiError('InvalidParameter', 'Not a date', {
      invalidParameters: { [field]: ['date'] },
    });
  }
  return start;
}

export const sportsbookHandlers: ModuleHandlers<'sportsbook'> = {
  async getSports(ctx) {
    return sportsSummary(ctx.app.database.db);
  },

  async getEvents(ctx, params) {
    // The stream's position first: a change written while the page is read is sent again.
    const seq = await latestSeq(ctx.app);
    const page = await listEvents(ctx.app.database.db, ctx.app.now(), {
      ...(params.sport ? { sport: params.sport } : {}),
      ...(params.competition_id ? { competitionId: params.competition_id } : {}),
      ...(params.when ? { when: params.when } : {}),
      ...(params.kind ? { kind: params.kind } : {}),
      ...(params.ids ? { ids: params.ids.split(',').map(Number) } : {}),
      offset: params.offset ?? 0,
      count: params.count ?? 50,
    });
    return { ...page, seq: seq.toString() };
  },

  async getEvent(ctx, params) {
    const seq = await latestSeq(ctx.app);
    const event = await eventById(ctx.app.database.db, params.id);
    if (!event) {
      throw new ApiError('InvalidParameter', 'No such event', {
        invalidParameters: { id: ['wrong_field'] },
      });
    }
    return { event, seq: seq.toString() };
  },

  async place(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = await decimalsOf(db, player.currency);
    const { betId } = await db.transaction((tx) =>
      placeBet(tx, ctx.app.now(), {
        playerId: player.id,
        currency: player.currency,
        decimals,
        requestId: params.request_id,
        kind: params.kind,
        legs: params.selections.map((selection) => ({
          outcomeId: selection.outcome_id,
          odds: thousandths(selection.odds),
        })),
        stakeMinor: minorOf('stake', params.stake, decimals),
        freeBetId: params.free_bet_id ?? null,
        oddsChange: params.odds_change ?? null,
      }),
    );
    const page = await playerBets(
      db,
      player.id,
      decimals,
      { status: 'all', ids: [betId], offset: 0, count: 1 },
      cashOutMargin(ctx.app),
    );
    return page.items[0]!;
  },

  async getBets(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = await decimalsOf(db, player.currency);
    return playerBets(
      db,
      player.id,
      decimals,
      {
        status: params.status ?? 'all',
        ...(params.ids ? { ids: params.ids.split(',') } : {}),
        // Days are UTC: `to` includes its whole day.
        ...(params.from ? { from: dayStart('from', params.from) } : {}),
        ...(params.to ? { to: new Date(dayStart('to', params.to).getTime() + 86_400_000) } : {}),
        offset: params.offset ?? 0,
        count: params.count ?? 20,
      },
      cashOutMargin(ctx.app),
    );
  },

  async cashout(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = await decimalsOf(db, player.currency);
    await db.transaction((tx) =>
      cashOut(
        tx,
        {
          playerId: player.id,
          betId: params.bet_id,
          requestId: params.request_id,
          quotedMinor: minorOf('quote', params.quote, decimals),
          amountMinor:
            params.amount === undefined ? null : minorOf('amount', params.amount, decimals),
        },
        cashOutMargin(ctx.app),
      ),
    );
    const page = await playerBets(
      db,
      player.id,
      decimals,
      { status: 'all', ids: [params.bet_id], offset: 0, count: 1 },
      cashOutMargin(ctx.app),
    );
    return page.items[0]!;
  },

  async getSettings(ctx) {
    return { odds_change: await oddsChangeOf(ctx.app.database.db, ctx.playerId()) };
  },

  async setSettings(ctx, params) {
    await setOddsChange(ctx.app.database.db, ctx.playerId(), params.odds_change);
    return { odds_change: params.odds_change };
  },

  // The back office's trading methods (issue #30).
  ...sportsbookStaffHandlers,
};
