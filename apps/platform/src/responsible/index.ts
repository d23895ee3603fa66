/**
 * Player protection (§3, UKGC RTS 12, MGA): deposit limits and self-exclusion, enforced on the
 * server wherever money comes in or a bet is placed, whatever the UI does. The cashier checks
 * deposits here, the seamless wallet checks bets, the offers check bonuses.
 */
export {
  assertDepositAllowed,
  bindingLimit,
  COOLING_OFF_MS,
  depositLimitsOf,
  LIMIT_PERIODS,
  setDepositLimit,
  type DepositLimitState,
  type LimitPeriod,
} from './deposit-limits.ts';
export {
  exclusionEnd,
  isSelfExcluded,
  selfExclusionOf,
  setSelfExclusion,
  SELF_EXCLUSION,
  type SelfExclusion,
  type SelfExclusionPeriod,
} from './exclusion.ts';
