/// <reference types="node" />
/**
 * The server's side of `federation/remotes.ts` (the server build aliases that file to this one):
 * a remote's `./routes` comes from its server entry (`<manifest dir>/server/routes.cjs`, a
 * CommonJS file made by `createServerConfig`), evaluated here with the shell's own singletons as
 * its shared modules, so a remote's page and the shell share one React, one jotai store, one
 * `shell-sdk` on the server as they do in the browser.
 *
 * A remote whose server entry is missing or throws is not an error on the server: its page is
 * drawn by the browser only (`clientOnlyRemotes`, sent with the page), and the rest of the page
 * is server-rendered as usual.
 */
import type { ComponentType } from 'react';
import { registerCatalog } from '@northstar/i18n';
import type {
  RemoteDialogs,
  RemoteName,
  RemoteRoutes,
  RemotesDocument,
  SectionSlot,
} from '@northstar/shell-sdk';
import { PageSkeleton } from '../system/page-skeleton.tsx';
import { currentRequest } from './request-context.ts';
import { SHARED_MODULES } from './shared-modules.ts';
import { evaluateServerEntry } from './server-entry.ts';

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  readonly remote: RemoteName;
  constructor(remote: RemoteName, reason: string, options?: { cause?: unknown }) {
    super(`Remote "${remote}" is unavailable: ${reason}`, options);
    this.remote = remote;
  }
}

/** On the server, remotes are found per request (`remoteEntry`); nothing to register up front. */
export function registerRemotesFromManifest(): Promise<RemotesDocument> {
  return Promise.resolve({});
}

/** A remote page the browser draws: the server leaves the page's skeleton in its place. */
function clientOnly(name: RemoteName): RemoteRoutes {
  currentRequest()?.clientOnlyRemotes.add(name);
  const pages = new Proxy(
    {},
    { get: () => PageSkeleton as ComponentType<never> },
  ) as RemoteRoutes['pages'];
  return { name, pages, messages: async () => ({}) } as unknown as RemoteRoutes;
}

/** Loads a remote's `./routes` from its server entry for this request, or its client-only stand-in. */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutes> {
  const request = currentRequest();
  if (!request) return clientOnly(name);
  try {
    const entry = await request.request.remoteEntry(name);
    if (!entry) return clientOnly(name);
    const routes = evaluateServerEntry(name, entry.code, entry.filename, SHARED_MODULES);
    await registerCatalog(name, routes.messages);
    return routes;
  } catch (error) {
    console.error(`[ssr] the remote "${name}" renders in the browser only:`, error);
    return clientOnly(name);
  }
}

/** Dialogs open in the browser only (after a player's action or a URL flag, in effects). */
export function loadRemoteDialogs(name: RemoteName): Promise<RemoteDialogs> {
  return Promise.reject(new RemoteUnavailableError(name, 'dialogs are not server-rendered'));
}

/**
 * A remote's part of a shell page, from its server entry (`RemoteRoutes.sections`). A remote the
 * server cannot render leaves the part empty here; the browser then draws it (the part sits in
 * its own Suspense boundary, which React renders in the browser when the server left it out).
 */
export async function loadRemoteSection(
  name: RemoteName,
  slot: SectionSlot,
  _when?: Promise<unknown>,
): Promise<ComponentType> {
  const routes = await loadRemoteRoutes(name);
  const section = routes.sections?.[slot];
  if (!section) throw new RemoteUnavailableError(name, `its server entry has no "${slot}" section`);
  return section;
}
