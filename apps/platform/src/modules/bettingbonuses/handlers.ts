import type { ModuleHandlers } from '../handlers.ts';
import {
  activateFreeBet,
  playerFreeBets,
  removeFreeBet,
  type FreeBetStatus,
  type FreeBetView,
} from '../../bonuses/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { findPlayer } from '../../identity/index.ts';
import { fromMinor } from '../../wallet/index.ts';

/** §7 BettingBonuses (issues #26, #29): thin handlers over bonuses/'s free bets (free-bets.ts). */

const iso = (value: Date | string) => new Date(value).toISOString();

/** Decimal odds with two decimals as a sportsbook shows them (`1.5` from JSON → `"1.50"`). */
const oddsText = (value: string | number | null) => Number(value ?? 0).toFixed(2);

function freeBetView({ bonus, template, stake }: FreeBetView, decimals: number) {
  const money = (minor: bigint | string | number) => ({
    amount: fromMinor(BigInt(minor), decimals),
    currency: bonus.currency,
  });
  return {
    id: bonus.id,
    type: 'betting' as const,
    status: bonus.status as FreeBetStatus,
    name: template.name,
    description: template.description,
    kind: 'betting_free_bet' as const,
    amount: money(bonus.amount_minor),
    min_odds: oddsText(template.min_odds),
    expires_at: iso(bonus.activate_until),
    activated_at: bonus.activated_at ? iso(bonus.activated_at) : null,
    created_at: iso(bonus.created_at),
    bet: stake
      ? {
          odds: stake.odds,
          status: stake.status,
          winnings: stake.status === 'won' ? money(stake.paid_minor ?? 0) : null,
        }
      : null,
  };
}

export const bettingBonusesHandlers: ModuleHandlers<'bettingbonuses'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = (await findCurrency(db, player.currency))?.decimals ?? 2;
    const page = await playerFreeBets(db, player.id, {
      statuses: params.status ?? [],
      offset: params.offset ?? 0,
      count: params.count ?? 20,
    });
    return { total: page.total, items: page.items.map((item) => freeBetView(item, decimals)) };
  },

  async activate(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) =>
      activateFreeBet(tx, ctx.app.now(), ctx.playerId(), params.bonus_id),
    );
    return 1 as const;
  },

  async remove(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) => removeFreeBet(tx, ctx.app.now(), ctx.playerId(), params.bonus_id));
    return 1 as const;
  },
};
