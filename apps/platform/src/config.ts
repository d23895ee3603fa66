import path from 'node:path';

/** Where the workspace lives: the apps' dists are found from here. */
export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface PlatformConfig {
  port: number;
  host: string;
  /** Folder for the platform's data (database, uploads). */
  dataDir: string;
  /** When set, `/remotes.json` is this file (read on every request). */
  remotesFile: string | null;
  /** Folder holding `apps/<name>/dist` for the shell and every remote. */
  appsDir: string;
  /** A real PostgreSQL; when null the embedded PGlite in DATA_DIR is used. */
  databaseUrl: string | null;
  /**
   * The site's public origin (`https://www.example.com`), for links in mails. Taken from
   * PUBLIC_URL, never from a request's Host header (a caller could point mailed links elsewhere).
   * Unset, mailed links are site paths (`/unsubscribe?token=…`), enough for the sandbox outbox.
   */
  publicUrl?: string | null;
}

function publicOrigin(value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`PUBLIC_URL is not an http(s) URL: ${value}`);
  return url.origin;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? 'localhost',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(WORKSPACE_ROOT, 'data')),
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    appsDir: path.resolve(env.APPS_DIR ?? path.join(WORKSPACE_ROOT, 'apps')),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: publicOrigin(env.PUBLIC_URL),
  };
}
