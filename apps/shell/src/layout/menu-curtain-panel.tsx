import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { sessionAtom, type DialogContentProps } from '@northstar/shell-sdk';
import { HOME_ITEM, MAIN_MENU, MenuItems, USER_MENU } from './menu-items.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';

const Links = styled.ul`
  list-style: none;
  margin: 0 -8px;
  padding: 0;
  display: grid;
  gap: 2px;
  a {
    display: flex;
    align-items: center;
    gap: 14px;
    min-height: 48px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
    &:hover {
      background: ${({ theme }) => theme.colors.surfaceRaised};
    }
    &[aria-current='page'] {
      background: ${({ theme }) => theme.colors.surfaceRaised};
      color: ${({ theme }) => theme.colors.primary};
      box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.primary};
    }
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Section = styled.div`
  margin-top: 20px;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0 0 8px;
    font-size: 12px;
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Language = styled.div`
  margin-top: 24px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * The curtain's content: every section and the language. Its own module, downloaded the first
 * time the menu opens, so the pages themselves stay light; the dialog host draws the curtain.
 */
export default function MenuCurtainPanel({ props, close }: DialogContentProps<{ label: string }>) {
  const signedIn = useAtomValue(sessionAtom).status === 'signed-in';
  // Following a link closes the curtain (a navigation to the same page included).
  const onLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };
  return (
    <>
      <nav aria-label={props.label} onClick={onLinkClick}>
        <Links>
          <MenuItems cmsKey="menuLinks" leading={[HOME_ITEM]} fallback={MAIN_MENU} icons={22} />
        </Links>
        {signedIn ? (
          <Section>
            <h3>
              <Trans id="header.accountMenu">Account menu</Trans>
            </h3>
            <Links>
              <MenuItems cmsKey="userMenuLinks" fallback={USER_MENU} icons={22} />
            </Links>
          </Section>
        ) : null}
      </nav>
      <Language>
        <LocaleSwitcher visibleLabel />
      </Language>
    </>
  );
}
