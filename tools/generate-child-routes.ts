/**
 * Writes the `<child-routes>` block of packages/shell-sdk/src/route-table.ts from the remotes' own child routes
 * (#23 §3): every `apps/<remote>/src/child-routes.ts` (dependency-free, `RemoteChildRoutes`).
 * shell-sdk's route table merges them with the central table, so the platform's page rules and
 * the shell's guard answer a remote's child paths (200) and unknown paths under it (404) on the
 * first request and on client-side navigations alike, without loading the remote. The block uses
 * the central table's builders: it is in the first page's JS, and costs it no more than the same
 * routes written by hand.
 *
 * Run: `node tools/generate-child-routes.ts` (tools/child-routes.test.ts fails while it is stale).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RemoteChildRoutes } from '../packages/shell-sdk/src/route-table.ts';

const ROOT = new URL('..', import.meta.url).pathname;
export const ROUTE_TABLE = path.join(ROOT, 'packages/shell-sdk/src/route-table.ts');

/** Every remote's declaration, by app folder (sorted, so the output is stable). */
export async function remoteChildRoutes(): Promise<RemoteChildRoutes[]> {
  const apps = readdirSync(path.join(ROOT, 'apps')).sort();
  const found: RemoteChildRoutes[] = [];
  for (const app of apps) {
    const file = path.join(ROOT, 'apps', app, 'src', 'child-routes.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { childRoutes: RemoteChildRoutes };
    found.push(module.childRoutes);
  }
  return found;
}

/** A child's full pattern: the parent's path and the child's relative one. */
export function childPattern(parent: string, child: string): string {
  return `${parent.replace(/\/+$/, '')}/${child.replace(/^\/+/, '')}`;
}

const BLOCK = /( *\/\/ <child-routes>[^\n]*\n)[\s\S]*?( *\/\/ <\/child-routes>)/;

/** The route table's source with its child-routes block written from the declarations. */
export function generatedSource(
  declarations: readonly RemoteChildRoutes[],
  table = readFileSync(ROUTE_TABLE, 'utf8'),
): string {
  const quote = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`;
  // The central table's builder of each owner (`cashier('/cashier/…')`).
  const lines = declarations.flatMap((remote) =>
    Object.entries(remote.children).map(
      ([id, child]) => `  ${id}: ${remote.owner}(${quote(childPattern(remote.parent, child))}),\n`,
    ),
  );
  if (!BLOCK.test(table)) throw new Error(`${ROUTE_TABLE} has no <child-routes> block`);
  return table.replace(BLOCK, (_, open: string, close: string) => open + lines.join('') + close);
}

/** The ids of the generated block (tools/child-routes.test.ts: nothing else declares them). */
export function generatedIds(table = readFileSync(ROUTE_TABLE, 'utf8')): string[] {
  const block = BLOCK.exec(table)?.[0] ?? '';
  return [...block.matchAll(/^ +(\w+): /gm)].map((match) => match[1]!);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ROUTE_TABLE, generatedSource(await remoteChildRoutes()));
  console.log(`wrote the child routes of ${path.relative(ROOT, ROUTE_TABLE)}`);
}
