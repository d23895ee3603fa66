/**
 * `pnpm start`: builds what is missing (Nx cache), then serves the whole site with the platform
 * on PORT (default 3000) and its data in DATA_DIR (default ./data).
 */
import { buildAll } from './lib/run.ts';

const code = await buildAll();
if (code !== 0) {
  console.error('\nThe build failed; nothing was started.');
  process.exit(code);
}
await import('../apps/platform/src/main.ts');
