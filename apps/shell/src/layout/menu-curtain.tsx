import { lazy, useEffect } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { Icon, media } from '@northstar/ui';
import { headerIconButton } from './header-button.ts';
import { closeDialog, openDialog, useDialogs, useShellNavigation } from '@northstar/shell-sdk';

// The curtain's content and the dialog frame are downloaded the first time the menu opens.
const MenuCurtainPanel = lazy(() => import('./menu-curtain-panel.tsx'));

const MenuButton = styled.button`
  ${headerIconButton}
  display: inline-grid;
  margin-left: -4px;
  /* From laptops up the main menu is in the header itself. */
  ${media.from('laptop')} {
    display: none;
  }
`;

const MENU_DIALOG = 'menu';

/**
 * Phones and tablets: a menu button in the header opening a curtain from the left (§2 curtain)
 * with every section and the language, through the dialog queue.
 */
export function MenuCurtain() {
  const { t } = useLingui();
  const { pathname } = useShellNavigation();
  const open = useDialogs().current?.id === MENU_DIALOG;
  const label = t({ id: 'menu.title', message: 'Menu' });
  // A navigation (a link, the back button) closes the curtain.
  useEffect(() => closeDialog(MENU_DIALOG), [pathname]);
  return (
    <MenuButton
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() =>
        void openDialog({
          id: MENU_DIALOG,
          kind: 'curtain',
          side: 'left',
          size: 'small',
          title: label,
          props: { label },
          component: MenuCurtainPanel,
        })
      }
    >
      <Icon name="menu" size={22} />
    </MenuButton>
  );
}
