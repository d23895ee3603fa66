import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { splitLocalePath } from '@northstar/i18n';
import { Icon } from '@northstar/ui';
import { headerIconButton } from './header-button.ts';

/**
 * §1 the installed app has no browser bar, so no back button: the header draws its own, on every
 * page but home, in the installed app only (`display-mode: standalone`, or the start page the
 * platform marks `data-platform="pwa"`). Its own chunk, asked for by `AppBackSlot` (header.tsx)
 * once the page has started inside the installed app: a browser tab never downloads it.
 */
const BackButton = styled.button`
  ${headerIconButton}
  display: inline-grid;
`;

export default function AppBack() {
  const { t } = useLingui();
  const { locale, pathname, navigate } = useShellNavigation();
  if (splitLocalePath(pathname).path === '/') return null;
  const back = () => {
    // The app's first page has nothing behind it: home instead.
    if (window.history.length > 1) window.history.back();
    else navigate(routePath('home', {}, locale));
  };
  return (
    <BackButton type="button" onClick={back} aria-label={t({ id: 'header.back', message: 'Back' })}>
      <Icon name="back" size={20} />
    </BackButton>
  );
}
