import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useShellNavigation, type RemotePageProps, type RouteId } from '@northstar/shell-sdk';

/** Renders a remote's page with the typed props of the contract (params and locale). */
export function RemotePage({
  page: Page,
  routeId,
}: {
  page: ComponentType<never>;
  routeId: RouteId;
}) {
  const params = useParams();
  const { locale } = useShellNavigation();
  const Typed = Page as unknown as ComponentType<RemotePageProps>;
  return <Typed key={routeId} params={params as RemotePageProps['params']} locale={locale} />;
}
