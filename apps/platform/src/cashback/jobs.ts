import type { AppContext } from '../context.ts';
import { allSettings, closePeriod, expireDue } from './service.ts';
import { startIntervalJob } from '../lib/interval-job.ts';

/**
 * The cashback job (issue #26): for each currency's terms, closes the last ended period (once,
 * whichever instance comes first: service.ts `closePeriod`) and expires the cashbacks past
 * their time to claim. Every platform instance runs it; nothing it does can happen twice.
 */
export async function runCashbackJob(
  app: AppContext,
): Promise<{ created: number[]; expired: number[] }> {
  const db = app.database.db;
  const now = app.now();
  const created: number[] = [];
  for (const settings of await allSettings(db)) {
    const rows = await db.transaction((tx) => closePeriod(tx, now, settings));
    created.push(...rows.map((r) => r.id));
  }
  const expired = await expireDue(db, now);
  return { created, expired };
}

/** Runs the job every `intervalMs` until stopped; a pass never overlaps the next. */
export function startCashbackJob(app: AppContext, intervalMs = 60_000) {
  return startIntervalJob(
    '[cashback] the cashback job failed',
    () => runCashbackJob(app),
    intervalMs,
  );
}
