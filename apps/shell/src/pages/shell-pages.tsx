import type { ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import { useParams } from 'react-router';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type RoutesOwnedBy,
} from '@northstar/shell-sdk';
import { ButtonLink, PagePlaceholder } from '@northstar/ui';
import { HomePage } from './home-page.tsx';

function SlugPage() {
  const { slug = '' } = useParams();
  return (
    <PagePlaceholder
      owner="shell"
      title={slug.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}
      text={<Trans id="slug.comingSoon">This page is being written. Please check back soon.</Trans>}
    />
  );
}

function SupportPage() {
  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="support.title">Support</Trans>}
      text={<Trans id="support.comingSoon">Live chat with our support team opens here soon.</Trans>}
    />
  );
}

function UnsubscribePage() {
  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="unsubscribe.title">Unsubscribe</Trans>}
      text={
        <Trans id="unsubscribe.comingSoon">
          Managing your email subscription from a link is coming soon.
        </Trans>
      }
    />
  );
}

function IconsPage() {
  return (
    <div data-remote="shell" style={{ padding: 24 }}>
      <h1>
        <Trans id="icons.title">Icons</Trans>
      </h1>
      <p>
        <Trans id="icons.comingSoon">The icon sprite is published here soon.</Trans>
      </p>
    </div>
  );
}

/** Legacy paths with no real page of their own (§2): point to where the content lives now. */
function LegacyPage() {
  const { locale } = useShellNavigation();
  const profile = useLinkProps(routePath('profile', {}, locale));
  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="legacy.title">This page has moved</Trans>}
      text={
        <Trans id="legacy.text">
          Your bets and responsible gaming settings now live in your profile.
        </Trans>
      }
    >
      <div style={{ marginTop: 24 }}>
        <ButtonLink {...profile}>
          <Trans id="legacy.toProfile">Go to my profile</Trans>
        </ButtonLink>
      </div>
    </PagePlaceholder>
  );
}

export const SHELL_PAGES: Record<RoutesOwnedBy<'shell'>, ComponentType> = {
  home: HomePage,
  slug: SlugPage,
  support: SupportPage,
  unsubscribe: UnsubscribePage,
  icons: IconsPage,
  legacyResponsibleGame: LegacyPage,
  legacyBets: LegacyPage,
};
