/// <reference types="node" />
import vm from 'node:vm';
import type { RemoteName, RemoteRoutes } from '@northstar/shell-sdk';

/** Evaluated server entries by source, so a redeployed remote (new source) is evaluated anew. */
const evaluated = new Map<string, RemoteRoutes>();

/**
 * Evaluates a remote's server entry (`<manifest dir>/server/routes.cjs`, CommonJS made by
 * `createServerConfig`) with the shared singletons as its only modules. Nothing else is offered:
 * no `node:*` module (an entry that asks for `node:fs`, `node:child_process`… is refused like any
 * module the share scope lacks), so a remote's server code draws its pages with the shell's React
 * and SDK and gets no file system, processes or sockets from us. Where an entry may come from at
 * all is the platform's decision (`REMOTE_ORIGINS`, apps/platform/src/web/ssr.ts): the code still
 * runs in the platform's process, so the allow-list is the real gate.
 */
export function evaluateServerEntry(
  name: RemoteName,
  code: string,
  filename: string,
  shared: Readonly<Record<string, unknown>>,
): RemoteRoutes {
  const cached = evaluated.get(code);
  if (cached) return cached;
  const module = { exports: {} as Record<string, unknown> };
  const requireShared = (request: string): unknown => {
    if (Object.hasOwn(shared, request) && !request.startsWith('node:')) return shared[request];
    throw new Error(`the remote "${name}" asks for "${request}", which is not shared`);
  };
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename },
  ) as (...args: unknown[]) => void;
  wrapper(module.exports, requireShared, module, filename, filename);
  const routes = (module.exports.default ?? module.exports) as RemoteRoutes | undefined;
  if (!routes || typeof routes !== 'object' || routes.name !== name) {
    throw new Error('its server entry has no RemoteRoutes default export');
  }
  if (evaluated.size > 32) evaluated.clear();
  evaluated.set(code, routes);
  return routes;
}
