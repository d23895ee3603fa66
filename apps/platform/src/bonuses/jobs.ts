import type { AppContext } from '../context.ts';
import { completedHoldOwners, unsettledPackIds } from '../wallet/index.ts';
import { dueFreeBetIds, expireFreeBet } from './free-bets.ts';
import { dueBonusIds, settleDueBonus, settleFreespinWinnings } from './service.ts';
import { startIntervalJob } from '../lib/interval-job.ts';

/**
 * The bonus job (issue #26): converts the bonuses whose wagering is done and expires the ones
 * past their deadline. Every platform instance runs it; each bonus is settled in its own
 * transaction with its row taken `FOR UPDATE SKIP LOCKED` (service.ts `settleDueBonus`), so two
 * instances never settle the same bonus and neither waits for the other; the status checked
 * under that lock and the ledger's unique keys make a conversion happen exactly once. Sportsbook
 * free bets past their expiry end in the same pass, by the same rule (free-bets.ts
 * `expireFreeBet`); their ids are in `freeBetsExpired`.
 */
export async function runBonusJob(app: AppContext): Promise<{
  converted: number[];
  expired: number[];
  packs: number[];
  freeBetsExpired: number[];
}> {
  const db = app.database.db;
  const now = app.now();
  // Free-spin packs whose spins are over first (issue #26): their winnings become their bonus's
  // money before that bonus's own deadline is looked at below. Same SKIP LOCKED rule, bonus row
  // then pack (service.ts `settleFreespinWinnings`).
  const packs: number[] = [];
  for (const pack of await unsettledPackIds(db, now)) {
    const outcome = await db.transaction((tx) => settleFreespinWinnings(tx, now, pack));
    if (outcome !== null) packs.push(pack.id);
  }
  const ids = await dueBonusIds(db, now, await completedHoldOwners(db));
  const converted: number[] = [];
  const expired: number[] = [];
  for (const id of ids) {
    const outcome = await db.transaction((tx) => settleDueBonus(tx, now, id));
    if (outcome === 'converted') converted.push(id);
    if (outcome === 'expired') expired.push(id);
  }
  const freeBetsExpired: number[] = [];
  for (const id of await dueFreeBetIds(db, now)) {
    if (await db.transaction((tx) => expireFreeBet(tx, now, id))) freeBetsExpired.push(id);
  }
  return { converted, expired, packs, freeBetsExpired };
}

/** Runs the job every `intervalMs` until stopped; a pass never overlaps the next. */
export function startBonusJob(app: AppContext, intervalMs = 15_000) {
  return startIntervalJob('[bonuses] the bonus job failed', () => runBonusJob(app), intervalMs);
}
