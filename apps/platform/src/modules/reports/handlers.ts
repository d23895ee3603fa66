import { ApiError } from '@northstar/errors';
import { REPORT_MAX_DAYS } from '@northstar/contract';
import type { ModuleHandlers } from '../handlers.ts';
import { dailyPayments } from '../../payments/index.ts';
import { activePlayers, dailyGaming } from '../../wallet/index.ts';
import { decimalsOf, money } from '../money-params.ts';

/**
 * Not in §7 (issue #30): the back office's daily report. Each figure comes from the domain that
 * owns it (payments/ for deposits and withdrawals, wallet/ for GGR and active players); this
 * handler only lays them out by currency and day.
 */

const DAY = 86_400_000;
const DEFAULT_DAYS = 30;

/** `YYYY-MM-DD` as the UTC midnight it starts; a day the calendar has not is a field error. */
function dayStart(field: string, value: string): Date {
  const at = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) {
    throw new ApiError('InvalidParameter', 'No such day', {
      invalidParameters: { [field]: ['date'] },
    });
  }
  return at;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The range asked for, checked: `to` not before `from`, at most REPORT_MAX_DAYS days. */
function rangeOf(now: Date, params: { from?: string; to?: string }) {
  const today = dayStart('to', dayOf(now));
  const to = params.to === undefined ? today : dayStart('to', params.to);
  const from =
    params.from === undefined
      ? new Date(to.getTime() - (DEFAULT_DAYS - 1) * DAY)
      : dayStart('from', params.from);
  const days = Math.round((to.getTime() - from.getTime()) / DAY) + 1;
  if (days < 1) {
    throw new ApiError('InvalidParameter', 'The range ends before it starts', {
      invalidParameters: { to: ['min_value'] },
    });
  }
  if (days > REPORT_MAX_DAYS) {
    throw new ApiError('InvalidParameter', `At most ${REPORT_MAX_DAYS} days`, {
      invalidParameters: { to: ['max_value'] },
    });
  }
  const dates = Array.from({ length: days }, (_, i) => dayOf(new Date(from.getTime() + i * DAY)));
  return { from, until: new Date(to.getTime() + DAY), dates };
}

/** One currency's sums, in minor units, for a day or the whole range. */
interface Sums {
  deposits: number;
  depositsMinor: bigint;
  withdrawals: number;
  withdrawalsMinor: bigint;
  casinoMinor: bigint;
  sportsMinor: bigint;
  active: number;
}

const empty = (): Sums => ({
  deposits: 0,
  depositsMinor: 0n,
  withdrawals: 0,
  withdrawalsMinor: 0n,
  casinoMinor: 0n,
  sportsMinor: 0n,
  active: 0,
});

function figures(sums: Sums, currency: string, decimals: number) {
  const m = (minor: bigint) => money(minor, currency, decimals);
  return {
    deposits: { count: sums.deposits, amount: m(sums.depositsMinor) },
    withdrawals: { count: sums.withdrawals, amount: m(sums.withdrawalsMinor) },
    ggr: {
      casino: m(sums.casinoMinor),
      sports: m(sums.sportsMinor),
      total: m(sums.casinoMinor + sums.sportsMinor),
    },
    active_players: sums.active,
  };
}

export const reportsHandlers: ModuleHandlers<'reports'> = {
  async staffdaily(ctx, params) {
    const db = ctx.app.database.db;
    const range = rangeOf(ctx.app.now(), params);
    const [payments, gaming, active] = await Promise.all([
      dailyPayments(db, range),
      dailyGaming(db, range),
      activePlayers(db, range),
    ]);
    // currency → date → sums; the range's totals are added up as the days are, but for active
    // players, whom the wallet counts once over the whole range.
    const byCurrency = new Map<string, Map<string, Sums>>();
    const sumsOf = (currency: string, date: string) => {
      const days = byCurrency.get(currency) ?? new Map<string, Sums>();
      byCurrency.set(currency, days);
      const sums = days.get(date) ?? empty();
      days.set(date, sums);
      return sums;
    };
    for (const row of payments) {
      const sums = sumsOf(row.currency, row.date);
      if (row.kind === 'deposit') {
        sums.deposits += row.count;
        sums.depositsMinor += row.amountMinor;
      } else {
        sums.withdrawals += row.count;
        sums.withdrawalsMinor += row.amountMinor;
      }
    }
    for (const row of gaming) {
      const sums = sumsOf(row.currency, row.date);
      sums.casinoMinor += row.casinoGgrMinor;
      sums.sportsMinor += row.sportsGgrMinor;
      sums.active += row.activePlayers;
    }
    const currencies = await Promise.all(
      [...byCurrency.keys()].sort().map(async (currency) => {
        const decimals = await decimalsOf(db, currency);
        const days = byCurrency.get(currency)!;
        const total = empty();
        for (const sums of days.values()) {
          total.deposits += sums.deposits;
          total.depositsMinor += sums.depositsMinor;
          total.withdrawals += sums.withdrawals;
          total.withdrawalsMinor += sums.withdrawalsMinor;
          total.casinoMinor += sums.casinoMinor;
          total.sportsMinor += sums.sportsMinor;
        }
        total.active = active.get(currency) ?? 0;
        return {
          currency,
          days: range.dates.map((date) => ({
            date,
            ...figures(days.get(date) ?? empty(), currency, decimals),
          })),
          totals: figures(total, currency, decimals),
        };
      }),
    );
    return { from: range.dates[0]!, to: range.dates.at(-1)!, currencies };
  },
};
