import { auditedChange } from '../staff-audit.ts';
import type { ModuleHandlers } from '../handlers.ts';
import {
  allSettings,
  bpToPercent,
  currentFigure,
  grantCashback,
  payoutCashback,
  percentToBp,
  playerCashbacks,
  removeCashback,
  setSettings,
  type CashbackRow,
  type SettingsRow,
} from '../../cashback/index.ts';
import { findPlayer } from '../../identity/index.ts';
import {
  decimalsOf,
  iso,
  knownCurrencyDecimals,
  minorOf,
  money,
  staffTargetPlayer,
  units,
  unitsOrNull,
} from '../money-params.ts';

/** §7 Cashbacks (issue #26): thin handlers over cashback/'s door. */

/** What the player reads: the period, the loss it was computed on, the terms, the deadline. */
export function cashbackView(row: CashbackRow, decimals: number) {
  const c = row.currency;
  const percent = bpToPercent(row.percent_bp);
  return {
    id: row.id,
    status: row.status,
    receiving_expired_at: iso(row.receiving_expired_at),
    paid_out_at: row.paid_out_at === null ? null : iso(row.paid_out_at),
    description: row.grant_key.startsWith('period:') ? `${percent}% cashback` : 'Cashback',
    start_date: iso(row.period_start),
    end_date: iso(row.period_end),
    amount: money(row.amount_minor, c, decimals),
    net_loss: money(row.net_loss_minor, c, decimals),
    percent,
    payout_to: row.payout_to,
    wagering_multiplier: row.wagering_multiplier,
    created_at: iso(row.created_at),
  };
}

function settingsView(s: SettingsRow, decimals: number) {
  return {
    currency: s.currency,
    percent: bpToPercent(s.percent_bp),
    min_loss: units(s.min_loss_minor, decimals),
    cap: unitsOrNull(s.cap_minor, decimals),
    period: s.period,
    payout_to: s.payout_to,
    wagering_multiplier: s.wagering_multiplier,
    claim_hours: s.claim_hours,
    is_active: s.is_active,
  };
}

export const cashbacksHandlers: ModuleHandlers<'cashbacks'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = await decimalsOf(db, player.currency);
    const page = await playerCashbacks(db, player.id, {
      statuses: params.statuses ?? [],
      offset: params.offset ?? 0,
      count: params.count ?? 20,
      sort: params.sort ?? 'id',
      order: params.order ?? 'desc',
    });
    return { total: page.total, items: page.items.map((row) => cashbackView(row, decimals)) };
  },

  async getcurrent(ctx) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const figure = await currentFigure(db, ctx.app.now(), player);
    if (!figure) return null;
    const d = await decimalsOf(db, player.currency);
    return {
      settings: settingsView(figure.settings, d),
      period_start: figure.start.toISOString(),
      period_end: figure.end.toISOString(),
      net_loss: money(figure.netLossMinor, player.currency, d),
      percent: bpToPercent(figure.percentBp),
      level_percent: bpToPercent(figure.perkBp),
      amount: money(figure.amountMinor, player.currency, d),
    };
  },

  async payout(ctx, params) {
    const db = ctx.app.database.db;
    const done = await db.transaction((tx) =>
      payoutCashback(tx, ctx.app.now(), ctx.playerId(), params.cashback_id),
    );
    // Where the money went, so the page tells the truth: a bonus payout while another bonus
    // wagers waits as an available bonus (one hold at a time), it is not spendable yet.
    return {
      paid_to:
        done.row.payout_to === 'main'
          ? ('main' as const)
          : done.bonusActivated
            ? ('bonus' as const)
            : ('bonus_waiting' as const),
      bonus_id: done.bonusId,
    };
  },

  async remove(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) =>
      removeCashback(tx, ctx.app.now(), ctx.playerId(), params.cashback_id),
    );
    return 1 as const;
  },

  async staffsetsettings(ctx, params) {
    const db = ctx.app.database.db;
    const d = await knownCurrencyDecimals(db, params.currency);
    return auditedChange(ctx, { type: 'cashback_settings', id: params.currency }, async (tx) => {
      const previous = (await allSettings(tx)).find((s) => s.currency === params.currency);
      const row = await setSettings(tx, ctx.app.now(), {
        currency: params.currency,
        percentBp: percentToBp(params.percent),
        minLossMinor: minorOf('min_loss', params.min_loss, d),
        capMinor: params.cap === undefined ? null : minorOf('cap', params.cap, d),
        period: params.period,
        payoutTo: params.payout_to,
        wageringMultiplier: params.payout_to === 'bonus' ? (params.wagering_multiplier ?? 0) : 0,
        claimHours: params.claim_hours,
        isActive: params.is_active ?? true,
      });
      const view = settingsView(row, d);
      return {
        result: view,
        before: previous ? settingsView(previous, d) : null,
        after: view,
      };
    });
  },

  async staffgetsettings(ctx) {
    const db = ctx.app.database.db;
    const items = [];
    for (const s of await allSettings(db))
      items.push(settingsView(s, await decimalsOf(db, s.currency)));
    return items;
  },

  async staffgrant(ctx, params) {
    const db = ctx.app.database.db;
    const player = await staffTargetPlayer(db, params.player_id);
    const d = await decimalsOf(db, player.currency);
    const amountMinor = minorOf('amount', params.amount, d);
    const now = ctx.app.now();
    return auditedChange(ctx, { type: 'cashback', playerId: player.id }, async (tx) => {
      const row = await grantCashback(tx, now, {
        playerId: player.id,
        currency: player.currency,
        amountMinor,
        grantKey: `staff:${ctx.staff!.id}:${now.getTime()}`,
      });
      return {
        result: { id: row.id },
        subjectId: row.id,
        before: null,
        after: { amount: params.amount, currency: player.currency },
      };
    });
  },
};
