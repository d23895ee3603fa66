/**
 * `pnpm start`: builds what is missing (Nx cache), then serves the whole site with the platform
 * on PORT (default 3000) and its data in DATA_DIR (default ./data).
 *
 * It starts in demo mode (apps/platform/src/demo/mode.ts): demo accounts with published passwords,
 * the sandbox social sign-in provider and the mail outbox page at /dev/mail, announced by a
 * banner. With NODE_ENV=production it is a production start instead (README "Production").
 */
import { buildAll } from './lib/run.ts';

const code = await buildAll();
if (code !== 0) {
  console.error('\nThe build failed; nothing was started.');
  process.exit(code);
}
await import('../apps/platform/src/main.ts');
