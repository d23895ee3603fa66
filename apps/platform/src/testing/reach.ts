/**
 * The paths a model test's random runs must reach. A generator that stops reaching one (a path
 * the operations can no longer produce) must fail the test; a path the runs reach only a few times
 * in fifty must not make it flaky. So when the runs missed some, up to `tries` more batches run
 * (each checked against the model like the others) before the test names what is still missing.
 */
export async function missingPaths(
  reached: ReadonlySet<string>,
  mustReach: readonly string[],
  moreRuns: () => Promise<void>,
  tries = 5,
): Promise<string[]> {
  const missing = () => mustReach.filter((path) => !reached.has(path));
  for (let attempt = 0; attempt < tries && missing().length > 0; attempt += 1) await moreRuns();
  return missing();
}
