import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { Icon, media } from '@northstar/ui';
import { useShellNavigation } from '@northstar/shell-sdk';

// The curtain and the dialog frame are downloaded the first time the menu opens.
const MenuCurtainPanel = lazy(() => import('./menu-curtain-panel.tsx'));

const MenuButton = styled.button`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 40px;
  height: 40px;
  margin-left: -4px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  /* From laptops up the main menu is in the header itself. */
  ${media.from('laptop')} {
    display: none;
  }
`;

/**
 * Phones and tablets: a menu button in the header opening a curtain from the left (§2 curtain)
 * with every section and the language.
 */
export function MenuCurtain() {
  const { t } = useLingui();
  const { pathname } = useShellNavigation();
  // Open "at" a path: a navigation (a link, the back button) closes the curtain by itself.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const label = t({ id: 'menu.title', message: 'Menu' });
  return (
    <>
      <MenuButton
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpenAt(pathname)}
      >
        <Icon name="menu" size={22} />
      </MenuButton>
      {open ? (
        <Suspense fallback={null}>
          <MenuCurtainPanel label={label} onClose={() => setOpenAt(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
