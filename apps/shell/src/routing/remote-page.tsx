import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
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
 * Whether this render hydrates a page the server left to the browser for `owner`: hydration
 * reads the server's snapshot (true: draw the skeleton the server sent); React then renders
 * again with the browser's (false: draw the page).
 */
function useHydratingClientOnly(owner: RemoteName): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => clientOnlyRemotes.has(owner),
  );
}

/** A remote's fallback (it failed in the browser too), drawn after hydration like its page. */
export function ClientOnlySlot({ owner, children }: { owner: RemoteName; children: ReactNode }) {
  return useHydratingClientOnly(owner) ? <PageSkeleton /> : children;
}

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
  if (useHydratingClientOnly(owner)) return <PageSkeleton />;
  const Typed = Page as unknown as ComponentType<RemotePageProps>;
  return <Typed key={routeId} params={params as RemotePageProps['params']} locale={locale} />;
}
