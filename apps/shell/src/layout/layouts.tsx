import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ToastRegion } from '@northstar/ui';
import { toastQueue } from '@northstar/shell-sdk';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { MobileBottomMenu } from './mobile-bottom-menu.tsx';
import { DialogHost } from '../dialogs/dialog-host.tsx';
import { hostMode } from '../host/host-mode.ts';
import { useOnDemand } from './on-demand.ts';
import { withMoreMessages } from '../content/more-messages.ts';
import { QuietBoundary } from '../system/quiet-boundary.tsx';

const Main = styled.main`
  min-height: calc(100vh - 200px);
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: 200;
  padding: 8px 14px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  &:focus {
    top: 8px;
  }
`;

// What comes once the page has settled, never in the first screen's way: the service worker and
// new versions (§4) and the analytics with its cookie banner (issue #28), one chunk with their
// texts (after-load.tsx).
const AfterLoadParts = lazy(() =>
  withMoreMessages(() => import('./after-load.tsx')).then((module) => ({
    default: module.AfterLoadParts,
  })),
);
/** How long after the page's `load` those parts come. */
const AFTER_LOAD_DELAY_MS = 1000;

function AfterLoad({ banner }: { banner: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => (timer = setTimeout(() => setReady(true), AFTER_LOAD_DELAY_MS));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, []);
  // A chunk that does not come (offline, a lost response, a laptop woken long after the request
  // timed out) costs these parts, never the page.
  return ready ? (
    <QuietBoundary name="the after-load parts">
      <Suspense fallback={null}>
        <AfterLoadParts banner={banner} />
      </Suspense>
    </QuietBoundary>
  ) : null;
}

/**
 * §1 the page's part of its host (the web view's bridge, the mini app's theme, back button and
 * viewport): its chunk (host/host-bridge.tsx) is asked for only inside a host.
 */
const loadHostBridge = () => import('../host/host-bridge.tsx');
const HostBridge = lazy(loadHostBridge);

function HostBridgeSlot() {
  const inHost = useOnDemand(() => hostMode() !== null, loadHostBridge);
  return inHost ? (
    <Suspense fallback={null}>
      <HostBridge />
    </Suspense>
  ) : null;
}

/** Toasts under the header (§2, §9): any remote shows one with `showToast(…)` from shell-sdk. */
function Toasts() {
  const { t } = useLingui();
  return (
    <ToastRegion
      label={t({ id: 'toast.region', message: 'Notifications' })}
      closeLabel={t({ id: 'toast.close', message: 'Dismiss' })}
      source={toastQueue}
    />
  );
}

/**
 * Header, page, footer, and the phone's bottom menu. The page is the route's, or `children` (a
 * system page drawn in place of the route, system/system-page-gate.tsx).
 */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <SkipLink href="#main">
        <Trans id="layout.skipToContent">Skip to content</Trans>
      </SkipLink>
      <Header />
      <Main id="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </Main>
      <Footer />
      <MobileBottomMenu />
      <DialogHost />
      <Toasts />
      <HostBridgeSlot />
      <AfterLoad banner />
    </>
  );
}

/**
 * The game page: the header stays (with a slot for the game session's figures), the footer and
 * bottom menu give the game the room, and no live-chat badge is drawn here (§2).
 */
export function GameLayout() {
  return (
    <>
      <Header gameSlot />
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <DialogHost />
      <Toasts />
      <HostBridgeSlot />
      <AfterLoad banner={false} />
    </>
  );
}

/** Pages embedded in a frame (sign-in and sign-up forms) and system pages: nothing around them. */
export function EmptyLayout() {
  return (
    <Main id="main">
      <Outlet />
    </Main>
  );
}

/** The icon sprite page. */
export function SpriteLayout() {
  return <Outlet />;
}
