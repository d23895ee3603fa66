import type { ComponentType } from 'react';
import type { Locale } from '@northstar/i18n/locales';
import type { CatalogLoader } from '@northstar/i18n';
import type { RemoteName, RouteId, RouteParams, RoutesOwnedBy } from './route-table.ts';

export interface RemotePageProps<Id extends RouteId = RouteId> {
  params: RouteParams<Id>;
  locale: Locale;
}

/**
 * What a remote's `./routes` module exposes as its default export: a page for every route it
 * owns (the compiler checks the set), and its message catalog loader.
 */
export interface RemoteRoutes<Name extends RemoteName = RemoteName> {
  name: Name;
  messages: CatalogLoader;
  pages: { [Id in RoutesOwnedBy<Name>]: ComponentType<RemotePageProps<Id>> };
  /**
   * The remote's parts of the shell's own pages, for the server render (a remote's server entry
   * is its `./routes`); the browser loads the same parts from the remote's `./sections`.
   */
  sections?: Partial<Record<SectionSlot, ComponentType>>;
}

/**
 * The places in the shell's pages a remote may fill: `homeLobby`, the lobby rows under the home
 * page's hero (the casino's).
 */
export type SectionSlot = 'homeLobby';

/** What a remote's `./sections` module exposes as its default export (the browser's side). */
export interface RemoteSections<Name extends RemoteName = RemoteName> {
  name: Name;
  messages: CatalogLoader;
  sections: Partial<Record<SectionSlot, ComponentType>>;
}

export function defineRemoteSections<Name extends RemoteName>(
  remote: RemoteSections<Name>,
): RemoteSections<Name> {
  return remote;
}

export function defineRemoteRoutes<Name extends RemoteName>(
  remote: RemoteRoutes<Name>,
): RemoteRoutes<Name> {
  return remote;
}
