import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAtom } from 'jotai';
import { systemPageAtom } from './system-page-state.ts';
import { PageSkeleton } from './page-skeleton.tsx';
import { withMoreMessages } from '../content/more-messages.ts';

// The pages are fetched the first time one is shown: the first screen does not carry them.
const SystemPageView = lazy(() =>
  withMoreMessages(() => import('./system-pages.tsx')).then((m) => ({ default: m.SystemPageView })),
);

/**
 * Draws the system page of the moment (an error of §8, or the page the server answered) in
 * place of the route's layout and page, until the player goes to another path; then the route
 * shows again.
 */
export function SystemPageGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [page, setPage] = useAtom(systemPageAtom);
  const current = page !== null && page.path === pathname ? page : null;

  useEffect(() => {
    if (page !== null && page.path !== pathname) setPage(null);
  }, [page, pathname, setPage]);

  if (!current) return children;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <SystemPageView kind={current.kind} />
    </Suspense>
  );
}
