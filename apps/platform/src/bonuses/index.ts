import { domain } from '../lib/domain.ts';
import { startBonusJob } from './jobs.ts';

/**
 * The bonus engine's door (issue #26): templates, a player's bonuses and their lifecycle, the
 * deposit and registration triggers, the withdrawal forfeit and the expiry/conversion job; and the
 * sportsbook's free bets (free-bets.ts): `bettingbonuses/*` and the door the sportsbook spends
 * them through, `stakeFreeBet` / `settleFreeBet` (the rules and their order are there). It
 * owns `bonus_templates` and `player_bonuses` (schema.ts); money and wagering progress move only
 * through wallet/index.ts (its wagering holds).
 */
export {
  bonusAmount,
  progressPercent,
  requiredWagering,
  unitsToMinor,
  type WageringBase,
} from './arithmetic.ts';
export {
  activateFreeBet,
  compareOdds,
  maxReturn,
  parseOdds,
  playerFreeBets,
  removeFreeBet,
  settleFreeBet,
  stakeFreeBet,
  type FreeBetOutcome,
  type FreeBetStake,
  type FreeBetStatus,
  type FreeBetView,
  type SettleAnswer,
  type SettleRequest,
  type StakeAnswer,
  type StakeRequest,
} from './free-bets.ts';
export {
  activateBonus,
  activeBonus,
  createTemplate,
  deactivateBonus,
  depositOffer,
  depositOffers,
  forfeitForWithdrawal,
  FREE_BET_KIND,
  grantCashbackBonus,
  grantForDeposit,
  grantOnRegistration,
  grantTemplate,
  holdOwner,
  listTemplates,
  playerBonuses,
  removeBonus,
  settleFreespinWinnings,
  templateByCode,
  templateById,
  type BonusKind,
  type BonusRow,
  type BonusStatus,
  type BonusTrigger,
  type BonusWithTerms,
  type TemplateInput,
  type TemplateRow,
} from './service.ts';
export { runBonusJob, startBonusJob } from './jobs.ts';
export {
  FREE_BET_OFFER,
  FREE_SPINS_OFFER,
  grantDemoFreeSpins,
  seedDemoBonusTemplates,
  WELCOME_OFFER,
} from './seeding.ts';

/** The job on every instance (safe with several: jobs.ts); stopped when the server closes. */
export const bonusesDomain = domain('bonuses', (server, app) => {
  const interval = app.config.bonusJobIntervalMs ?? 15_000;
  if (interval <= 0) return;
  const job = startBonusJob(app, interval);
  server.addHook('onClose', async () => job.stop());
});
