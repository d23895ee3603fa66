import { useSyncExternalStore, type ComponentType } from 'react';
import { useParams } from 'react-router';
import {
  useShellNavigation,
  type RemoteName,
  type RemotePageProps,
  type RouteId,
} from '@northstar/shell-sdk';
import { PageSkeleton } from '../system/page-skeleton.tsx';
import { clientOnlyRemotes } from './server-state.ts';

const subscribeNothing = () => () => undefined;

/**
 * Renders a remote's page with the typed props of the contract (params and locale). A page the
 * server left to the browser (its remote's server entry is missing or broken) hydrates as the
 * skeleton the server sent, then draws itself: the HTML and the first client render agree.
 */
export function RemotePage({
  page: Page,
  routeId,
  owner,
}: {
  page: ComponentType<never>;
  routeId: RouteId;
  owner: RemoteName;
}) {
  const params = useParams();
  const { locale } = useShellNavigation();
  // Hydration reads the server's snapshot (the skeleton for a client-only remote); React then
  // renders again with the browser's (the page).
  const deferred = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => clientOnlyRemotes.has(owner),
  );
  if (deferred) return <PageSkeleton />;
  const Typed = Page as unknown as ComponentType<RemotePageProps>;
  return <Typed key={routeId} params={params as RemotePageProps['params']} locale={locale} />;
}
