import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import type { RoutesOwnedBy } from '@northstar/shell-sdk';
import { ICON_NAMES } from '@northstar/ui';
import { ICON_PATHS } from '@northstar/ui/icon-paths';
import { SlugPage, UnsubscribePage } from './content-pages.tsx';
import { SupportPage } from '../support/support-page.tsx';

const SpritePage = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: 32px 20px 48px;
  h1 {
    margin: 0 0 8px;
    font-size: 28px;
  }
  p {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(128px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Cell = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 20px 8px 14px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  code {
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
    text-align: center;
  }
`;

const symbolId = (name: string) => `icon-${name}`;

/**
 * §2 `/_icons` (svg-sprite layout): the design system's icons as one SVG sprite (a `<symbol>`
 * per icon, used by reference), each drawn in a grid under its name. Every icon of
 * `@northstar/ui` is here: the list is the library's own `ICON_NAMES`. (The site's pages use the
 * same symbols from `/_icons/sprite.svg`, which the platform serves.)
 */
function IconsPage() {
  const count = ICON_NAMES.length;
  return (
    <SpritePage id="main" data-remote="shell">
      <svg
        width="0"
        height="0"
        style={{ position: 'absolute' }}
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          {ICON_NAMES.map((name) => (
            <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
              <path
                d={ICON_PATHS[name]}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </symbol>
          ))}
        </defs>
      </svg>
      <h1>
        <Trans id="icons.title">Icons</Trans>
      </h1>
      <p>
        <Trans id="icons.count">{count} icons of the design system, by name.</Trans>
      </p>
      <Grid data-icon-sprite>
        {ICON_NAMES.map((name) => (
          <Cell key={name} data-icon={name}>
            <svg role="img" aria-label={name} width="32" height="32" viewBox="0 0 24 24">
              <use href={`#${symbolId(name)}`} />
            </svg>
            <code aria-hidden="true">{name}</code>
          </Cell>
        ))}
      </Grid>
    </SpritePage>
  );
}

type ShellPageId = Exclude<RoutesOwnedBy<'shell'>, 'home' | 'legacyResponsibleGame' | 'legacyBets'>;

/**
 * The shell's own pages but the home page, in a chunk of their own: the first screen does not
 * download them. The legacy paths of §2 (`/responsible-game`, `/bets/*`) have none: they are
 * 404s (routing/page-guard.ts).
 */
export const SHELL_PAGES: Record<ShellPageId, ComponentType> = {
  slug: SlugPage,
  support: SupportPage,
  unsubscribe: UnsubscribePage,
  icons: IconsPage,
};
