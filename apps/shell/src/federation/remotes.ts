import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerCatalog } from '@northstar/i18n';
import type { ComponentType } from 'react';
import type {
  RemoteDialogs,
  RemoteName,
  RemoteRoutes,
  RemoteSections,
  RemotesDocument,
  SectionSlot,
} from '@northstar/shell-sdk';

/** A remote that could not be loaded (dead URL, missing from /remotes.json, broken module). */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  readonly remote: RemoteName;
  constructor(remote: RemoteName, reason: string, options?: { cause?: unknown }) {
    super(`Remote "${remote}" is unavailable: ${reason}`, options);
    this.remote = remote;
  }
}

let registration: Promise<RemotesDocument> | null = null;

/**
 * Fetches `/remotes.json` and registers every remote with the federation runtime. Started as early
 * as possible in bootstrap and awaited inside each route's `lazy`, so a deep link never asks for a
 * remote before it is registered (RUNTIME-004). A failed fetch leaves no remote registered: every
 * remote page shows its fallback while the shell keeps working.
 */
export function registerRemotesFromManifest(url = '/remotes.json'): Promise<RemotesDocument> {
  // A server-rendered page carries the list (apps/platform/src/web/ssr.ts): no request to wait for.
  const inline = document.getElementById('ns-remotes')?.textContent;
  registration ??= (
    inline
      ? Promise.resolve(JSON.parse(inline) as RemotesDocument)
      : fetch(url, { cache: 'no-cache', credentials: 'same-origin' }).then(async (response) => {
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          return (await response.json()) as RemotesDocument;
        })
  )
    .then((document) => {
      registerRemotes(
        Object.entries(document).map(([name, entry]) => ({ name, entry: entry as string })),
      );
      return document;
    })
    .catch((error: unknown) => {
      console.error('[federation] could not load the remotes list', error);
      return {};
    });
  return registration;
}

const loaded = new Map<RemoteName, Promise<RemoteRoutes>>();

/** Loads a remote's `./routes` (once) and its message catalog for the current locale. */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutes> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = (async () => {
      const document = await registerRemotesFromManifest();
      if (!document[name]) throw new RemoteUnavailableError(name, 'not listed in /remotes.json');
      let module: { default?: RemoteRoutes } | null;
      try {
        module = await loadRemote<{ default?: RemoteRoutes }>(`${name}/routes`);
      } catch (error) {
        throw new RemoteUnavailableError(name, 'its code could not be loaded', { cause: error });
      }
      const routes = module?.default;
      if (!routes || routes.name !== name) {
        throw new RemoteUnavailableError(name, './routes has no RemoteRoutes default export');
      }
      await registerCatalog(name, routes.messages);
      return routes;
    })();
    // A failure is not cached: the next visit tries again.
    pending.catch(() => loaded.delete(name));
    loaded.set(name, pending);
  }
  return pending;
}

const loadedDialogs = new Map<RemoteName, Promise<RemoteDialogs>>();

/**
 * Loads a remote's `./dialogs` (once) and its message catalog. Called only when one of that
 * remote's dialogs is about to show, so no page downloads a remote's dialogs before then.
 */
export function loadRemoteDialogs(name: RemoteName): Promise<RemoteDialogs> {
  let pending = loadedDialogs.get(name);
  if (!pending) {
    pending = (async () => {
      const document = await registerRemotesFromManifest();
      if (!document[name]) throw new RemoteUnavailableError(name, 'not listed in /remotes.json');
      let module: { default?: RemoteDialogs } | null;
      try {
        module = await loadRemote<{ default?: RemoteDialogs }>(`${name}/dialogs`);
      } catch (error) {
        throw new RemoteUnavailableError(name, 'its dialogs could not be loaded', { cause: error });
      }
      const dialogs = module?.default;
      if (!dialogs || dialogs.name !== name) {
        throw new RemoteUnavailableError(name, './dialogs has no RemoteDialogs default export');
      }
      await registerCatalog(name, dialogs.messages);
      return dialogs;
    })();
    // A failure is not cached: the next opening tries again.
    pending.catch(() => loadedDialogs.delete(name));
    loadedDialogs.set(name, pending);
  }
  return pending;
}

const loadedSections = new Map<RemoteName, Promise<RemoteSections>>();

/**
 * One of a remote's parts of the shell's pages (`./sections`, loaded once, with its catalog).
 * A slot the remote does not fill is an empty part, not an error.
 */
export async function loadRemoteSection(
  name: RemoteName,
  slot: SectionSlot,
  /** Loading waits for it (e.g. the part coming near the screen); the server never waits. */
  when?: Promise<unknown>,
): Promise<ComponentType> {
  await when;
  let pending = loadedSections.get(name);
  if (!pending) {
    pending = (async () => {
      const document = await registerRemotesFromManifest();
      if (!document[name]) throw new RemoteUnavailableError(name, 'not listed in /remotes.json');
      let module: { default?: RemoteSections } | null;
      try {
        module = await loadRemote<{ default?: RemoteSections }>(`${name}/sections`);
      } catch (error) {
        throw new RemoteUnavailableError(name, 'its sections could not be loaded', {
          cause: error,
        });
      }
      const sections = module?.default;
      if (!sections || sections.name !== name) {
        throw new RemoteUnavailableError(name, './sections has no RemoteSections default export');
      }
      await registerCatalog(name, sections.messages);
      return sections;
    })();
    pending.catch(() => loadedSections.delete(name));
    loadedSections.set(name, pending);
  }
  return (await pending).sections[slot] ?? EmptySection;
}

function EmptySection() {
  return null;
}
