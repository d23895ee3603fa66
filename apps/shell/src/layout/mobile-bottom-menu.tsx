import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { media } from '@northstar/ui';
import { HOME_ITEM, MAIN_MENU, MenuItems, type MenuItem } from './menu-items.tsx';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.bottomMenu};
  height: calc(${({ theme }) => theme.bottomMenuHeight}px + env(safe-area-inset-bottom));
  padding-bottom: env(safe-area-inset-bottom);
  background: linear-gradient(180deg, rgba(22, 31, 54, 0.97), rgba(13, 18, 33, 0.98));
  backdrop-filter: blur(12px);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 -8px 24px rgba(0, 0, 0, 0.3);
  ${media.from('tablet')} {
    display: none;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(5, minmax(0, 1fr));
    height: 100%;
    margin: 0;
    padding: 0 4px;
    list-style: none;
  }
  a {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 3px;
    height: 100%;
    padding: 0 2px;
    font-size: 11px;
    font-weight: 600;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textMuted};
    span {
      max-width: 100%;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.primary};
      /* The current section: a short gold bar on the top edge. */
      &::before {
        content: '';
        position: absolute;
        top: 0;
        left: 28%;
        right: 28%;
        height: 3px;
        border-radius: 0 0 3px 3px;
        background: ${({ theme }) => theme.gradients.gold};
      }
    }
    &:focus-visible {
      outline-offset: -3px;
      border-radius: ${({ theme }) => theme.radii.md};
    }
  }
  svg {
    width: 22px;
    height: 22px;
  }
`;

// Built in: home, the first three sections, and the cashier, what a phone player reaches for
// most. The operator's mobileBottomMenu replaces it (five at most: the bar has five cells).
const ITEMS: MenuItem[] = [
  HOME_ITEM,
  ...MAIN_MENU.slice(0, 3),
  { route: 'cashier', icon: 'wallet', label: <Trans id="bottomMenu.cashier">Cashier</Trans> },
];

/** The bottom menu of phones (under 768 px). */
export function MobileBottomMenu() {
  const { t } = useLingui();
  return (
    <Bar
      aria-label={t({ id: 'bottomMenu.label', message: 'Quick menu' })}
      data-testid="mobile-bottom-menu"
      data-host-provides="navigation"
    >
      <ul>
        <MenuItems cmsKey="mobileBottomMenu" fallback={ITEMS} icons={22} limit={5} />
      </ul>
    </Bar>
  );
}
