/**
 * Runs `pass` every `intervalMs` until stopped; a pass never overlaps the next, and a failed pass
 * is logged under `failure` (e.g. `[bonuses] the bonus job failed`) without stopping the job.
 * Every instance runs its jobs: what a pass does must be safe with two instances (each job claims
 * its work itself: a lock, `SKIP LOCKED` or a once-only update).
 */
export function startIntervalJob(
  failure: string,
  pass: () => Promise<unknown>,
  intervalMs: number,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running
      .then(() => (stopped ? null : pass()))
      .catch((error: unknown) => console.error(failure, error));
  }, intervalMs);
  timer.unref();
  return {
    /** Waits for the pass under way, then stops. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
