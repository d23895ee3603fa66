/**
 * The wallet's door: every balance read and every money movement of the platform goes through
 * here (architecture.md). Inside: integer minor units; on the wire, decimal strings.
 */
export {
  applyClaimedMovement,
  applyMovement,
  balancesOf,
  openWallet,
  type LedgerEntry,
  type Movement,
  type WalletKind,
} from './ledger.ts';
export { balanceView, hasMovements, playerBalances, type BalanceView } from './balances.ts';
export { history, type HistoryEntry, type HistoryKind } from './history.ts';
export { gameNetLosses, ledgerWatermark, type NetLoss } from './net-loss.ts';
export { activePlayers, dailyGaming, type DailyGaming } from './daily.ts';
export { fromMinor, toMinor } from './money.ts';
export {
  BUILT_IN_PROVIDER,
  builtInPrivateKey,
  loadWalletProviders,
  openGameSession,
  seamlessWalletDomain,
  SESSION_TTL_MS,
  signBody,
  STATUS as WALLET_STATUS,
  type GameSession,
  type WalletAnswer,
  type WalletProvider,
} from './seamless/index.ts';
export {
  cancelFreespinPack,
  ensureFreespinPack,
  freespinPackOfBonus,
  freespinPacksOf,
  freespinPacksOfBonuses,
  grantFreespinPack,
  PACK_SETTLE_GRACE_MS,
  settleFreespinPack,
  unsettledPackIds,
  type FreespinPack,
  type SettledPack,
} from './freespin-packs.ts';
export {
  lockMainBalance,
  lossMoves,
  playerRounds,
  recentWins,
  sessionMoves,
  type RoundFilter,
} from './game-history.ts';
export {
  closeWageringHold,
  completedHoldOwners,
  gameWeight,
  openWageringHold,
  wageringHolds,
  weightedStake,
  type HoldClose,
  type HoldTerms,
  type HoldView,
} from './wagering.ts';
