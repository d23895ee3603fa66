import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startPlatform, WORKSPACE_ROOT } from './platform.ts';

/**
 * Builds every app (Nx restores the outputs of an unchanged build from its cache, so a build of
 * the same sources is reused), then starts the platform for the whole run.
 */
export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(
      path.join(WORKSPACE_ROOT, 'node_modules/.bin/nx'),
      ['run-many', '-t', 'build', '--parallel=2'],
      {
        cwd: WORKSPACE_ROOT,
        stdio: 'inherit',
      },
    );
  }
  // The platforms' logs of an earlier run are not this run's.
  if (process.env.PLATFORM_LOG_DIR)
    rmSync(process.env.PLATFORM_LOG_DIR, { recursive: true, force: true });
  // One first start creates and seeds the embedded database; stopped cleanly, its data folder is
  // the template every platform of the run starts from.
  const first = await startPlatform();
  await first.stop({ keepData: true });
  process.env.E2E_DATA_TEMPLATE = first.dataDir;
  // The sandbox payment provider's pending test card confirms after 4 s (60 s by default) and
  // payouts after 1 s, so the cashier's e2e sees them settle.
  const platform = await startPlatform({
    env: { PAYMENT_SANDBOX_PENDING_SECONDS: '4', PAYMENT_SANDBOX_PAYOUT_SECONDS: '1' },
  });
  process.env.E2E_BASE_URL = platform.url;
  return async () => {
    await platform.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  };
}
