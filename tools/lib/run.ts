import { spawn } from 'node:child_process';
import path from 'node:path';

export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(WORKSPACE_ROOT, 'node_modules/.bin');

/** Runs a workspace binary (nx, eslint, …) with inherited output; resolves to its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, command), args, {
      cwd: WORKSPACE_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Builds every app; Nx restores unchanged apps from its cache, so only what is missing builds. */
export function buildAll(extraArgs: string[] = []): Promise<number> {
  return run('nx', [
    'run-many',
    '-t',
    'build',
    '--parallel=2',
    '--outputStyle=static',
    ...extraArgs,
  ]);
}
