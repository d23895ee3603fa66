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
}

export function defineRemoteRoutes<Name extends RemoteName>(
  remote: RemoteRoutes<Name>,
): RemoteRoutes<Name> {
  return remote;
}
