import type { AppContext } from '../context.ts';
import { finalizeDue } from './service.ts';
import { startIntervalJob } from '../lib/interval-job.ts';

/**
 * The payout job (issue #27): every instance runs it; `finalizeDue` pays each ended tournament
 * once whichever instance comes first. A pass never overlaps the next.
 */
export function startPayoutJob(app: AppContext, intervalMs: number) {
  return startIntervalJob(
    '[tournaments] the payout job failed',
    () => finalizeDue(app),
    intervalMs,
  );
}
