import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`platform exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`platform did not answer ${url} in 90 s:\n${log()}`);
}

/** How long a stopping platform may take after SIGTERM before it is killed. */
const STOP_GRACE_MS = 20_000;

export interface RunningPlatform {
  url: string;
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts `apps/platform` as its own process on a free port with a temporary DATA_DIR. With
 * `E2E_DATA_TEMPLATE` (or `template`) set, the data folder starts as a copy of that one: an
 * embedded database that is already created and seeded, which saves its first-start time.
 */
export async function startPlatform(
  options: { remotesFile?: string; template?: string; env?: Record<string, string> } = {},
): Promise<RunningPlatform> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'northstar-e2e-'));
  const template = options.template ?? process.env.E2E_DATA_TEMPLATE;
  if (template) cpSync(template, dataDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [path.join(WORKSPACE_ROOT, 'apps/platform/src/main.ts')], {
    cwd: WORKSPACE_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(options.remotesFile ? { REMOTES_FILE: options.remotesFile } : { REMOTES_FILE: '' }),
      // Warnings and faults only: the output is kept in memory to explain a failed start.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The e2e suite drives the site from one address much faster than a player: the general
      // throttle of /api and /cms is raised far out of its way (it still counts every request).
      RATE_LIMIT_MAX: '1000000',
      // Settings of this platform alone (a short TIME_TO_FORCE_LOGOUT, …): tests that need a
      // setting the shared platform does not have start their own.
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/remotes.json`, child, () => output);
  } catch (error) {
    // A platform that never answered is not left running (nor its data folder kept).
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    stop: async (options: { keepData?: boolean } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A platform closes in a second or two; one still running after STOP_GRACE_MS is killed,
        // and says so with its last output (a hang in its shutdown is a finding, not a wait).
        const grace = setTimeout(() => {
          console.warn(
            `[platform-process] ${url} did not exit ${STOP_GRACE_MS} ms after SIGTERM; killed.\n` +
              output.slice(-2_000),
          );
          child.kill('SIGKILL');
        }, STOP_GRACE_MS);
        await exited;
        clearTimeout(grace);
      }
      // With PLATFORM_LOG_DIR (the e2e config sets it), what the platform said (warnings and
      // faults) is kept beside the test artifacts: a failed test's server side.
      const logDir = process.env.PLATFORM_LOG_DIR;
      if (logDir && output) {
        mkdirSync(logDir, { recursive: true });
        writeFileSync(path.join(logDir, `platform-${port}.log`), output);
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
