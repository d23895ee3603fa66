import { useMatches, useRouteError } from 'react-router';
import { RemoteUnavailable } from './remote-unavailable.tsx';

/** A page that throws while rendering: the same fallback, in the page's place only. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const matches = useMatches();
  const owner = (matches.at(-1)?.handle as { owner?: string } | undefined)?.owner ?? 'shell';
  return <RemoteUnavailable owner={owner} error={error} />;
}
