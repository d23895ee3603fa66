/**
 * `pnpm dev <remote>`: work on one remote with hot reload against the others' builds.
 *
 * Builds what is missing, starts the remote's rspack dev server on its fixed port, and starts the
 * platform on PORT (default 3000) with a `/remotes.json` that points this remote at the dev server
 * and every other remote at its built dist. `pnpm dev shell` runs the shell's dev server on :4200
 * (it proxies nothing: open :3000 for the full site, :4200 for the shell alone).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@northstar/shell-sdk/routes';
import { DEV_PORTS, type AppName } from '../rspack.config.base.ts';
import { BIN, buildAll, WORKSPACE_ROOT } from './lib/run.ts';

const name = process.argv[2] as AppName | undefined;
if (!name || !(name in DEV_PORTS)) {
  console.error(`usage: pnpm dev <${Object.keys(DEV_PORTS).join('|')}>`);
  process.exit(2);
}

const built = await buildAll();
if (built !== 0) process.exit(built);

const remotes = Object.fromEntries(
  REMOTE_NAMES.map((remote: RemoteName) => [
    remote,
    remote === name
      ? `http://localhost:${DEV_PORTS[remote]}/mf-manifest.json`
      : `/remotes/${remote}/mf-manifest.json`,
  ]),
);
const remotesFile = path.join(
  mkdtempSync(path.join(os.tmpdir(), 'northstar-dev-')),
  'remotes.json',
);
writeFileSync(remotesFile, JSON.stringify(remotes, null, 2));

const children = [
  spawn(path.join(BIN, 'nx'), ['run', `${name}:serve`], { cwd: WORKSPACE_ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['apps/platform/src/main.ts'], {
    cwd: WORKSPACE_ROOT,
    stdio: 'inherit',
    env: { ...process.env, REMOTES_FILE: remotesFile },
  }),
];
console.log(
  `\n  ${name} dev server on http://localhost:${DEV_PORTS[name]}; the site on http://localhost:${process.env.PORT ?? 3000}\n`,
);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
