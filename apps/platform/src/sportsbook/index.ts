/**
 * The sportsbook (issue #29), begun: its bet arithmetic (lines, returns, settlement, cash-out
 * value), its prices (margin, the odds-change setting), how a selection settles from a score
 * (Asian quarter lines too), and the sandbox feed's football model (Poisson goals to come). The trading side (feed, markets,
 * placement through `wallet/`, settlement, the odds stream) builds on these.
 */
export * from './bet-math.ts';
export * from './odds.ts';
export * from './markets.ts';
export * from './football-model.ts';
