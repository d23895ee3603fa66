import { sql } from 'drizzle-orm';
import { rowsOf, type Executor, type Transaction } from '../db/client.ts';
import { gameCategoriesOf } from '../games/index.ts';
import type { PlayEvent } from '../play-events/index.ts';
import { pointsForStake } from './levels.ts';
import { lockAccount, movePoints } from './points.ts';
import { applySignal, programs } from './programs.ts';

/** The loyalty consumer's cursor name in play-events/. */
export const CONSUMER = 'loyalty';

export interface EarnRate {
  product: string;
  category: string;
  currency: string;
  pointsPerUnit: number;
}

export async function earnRates(db: Executor): Promise<EarnRate[]> {
  const rows = await rowsOf<{
    product: string;
    category: string;
    currency: string;
    points_per_unit: number;
  }>(db, sql`select product, category, currency, points_per_unit from loyalty_earn_rates`);
  return rows.map((r) => ({
    product: r.product,
    category: r.category,
    currency: r.currency,
    pointsPerUnit: r.points_per_unit,
  }));
}

/**
 * The rate of a stake: the highest among the game's categories that have one for the product
 * and currency, else the product's `*` rate in that currency, else 0 (no points).
 */
export function rateFor(
  rates: readonly EarnRate[],
  product: string,
  currency: string,
  categories: readonly string[],
): number {
  const mine = rates.filter((r) => r.product === product && r.currency === currency);
  const named = mine.filter((r) => categories.includes(r.category));
  if (named.length > 0) return Math.max(...named.map((r) => r.pointsPerUnit));
  return mine.find((r) => r.category === '*')?.pointsPerUnit ?? 0;
}

/**
 * The loyalty consumer of the play-event stream (issue #27), in the batch's transaction (the
 * cursor moves with it, play-events/consumer.ts): each real-money bet earns points at its
 * product's and game category's rate (ledger key `play:<event id>`), each rollback takes its
 * stake's points back (`rollback:<event id>`, never below 0: points already spent stay spent),
 * and both move the programmes that count rounds or stakes. The ledger keys make a replayed
 * event count nothing, even outside the consumer's guarantee.
 *
 * What counts (a regulated site's terms): free spins (the operator's stake) earn nothing and are
 * no round of a programme; bonus money counts as a round and a stake for programmes but earns no
 * points (points are for real money, `real_minor`); wins earn nothing (points are per stake).
 */
export async function applyPlayEvents(tx: Transaction, events: PlayEvent[]): Promise<void> {
  const counted = events.filter((e) => !e.freespin && (e.kind === 'bet' || e.kind === 'rollback'));
  if (counted.length === 0) return;
  const rates = await earnRates(tx);
  const list = await programs(tx);
  const categories = await gameCategoriesOf(
    tx,
    counted.map((e) => e.gameCode),
  );
  for (const event of counted) {
    const gameCategories = categories.get(event.gameCode) ?? [];
    const rate = rateFor(rates, event.product, event.currency, gameCategories);
    const points = pointsForStake(event.realMinor, rate);
    if (points > 0) {
      await movePoints(tx, {
        playerId: event.playerId,
        kind: event.kind === 'bet' ? 'earn' : 'rollback',
        delta: event.kind === 'bet' ? points : -points,
        key: `${event.kind === 'bet' ? 'play' : 'rollback'}:${event.id}`,
        meta: {
          event: event.id.toString(),
          game: event.gameCode,
          stake: event.realMinor.toString(),
        },
        overdraw: 'clamp',
      });
    }
    if (list.length === 0) continue;
    const account = await lockAccount(tx, event.playerId);
    await applySignal(
      tx,
      list,
      { playerId: event.playerId, currency: event.currency, level: account.level },
      {
        kind: event.kind === 'bet' ? 'bet' : 'rollback',
        stakeMinor: event.amountMinor,
        categories: gameCategories,
        at: event.occurredAt,
      },
    );
  }
}
