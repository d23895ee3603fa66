import { ApiError } from '@northstar/errors';
import type { ModuleHandlers } from '../handlers.ts';
import {
  formatPoints,
  listTournaments,
  pointsFormat,
  standings,
  stateOf,
  tournamentById,
  type EntryRow,
  type TournamentRow,
} from '../../tournaments/index.ts';
import type { RequestContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findCurrency } from '../../reference/index.ts';

/** §7 Leaderboard (issue #27): thin handlers over tournaments/' door. */

async function decimalsOf(db: Executor, currency: string): Promise<number> {
  return (await findCurrency(db, currency))?.decimals ?? 2;
}

async function known(ctx: RequestContext, id: number): Promise<TournamentRow> {
  const t = await tournamentById(ctx.app.database.db, id, ctx.app.now());
  if (!t) {
    throw new ApiError('InvalidParameter', 'No such tournament', {
      invalidParameters: { id: ['wrong_field'] },
    });
  }
  return t;
}

function row(entry: EntryRow, playerId: number | null, points: (score: bigint) => string) {
  return {
    place: entry.place,
    name: entry.name,
    points: points(entry.score),
    rounds: entry.rounds,
    is_current_user: playerId !== null && entry.player_id === playerId,
  };
}

export const leaderboardHandlers: ModuleHandlers<'leaderboard'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const t = await known(ctx, params.id);
    const playerId = ctx.session?.playerId ?? null;
    const board = await standings(db, t.id);
    const decimals = await decimalsOf(db, t.currency);
    const points = (score: bigint) => formatPoints(t.scoring, score, decimals);
    const offset = params.offset ?? 0;
    const mine = playerId === null ? undefined : board.find((e) => e.player_id === playerId);
    return {
      tournament_id: t.id,
      revision: t.revision.toString(),
      status: t.status,
      total: board.length,
      items: board
        .slice(offset, offset + (params.count ?? 50))
        .map((e) => row(e, playerId, points)),
      me: mine ? row(mine, playerId, points) : null,
    };
  },
  async live(ctx, params) {
    const db = ctx.app.database.db;
    let t: TournamentRow | null;
    if (params.id !== undefined) t = await known(ctx, params.id);
    else {
      const { items } = await listTournaments(db, ctx.app.now(), { status: 'active', count: 100 });
      t = [...items].sort((a, b) => a.ends_at.getTime() - b.ends_at.getTime())[0] ?? null;
    }
    if (!t) return null;
    const board = await standings(db, t.id);
    const state = stateOf(
      t.id,
      t.revision,
      t.status,
      board,
      ctx.session?.playerId ?? null,
      pointsFormat(t.scoring, await decimalsOf(db, t.currency)),
    );
    return {
      tournament_id: t.id,
      revision: state.revision,
      status: t.status,
      total: board.length,
      items: state.top,
      me: state.me,
    };
  },
  async top(ctx, params) {
    const db = ctx.app.database.db;
    const finished =
      params.id !== undefined
        ? [await known(ctx, params.id)]
        : (await listTournaments(db, ctx.app.now(), { status: 'finished', count: 5 })).items;
    const out = [];
    for (const t of finished) {
      if (t.finalized_at === null) continue;
      const decimals = await decimalsOf(db, t.currency);
      const board = await standings(db, t.id);
      out.push({
        tournament_id: t.id,
        title: t.title,
        ends_at: t.ends_at.toISOString(),
        winners: board
          .filter((e) => e.prize !== null && e.place !== null)
          .map((e) => ({
            place: e.place!,
            name: e.name,
            points: formatPoints(t.scoring, e.score, decimals),
          })),
      });
    }
    return out;
  },
};
