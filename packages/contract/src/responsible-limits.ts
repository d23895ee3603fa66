/**
 * The responsible-gaming choices the contract's methods accept (§3 deposit limit and
 * self-exclusion periods; issue #25 time-outs and reality checks), as plain data with no valibot
 * in it: the browser imports this module (`@northstar/contract/responsible-limits`) for the
 * pages' choices, and the methods in `modules/account.ts` check the same lists.
 */

/** Deposit and loss limit periods in days. */
export const LIMIT_PERIODS = ['1', '7', '14', '30'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** §3 self-exclusion periods. */
export const SELF_EXCLUSION_PERIODS = [
  '1d',
  '7d',
  '30d',
  '3m',
  '6m',
  '9m',
  '1y',
  '2y',
  '3y',
  '4y',
  '5y',
  'permanent',
] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** Time-outs (issue #25): short breaks on the self-exclusion's rules. */
export const TIME_OUT_PERIODS = ['24h', '7d', '6w'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];

/** Reality-check intervals in minutes (issue #25, UKGC RTS 13); 0 is off. */
export const REALITY_CHECK_INTERVALS = ['0', '15', '30', '60'] as const;
export type RealityCheckChoice = (typeof REALITY_CHECK_INTERVALS)[number];
