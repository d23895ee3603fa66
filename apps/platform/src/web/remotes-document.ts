import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemotesDocument } from '@northstar/shell-sdk/routes';

/**
 * The `/remotes.json` the shell reads at start-up: the file named by `REMOTES_FILE` when set
 * (so a remote can be deployed elsewhere without rebuilding anything), otherwise one derived from
 * the remotes' dists this server hosts under `/remotes/<name>/`.
 */
export async function remotesDocument(options: {
  remotesFile: string | null;
  appsDir: string;
}): Promise<RemotesDocument> {
  if (options.remotesFile) {
    const parsed = JSON.parse(await readFile(options.remotesFile, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${options.remotesFile} is not an object of remote name → manifest URL`);
    }
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([name, url]) =>
          (REMOTE_NAMES as readonly string[]).includes(name) && typeof url === 'string',
      ),
    ) as RemotesDocument;
  }
  return Object.fromEntries(
    REMOTE_NAMES.filter((name) =>
      existsSync(path.join(options.appsDir, name, 'dist', 'mf-manifest.json')),
    ).map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ) as RemotesDocument;
}
