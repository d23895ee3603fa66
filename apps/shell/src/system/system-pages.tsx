import { Trans } from '@lingui/react/macro';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { SystemPage } from '@northstar/ui/system-page';
import { DefaultLayout } from '../layout/layouts.tsx';
import { Logo } from '../layout/logo.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useDefaultImage, useOptionalAction } from './system-page-parts.tsx';
import { usesEmptyLayout, type SystemPageKind } from './error-pages.ts';

/** The application is disabled or unavailable (§6, §8): 503, in the empty layout. */
export function MaintenancePage() {
  const { pathname, search } = useShellNavigation();
  // "Try again" asks the server for the page once more (a full load, not a client navigation).
  const action = useOptionalAction(
    'maintenance.button',
    pathname + search,
    <Trans id="maintenance.button">Try again</Trans>,
    { clientSide: false },
  );
  return (
    <SystemPage
      name="maintenance"
      owner="shell"
      fullScreen
      brand={<Logo />}
      icon={useDefaultImage('maintenance')}
      title={<Trans id="maintenance.title">We’ll be right back</Trans>}
      description={
        <Trans id="maintenance.text">
          Northstar is getting a quick upgrade. Your account and balance are safe; please check back
          in a few minutes.
        </Trans>
      }
      action={action}
    />
  );
}

/**
 * No network (issue #28): what the service worker shows for a page it has not kept. "Try again"
 * is a link to the address as it is (`href=""`), the same before and after hydration whatever
 * page was asked for.
 */
export function OfflinePage() {
  return (
    <SystemPage
      name="offline"
      owner="shell"
      fullScreen
      brand={<Logo />}
      // No content image: with no network it could not load (the built-in glyph instead).
      title={<Trans id="offline.title">You’re offline</Trans>}
      description={
        <Trans id="offline.text">
          We can’t reach Northstar right now. Check your connection and try again; your account and
          balance are safe.
        </Trans>
      }
      action={{ href: '', label: <Trans id="offline.button">Try again</Trans> }}
    />
  );
}

/** Any HTTP 403 (§6, §8), in the empty layout. */
export function ForbiddenPage() {
  const { locale } = useShellNavigation();
  const action = useOptionalAction(
    'forbidden.button',
    routePath('home', {}, locale),
    <Trans id="forbidden.button">Back to the lobby</Trans>,
  );
  return (
    <SystemPage
      name="forbidden"
      owner="shell"
      fullScreen
      brand={<Logo />}
      icon={useDefaultImage('forbidden')}
      title={<Trans id="forbidden.title">Access denied</Trans>}
      description={
        <Trans id="forbidden.text">
          You do not have access to this page. If you think this is a mistake, our support team will
          be glad to help.
        </Trans>
      }
      action={action}
    />
  );
}

/** A banned player (§8): the button goes to support (§2). */
export function UserBlockedPage() {
  const { locale } = useShellNavigation();
  const action = useOptionalAction(
    'userBlocked.button',
    routePath('support', {}, locale),
    <Trans id="userBlocked.button">Contact support</Trans>,
  );
  return (
    <SystemPage
      name="user-blocked"
      owner="shell"
      icon={useDefaultImage('userBlocked')}
      title={<Trans id="userBlocked.title">Your account is blocked</Trans>}
      description={
        <Trans id="userBlocked.text">
          Playing and payments are not available on this account. Please contact our support team to
          find out why and what to do next.
        </Trans>
      }
      action={action}
    />
  );
}

/** A fatal, unhandled failure (§8): the errors slot, whose button goes to the game hall (§2). */
export function ErrorsSlotPage() {
  const { locale } = useShellNavigation();
  const action = useOptionalAction(
    'errorsSlot.button',
    routePath('gamehall', {}, locale),
    <Trans id="errorsSlot.button">Go to the games</Trans>,
  );
  return (
    <SystemPage
      name="error"
      owner="shell"
      icon={useDefaultImage('errorsSlot')}
      title={<Trans id="errorsSlot.title">Something went wrong</Trans>}
      description={
        <Trans id="errorsSlot.text">
          This page ran into a problem on our side. Your balance is safe; please try again or pick a
          game in the meantime.
        </Trans>
      }
      action={action}
    />
  );
}

const PAGES: Record<SystemPageKind, () => React.JSX.Element> = {
  maintenance: MaintenancePage,
  'not-found': NotFoundPage,
  forbidden: ForbiddenPage,
  'user-blocked': UserBlockedPage,
  error: ErrorsSlotPage,
  offline: OfflinePage,
};

/**
 * A system page in place of the whole layout: forbidden and maintenance alone on the screen (the
 * empty layout of §2), the others between the default layout's header and footer.
 */
export function SystemPageView({ kind }: { kind: SystemPageKind }) {
  const Page = PAGES[kind];
  if (usesEmptyLayout(kind)) {
    return (
      <main id="main">
        <Page />
      </main>
    );
  }
  return (
    <DefaultLayout>
      <Page />
    </DefaultLayout>
  );
}
