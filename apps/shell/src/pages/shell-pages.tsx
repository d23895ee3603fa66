import type { ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type RoutesOwnedBy,
} from '@northstar/shell-sdk';
import { ButtonLink, PagePlaceholder } from '@northstar/ui';
import { SlugPage, UnsubscribePage } from './content-pages.tsx';

function SupportPage() {
  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="support.title">Support</Trans>}
      text={<Trans id="support.comingSoon">Live chat with our support team opens here soon.</Trans>}
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

/**
 * The shell's own pages but the home page, in a chunk of their own: the first screen does not
 * download them.
 */
export const SHELL_PAGES: Record<Exclude<RoutesOwnedBy<'shell'>, 'home'>, ComponentType> = {
  slug: SlugPage,
  support: SupportPage,
  unsubscribe: UnsubscribePage,
  icons: IconsPage,
  legacyResponsibleGame: LegacyPage,
  legacyBets: LegacyPage,
};
