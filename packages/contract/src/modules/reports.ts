import * as v from 'valibot';
import { money } from '../entities.ts';
import * as w from '../wire.ts';
import { staffMethod } from './shared.ts';

// Not in §7 (ours, issue #30): the back office's reports. Each figure is computed by the domain
// that owns its data (payments/ for deposits and withdrawals, wallet/ for bets and wins); this
// module only puts them side by side.

/** The most days one report covers (a quarter): a wider range is a field error on `to`. */
export const REPORT_MAX_DAYS = 92;

/** A count and a sum of payments. */
const paymentTotal = v.object({ count: v.number(), amount: money });

/** What one day (or a whole range) adds up to, in one currency. */
export const reportFigures = v.object({
  /** Deposits that went through, on the day the provider confirmed them. */
  deposits: paymentTotal,
  /** Withdrawals staff approved (and not since failed), on the day of the approval. */
  withdrawals: paymentTotal,
  /**
   * Gross gaming revenue of real money: stakes minus wins and returns on the main balance
   * (bonus money left out), games and sports apart; negative when players won more.
   */
  ggr: v.object({ casino: money, sports: money, total: money }),
  /** Players who placed at least one bet through the wallet (a range: each player once). */
  active_players: v.number(),
});

export const reportDay = v.object({ date: v.string(), ...reportFigures.entries });

export const dailyReport = v.object({
  from: v.string(),
  to: v.string(),
  /** One entry per currency that had any figure in the range; every day of the range in each. */
  currencies: v.array(
    v.object({ currency: v.string(), days: v.array(reportDay), totals: reportFigures }),
  ),
});

/** A calendar day, `2026-11-29` (UTC days). */
const day = () => w.text({ min: 10, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' });

export const reports = {
  /**
   * Deposits, withdrawals, GGR and active players per UTC day from `from` to `to` (both
   * included, at most REPORT_MAX_DAYS days); without dates, the last 30 days up to today.
   */
  staffdaily: staffMethod(
    'reports',
    'staffdaily',
    'GET',
    ['finance'],
    w.params({ from: w.optional(day()), to: w.optional(day()) }),
    dailyReport,
  ),
};
