import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  isExternalUrl,
  routePath,
  useCmsLinks,
  useLinkProps,
  useShellNavigation,
  type RouteId,
} from '@northstar/shell-sdk';
import { localizePath, splitLocalePath } from '@northstar/i18n';
import { media } from '@northstar/ui';

const Bar = styled.nav<{ $side: boolean }>`
  max-width: 1320px;
  margin: 0 auto;
  padding: 16px 16px 0;
  ${media.from('tablet')} {
    padding: 24px 24px 0;
  }

  ul {
    display: flex;
    gap: 6px;
    margin: 0;
    padding: 4px;
    list-style: none;
    /* Phones: the sections scroll sideways inside the bar, never the page. */
    overflow-x: auto;
    scrollbar-width: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 14px;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 14px;
    text-decoration: none;
    white-space: nowrap;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
      border-color: ${({ theme }) => theme.colors.borderStrong};
    }
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.primary};
      border-color: ${({ theme }) => theme.colors.primary};
      background: ${({ theme }) => theme.colors.surfaceRaised};
    }
  }
  /* In the profile frame (issue #25) the menu is the page's own column: no page padding, and
     from laptops a vertical list beside the content. */
  ${({ $side, theme }) =>
    $side
      ? `
    padding: 0 !important;
    margin: 0;
    ${media.from('laptop')} {
      position: sticky;
      top: calc(${theme.headerHeight.desktop}px + 24px);
      ul {
        flex-direction: column;
        gap: 4px;
        padding: 8px;
        border-radius: ${theme.radii.lg};
        border: 1px solid ${theme.colors.border};
        background: ${theme.colors.surface};
      }
      a {
        display: flex;
        border-color: transparent;
        border-radius: ${theme.radii.md};
        white-space: normal;
      }
      a[aria-current='page'] {
        border-color: transparent;
        box-shadow: inset 3px 0 0 ${theme.colors.primary};
      }
    }
  `
      : ''}
`;

/** Built in until the operator's profileLinks answer (§3 common content). */
const BUILT_IN: { route: RouteId; label: ReactNode }[] = [
  // Issue #25: the account overview first.
  { route: 'profile', label: <Trans id="profile.nav.overview">Profile</Trans> },
  { route: 'profileSettings', label: <Trans id="profile.nav.settings">Settings</Trans> },
  { route: 'profileBetsHistory', label: <Trans id="profile.nav.bets">My bets</Trans> },
  { route: 'profileBonuses', label: <Trans id="profile.nav.bonuses">Bonuses</Trans> },
  { route: 'profileSecurity', label: <Trans id="profile.nav.security">Security</Trans> },
  {
    route: 'profileNotification',
    label: <Trans id="profile.nav.notifications">Notifications</Trans>,
  },
  {
    route: 'profileVerification',
    label: <Trans id="profile.nav.verification">Verification</Trans>,
  },
  {
    route: 'profileResponsibleGame',
    label: <Trans id="profile.nav.responsible">Responsible gaming</Trans>,
  },
];

function Item({ href, children }: { href: string; children: ReactNode }) {
  const { pathname } = useShellNavigation();
  const link = useLinkProps(href);
  const here = splitLocalePath(pathname).path;
  const target = splitLocalePath(href).path;
  return (
    <li>
      <a {...link} aria-current={here === target ? 'page' : undefined}>
        {children}
      </a>
    </li>
  );
}

/**
 * The profile's section menu: the content backend's profileLinks, in the page's locale. `side`:
 * the profile frame's column (a vertical list from laptops, a scrolling bar below).
 */
export function ProfileNav({ side = false }: { side?: boolean }) {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  const links = useCmsLinks('profileLinks');
  return (
    <Bar $side={side} aria-label={t({ id: 'profile.nav.label', message: 'Profile sections' })}>
      <ul>
        {links
          ? links
              .filter((link) => !isExternalUrl(link.url))
              .map((link) => (
                <Item key={link.url} href={localizePath(link.url, locale)}>
                  {link.label}
                </Item>
              ))
          : BUILT_IN.map((item) => (
              <Item key={item.route} href={routePath(item.route as 'profile', {}, locale)}>
                {item.label}
              </Item>
            ))}
      </ul>
    </Bar>
  );
}
