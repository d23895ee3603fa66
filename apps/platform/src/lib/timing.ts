/**
 * Runs `work` and answers (or fails) no sooner than `ms` after the start, so an answer's timing
 * says nothing about which branch ran (an existing account or not). Wall-clock time on purpose:
 * it is what a caller measures.
 */
export async function uniformDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
