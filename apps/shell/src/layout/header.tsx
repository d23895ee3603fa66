import { lazy, Suspense, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { GAME_HEADER_SLOT_ID, sessionAtom } from '@northstar/shell-sdk';
import { platformType } from '@northstar/shell-sdk/host';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { media } from '@northstar/ui';
import { Logo } from './logo.tsx';
import { MAIN_MENU, MenuItems } from './menu-items.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { AccountActions } from '../session/account-actions.tsx';
import { MenuCurtain } from './menu-curtain.tsx';
import { useHeaderHeightVariable } from '../dialogs/header-height.ts';
import { withMoreMessages } from '../content/more-messages.ts';
import { useOnDemand } from './on-demand.ts';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  height: ${({ theme }) => theme.headerHeight.mobile}px;
  background: linear-gradient(180deg, rgba(18, 26, 46, 0.96), rgba(10, 14, 26, 0.94));
  backdrop-filter: blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
  /* A thin gold line under the bar: the brand's one flourish. */
  &::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 1px;
    background: linear-gradient(90deg, transparent, rgba(245, 184, 65, 0.55), transparent);
    pointer-events: none;
  }
  ${media.from('laptop')} {
    height: ${({ theme }) => theme.headerHeight.desktop}px;
  }
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  height: 100%;
  max-width: 1320px;
  margin: 0 auto;
  padding: 0 12px;
  ${media.from('tablet')} {
    padding: 0 24px;
  }
`;

const Menu = styled.nav`
  display: none;
  ${media.from('laptop')} {
    display: block;
    /* A long translation scrolls inside the menu instead of pushing the page sideways. */
    min-width: 0;
    overflow-x: auto;
    scrollbar-width: none;
    /* Room for the links' focus ring inside the scrolling box. */
    padding: 6px;
  }
  ul {
    display: flex;
    gap: 2px;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 10px;
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 15px;
    ${media.from('desktop')} {
      padding: 0 14px;
    }
    text-decoration: none;
    white-space: nowrap;
    transition:
      color 120ms ease,
      background 120ms ease;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
      background: ${({ theme }) => theme.colors.surface};
    }
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.primary};
      background: ${({ theme }) => theme.colors.surfaceRaised};
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-left: auto;
  ${media.from('tablet')} {
    gap: 8px;
  }
`;

/**
 * On the game layout: where the game page puts its session figures (a portal from the casino,
 * `GAME_HEADER_SLOT_ID`); it takes no room while empty (a visitor, fun mode, the server's HTML).
 */
const GameSlot = styled.div`
  display: flex;
  align-items: center;
  min-width: 0;
  &:empty {
    display: none;
  }
`;

/**
 * The header's language switcher: from tablets up, except on laptops (992–1279), where the main
 * menu needs the room; the footer (and the menu curtain below 992) always have one.
 */
const WideOnly = styled.span`
  display: none;
  ${media.from('tablet')} {
    display: inline-flex;
  }
  ${media.from('laptop')} {
    display: none;
  }
  ${media.from('largeLaptop')} {
    display: inline-flex;
  }
`;

// A player's balance, in a chunk a visitor's first screen never downloads (nor its formatting).
const BalanceSlot = lazy(() =>
  withMoreMessages(() => import('./balance-slot.tsx')).then((module) => ({
    default: module.BalanceSlot,
  })),
);

/**
 * The installed app's own back button (app-back.tsx): its chunk is asked for once the page runs
 * inside the installed app, never in a browser tab.
 */
const loadAppBack = () => withMoreMessages(() => import('./app-back.tsx'));
const AppBack = lazy(loadAppBack);

function AppBackSlot() {
  const installed = useOnDemand(() => platformType() === 'pwa', loadAppBack);
  return installed ? (
    <Suspense fallback={null}>
      <AppBack />
    </Suspense>
  ) : null;
}

function PlayerBalance() {
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <BalanceSlot />
    </Suspense>
  );
}

export function Header({ gameSlot = false }: { gameSlot?: boolean }) {
  const { t } = useLingui();
  const bar = useRef<HTMLElement>(null);
  // Toasts sit under the header, whatever its height (§2).
  useHeaderHeightVariable(bar);
  return (
    <Bar ref={bar}>
      <Inner>
        <AppBackSlot />
        <MenuCurtain />
        <Logo />
        <Menu aria-label={t({ id: 'header.mainMenu', message: 'Main menu' })}>
          <ul>
            {/* The operator's menu from the content backend; the built-in one until it answers. */}
            <MenuItems cmsKey="menuLinks" fallback={MAIN_MENU} />
          </ul>
        </Menu>
        <Actions>
          {gameSlot ? <GameSlot id={GAME_HEADER_SLOT_ID} /> : null}
          <PlayerBalance />
          <WideOnly>
            <LocaleSwitcher />
          </WideOnly>
          <AccountActions />
        </Actions>
      </Inner>
    </Bar>
  );
}
