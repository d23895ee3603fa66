import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { Skeleton } from '@northstar/ui';
import { i18n } from '@northstar/i18n';
import { useShellNavigation } from '@northstar/shell-sdk';
import { loadRemoteSection } from '../federation/remotes.ts';
import { onTextsChange } from '../i18n-provider.tsx';
import { QuietBoundary } from '../system/quiet-boundary.tsx';
import { onNavigation } from '../routing/navigation-events.ts';

/**
 * The casino's lobby rows under the home page's hero (its `./sections`, slot `homeLobby`).
 *
 * They are below the first screen, so their code is not in front of the first paint: the server
 * renders them into the HTML (the first row is there without JavaScript), and the browser leaves
 * that HTML as it is (a dehydrated Suspense boundary) until the place comes near the screen; only
 * then does it download the casino's part and hydrate it. A client-side visit to `/` does the same
 * with a skeleton in the place.
 */

let near: Promise<void> | null = null;
let markNear: () => void = () => undefined;
function whenNear(): Promise<void> {
  near ??= new Promise<void>((resolve) => (markNear = resolve));
  return near;
}
function reveal() {
  whenNear();
  markNear();
}

const Lobby = lazy(() =>
  loadRemoteSection('casino', 'homeLobby', whenNear()).then((section) => ({ default: section })),
);

const Place = styled.div`
  margin-top: 32px;
  /* The rows' own height while they load, so nothing below jumps when they arrive. */
  min-height: 240px;
`;

function LobbySkeleton() {
  return (
    <div aria-busy="true">
      <span className="visually-hidden">
        <Trans id="home.lobby.loading">Loading the lobby…</Trans>
      </span>
      <Skeleton $height="24px" $width="min(220px, 60%)" />
      <div style={{ height: 12 }} />
      <Skeleton $height="180px" $radius="16px" />
    </div>
  );
}

/**
 * The rows load when they come on screen, not before: on a 1280×720 screen they start 130 px below
 * it, and the home page's JS budget (tools/budget.ts) counts what loads without scrolling.
 */
const NEAR_MARGIN = '0px';

export function HomeLobby() {
  const place = useRef<HTMLDivElement>(null);
  const { pathname } = useShellNavigation();
  // Root cause of "a phone player on the home page cannot sign in" (§2 show_popup_auth /
  // show_popup_reg): a navigation that stays on this page (a query change such as the header's
  // Sign in and Register, or a popup flag's removal) is a React transition, and its new router
  // context reaches the rows' still-dehydrated Suspense boundary. React then keeps the old screen
  // until that boundary has hydrated, which waits for the rows to come near the screen: on a
  // phone they are far below the fold, so the URL changed and nothing else ever did. Such a
  // navigation therefore starts the rows' download at once; the transition commits when they
  // have hydrated. Heard outside React (routing/navigation-events.ts), as the render that would
  // run an effect is the one that waits.
  useEffect(
    () =>
      onNavigation((next) => {
        if (next === pathname) reveal();
      }),
    [pathname],
  );
  // The same for a change of the page's texts (the locale, the content backend's edited texts):
  // it reaches the page as a transition (i18n-provider.tsx), which also waits for the rows'
  // boundary to hydrate, so the rows' download starts at once. A catalog loaded for other parts
  // changes no text on the page and leaves the rows waiting.
  useEffect(() => onTextsChange(i18n, reveal), []);
  useEffect(() => {
    const element = place.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      reveal();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          reveal();
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Place ref={place} data-home-lobby="">
      <QuietBoundary name="the casino's lobby rows">
        <Suspense fallback={<LobbySkeleton />}>
          <Lobby />
        </Suspense>
      </QuietBoundary>
    </Place>
  );
}
