import { ApiError } from '@northstar/errors';
import { auditChange, auditedChange } from '../staff-audit.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { unitsToMinor } from '../../bonuses/index.ts';
import type { Executor } from '../../db/client.ts';
import { findCurrency } from '../../reference/index.ts';
import {
  createTournament,
  endTournamentNow,
  formatPoints,
  listTournaments,
  participate,
  standings,
  type EntryRow,
  type PrizeSpec,
  type TournamentRow,
} from '../../tournaments/index.ts';
import { fromMinor } from '../../wallet/index.ts';

/** §7 Tournaments (issue #27): thin handlers over tournaments/' door. */

export async function decimalsOf(db: Executor, currency: string): Promise<number> {
  return (await findCurrency(db, currency))?.decimals ?? 2;
}

const money = (minor: bigint, currency: string, decimals: number) => ({
  amount: fromMinor(minor, decimals),
  currency,
});

export function prizeView(prize: PrizeSpec, currency: string, decimals: number) {
  return {
    place: prize.place,
    type: prize.type,
    amount: prize.type === 'cash' ? money(BigInt(prize.amount_minor), currency, decimals) : null,
    template_id: prize.type === 'cash' ? null : prize.template_id,
  };
}

/** §3 Tournament, for a visitor (`playerId` null) or a player (their `user_info`). */
export function tournamentView(
  t: TournamentRow,
  board: EntryRow[],
  playerId: number | null,
  decimals: number,
) {
  const points = (score: bigint) => formatPoints(t.scoring, score, decimals);
  const mine = playerId === null ? undefined : board.find((e) => e.player_id === playerId);
  const cash = t.prizes.reduce(
    (sum, p) => (p.type === 'cash' ? sum + BigInt(p.amount_minor) : sum),
    0n,
  );
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    starts_at: t.starts_at.toISOString(),
    ends_at: t.ends_at.toISOString(),
    games_count: t.games.length,
    total_prize: money(cash, t.currency, decimals),
    prizes: [...t.prizes]
      .sort((a, b) => a.place - b.place)
      .map((p) => prizeView(p, t.currency, decimals)),
    user_info: mine ? { place: mine.place, points: points(mine.score), rounds: mine.rounds } : null,
    winners:
      t.finalized_at === null
        ? []
        : board
            .filter((e) => e.prize !== null && e.place !== null)
            .map((e) => ({ place: e.place!, name: e.name, points: points(e.score) })),
    restrictions: {
      countries: t.countries,
      currencies: t.currencies,
      new_players_days: t.new_players_days,
    },
    total_participants: board.length,
    total_points: points(board.reduce((sum, e) => sum + e.score, 0n)),
    reset_on_cashout: t.reset_on_cashout,
    provider: t.games.length === 0 ? (t.providers[0] ?? null) : null,
    image_url: t.image_url,
    tags: t.tags,
    extra: {
      scoring: t.scoring,
      min_stake: money(t.min_stake_minor, t.currency, decimals),
      entry: t.entry,
      games: t.games,
      providers: t.providers,
      live_url: `/platform/tournaments/${t.id}/live`,
    },
  };
}

const split = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

function minorOf(field: string, value: string, decimals: number): bigint {
  try {
    return unitsToMinor(value, decimals);
  } catch {
    throw new ApiError('InvalidParameter', 'Too many decimals for this currency', {
      invalidParameters: { [field]: ['wrong_field'] },
    });
  }
}

export const tournamentsHandlers: ModuleHandlers<'tournaments'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const playerId = ctx.session?.playerId ?? null;
    const status = params.status ?? 'all';
    const { total, items } = await listTournaments(db, ctx.app.now(), {
      status,
      ...(params.ids ? { ids: params.ids.split(',').map(Number) } : {}),
      count: params.count ?? 20,
      offset: params.offset ?? 0,
    });
    const views = [];
    for (const t of items) {
      views.push(
        tournamentView(t, await standings(db, t.id), playerId, await decimalsOf(db, t.currency)),
      );
    }
    return { total, items: views };
  },
  async stafflist(ctx, params) {
    return tournamentsHandlers.get!(ctx, { ...params, status: params.status ?? 'all' });
  },
  async participate(ctx, params) {
    await participate(ctx.app.database.db, ctx.app.now(), ctx.playerId(), params.tournament_id);
    return 1;
  },
  async staffcreate(ctx, params) {
    const db = ctx.app.database.db;
    const currency = await findCurrency(db, params.currency);
    if (!currency) {
      throw new ApiError('InvalidParameter', 'Unknown currency', {
        invalidParameters: { currency: ['wrong_field'] },
      });
    }
    const prizes: PrizeSpec[] = params.prizes.map((p): PrizeSpec => {
      if (p.type === 'cash') {
        if (p.amount === undefined) {
          throw new ApiError('InvalidParameter', 'A cash prize needs an amount', {
            invalidParameters: { prizes: ['wrong_field'] },
          });
        }
        return {
          place: p.place,
          type: 'cash',
          amount_minor: minorOf('prizes', p.amount, currency.decimals).toString(),
        };
      }
      if (p.template_id === undefined) {
        throw new ApiError('InvalidParameter', 'A bonus prize names its bonus template', {
          invalidParameters: { prizes: ['wrong_field'] },
        });
      }
      return { place: p.place, type: p.type, template_id: p.template_id };
    });
    const startsAt = new Date(params.starts_at);
    const endsAt = new Date(params.ends_at);
    for (const [field, date] of [
      ['starts_at', startsAt],
      ['ends_at', endsAt],
    ] as const) {
      if (Number.isNaN(date.getTime())) {
        throw new ApiError('InvalidParameter', 'Not a date', {
          invalidParameters: { [field]: ['wrong_field'] },
        });
      }
    }
    const input = {
      title: params.title,
      description: params.description ?? '',
      imageUrl: params.image_url ?? null,
      startsAt,
      endsAt,
      currency: currency.code,
      scoring: params.scoring,
      games: split(params.games),
      providers: split(params.providers),
      minStakeMinor: minorOf('min_stake', params.min_stake ?? '0', currency.decimals),
      countries: split(params.countries).map((c) => c.toUpperCase()),
      currencies: split(params.currencies).map((c) => c.toUpperCase()),
      newPlayersDays: params.new_players_days ?? null,
      prizes,
      resetOnCashout: params.reset_on_cashout ?? false,
      entry: params.entry ?? 'participate',
      tags: split(params.tags),
    };
    return auditedChange(ctx, { type: 'tournament' }, async (tx) => {
      const id = await createTournament(tx, input);
      return { result: { id }, subjectId: id, before: null, after: { ...params } };
    });
  },

  async staffend(ctx, params) {
    const ended = await endTournamentNow(
      ctx.app.database.db,
      ctx.app.now(),
      params.tournament_id,
      auditChange(ctx, { type: 'tournament' }),
    );
    return { id: ended.id, ends_at: ended.ends_at.toISOString() };
  },
};
