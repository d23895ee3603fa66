import { domain } from '../lib/domain.ts';
import { startCashbackJob } from './jobs.ts';

/**
 * Cashback's door (issue #26, §3 cashback, §7 Cashbacks). A domain of its own rather than a part
 * of bonuses/: it owns its own tables (`cashback_settings`, `cashback_periods`, `cashbacks`,
 * schema.ts) and its own job and lifecycle (active → paid_out | expired | removed), which share
 * nothing with a bonus's until a payout goes to the bonus balance; then it asks the bonus engine
 * (bonuses/index.ts `grantCashbackBonus`) for the bonus and its wagering, and every other money
 * movement goes through wallet/index.ts (the net loss is the wallet's `gameNetLosses`). A
 * player's loyalty level adds its cashback perk to the terms (loyalty/index.ts
 * `cashbackPerksBp`, issue #27).
 */
export { bpToPercent, cashbackAmount, percentToBp, periodOf } from './arithmetic.ts';
export {
  allSettings,
  currentFigure,
  grantCashback,
  payoutCashback,
  playerCashbacks,
  removeCashback,
  setSettings,
  settingsOf,
  type CashbackRow,
  type CashbackStatus,
  type SettingsRow,
} from './service.ts';
export { runCashbackJob, startCashbackJob } from './jobs.ts';
export { seedDemoCashback } from './seeding.ts';

/** The job on every instance (safe with several: service.ts `closePeriod`). */
export const cashbackDomain = domain('cashback', (server, app) => {
  const interval = app.config.cashbackJobIntervalMs ?? 60_000;
  if (interval <= 0) return;
  const job = startCashbackJob(app, interval);
  server.addHook('onClose', async () => job.stop());
});
