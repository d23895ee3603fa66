import type { AppContext } from '../context.ts';
import { finalizeDue } from './service.ts';

/**
 * The payout job (issue #27): every instance runs it; `finalizeDue` pays each ended tournament
 * once whichever instance comes first. A pass never overlaps the next.
 */
export function startPayoutJob(app: AppContext, intervalMs: number) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running
      .then(() => (stopped ? null : finalizeDue(app)))
      .catch((error: unknown) => console.error('[tournaments] the payout job failed', error));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
