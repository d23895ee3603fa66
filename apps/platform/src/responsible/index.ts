/**
 * Player protection (§3, UKGC RTS 12, MGA): deposit limits and self-exclusion, enforced on the
 * server wherever money comes in or a bet is placed, whatever the UI does. The cashier checks
 * deposits here, the seamless wallet checks bets (self-exclusion, time-out, loss limits: in
 * wallet/sql/bet.sql), the offers check bonuses; identity asks `sessionAllowed` and the sign-in
 * check through hooks server.ts wires (identity cannot import this domain: it owns `players`).
 */
export {
  assertDepositAllowed,
  bindingLimit,
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
  setTimeOut,
  TIME_OUT,
  type ExclusionKind,
  type SelfExclusion,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from './exclusion.ts';
export {
  COOLING_OFF_MS,
  isReviewDue,
  lossRemaining,
  planLimitChange,
  REVIEW_AFTER_MONTHS,
} from './limit-rules.ts';
export {
  keepLimits,
  limitsDueForReview,
  LOSS_PERIODS,
  playLimitsOf,
  REALITY_CHECK_INTERVALS,
  realityCheckOf,
  sessionAllowed,
  sessionEndsAt,
  SESSION_MINUTES,
  setPlayLimit,
  setRealityCheck,
  type LossPeriod,
  type PlayLimitKind,
  type PlayLimitState,
  type RealityCheckInterval,
} from './play-limits.ts';
export { wirePlayerProtection } from './wiring.ts';
