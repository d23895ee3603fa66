/**
 * The sportsbook (issue #29), begun: its bet arithmetic (lines, returns, settlement, cash-out
 * value) and its prices (margin, the odds-change setting). The trading side (feed, markets,
 * placement through `wallet/`, settlement, the odds stream) builds on these.
 */
export * from './bet-math.ts';
export * from './odds.ts';
