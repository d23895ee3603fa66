import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { media } from '@northstar/ui';
import { COOKIE_SETTINGS_HASH } from '../analytics/settings-event.ts';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { Logo } from './logo.tsx';
import { MAIN_MENU, MenuItems, type MenuItem } from './menu-items.tsx';

/** Built-in help links, until the operator's footerLinks answer (§3 common content). */
const HELP_ITEMS: MenuItem[] = [
  { route: 'support', icon: 'support', label: <Trans id="footer.support">Support</Trans> },
  {
    route: 'legacyResponsibleGame',
    icon: 'shield',
    label: <Trans id="footer.responsibleGaming">Responsible gaming</Trans>,
  },
];

const Foot = styled.footer`
  margin-top: 48px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(60% 120% at 0% 0%, rgba(139, 108, 255, 0.08), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const Inner = styled.div`
  max-width: 1320px;
  margin: 0 auto;
  /* Phones: room for the fixed bottom menu under the last line. */
  padding: 32px 16px calc(var(--ns-bottom-menu-height) + 24px + env(safe-area-inset-bottom));
  display: grid;
  gap: 24px;
  grid-template-columns: 1fr 1fr;
  ${media.from('tablet')} {
    padding: 40px 24px;
  }
  ${media.from('laptop')} {
    grid-template-columns: 2fr 1fr 1fr;
  }
`;

const Column = styled.nav`
  h2 {
    font-size: 14px;
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${({ theme }) => theme.colors.text};
    margin-bottom: 12px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }
  a {
    display: inline-block;
    padding: 6px 0;
    text-decoration: none;
    transition: color 120ms ease;
    &:hover {
      color: ${({ theme }) => theme.colors.primary};
    }
  }
`;

const About = styled.div`
  grid-column: 1 / -1;
  ${media.from('laptop')} {
    grid-column: auto;
  }
  p {
    margin: 0 0 12px;
    max-width: 420px;
  }
`;

/** The operator's social links (socialItemsList): round icon buttons, the name for screen readers. */
const Social = styled.nav`
  margin: 4px 0 20px;
  ul {
    display: flex;
    gap: 10px;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    transition:
      border-color 120ms ease,
      color 120ms ease;
    &:hover {
      border-color: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.primary};
    }
  }
  span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

const FooterBrand = styled.div`
  margin-bottom: 16px;
`;

const Badge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 800;
  margin-right: 12px;
`;

const Legal = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 12px;
  a {
    margin-left: 12px;
  }
`;

export function Footer() {
  const { t } = useLingui();
  return (
    <Foot>
      <Inner>
        <About>
          <FooterBrand>
            <Logo />
          </FooterBrand>
          <p>
            <Trans id="footer.about">
              Northstar is a licensed online casino and sportsbook. Play for fun, set your limits,
              and take a break whenever you need one.
            </Trans>
          </p>
          <p style={{ display: 'flex', alignItems: 'center' }}>
            <Badge aria-hidden="true">18+</Badge>
            <Trans id="footer.adultsOnly">Only players aged 18 and over may play.</Trans>
          </p>
          <Social aria-label={t({ id: 'footer.social', message: 'Follow us' })}>
            <ul>
              <MenuItems cmsKey="socialItemsList" fallback={[]} icons={20} />
            </ul>
          </Social>
          <LocaleSwitcher visibleLabel />
        </About>
        <Column aria-label={t({ id: 'footer.games', message: 'Games' })}>
          <h2>
            <Trans id="footer.games">Games</Trans>
          </h2>
          <ul>
            <MenuItems cmsKey="menuLinks" fallback={MAIN_MENU} />
          </ul>
        </Column>
        <Column aria-label={t({ id: 'footer.help', message: 'Help' })}>
          <h2>
            <Trans id="footer.help">Help</Trans>
          </h2>
          <ul>
            <MenuItems cmsKey="footerLinks" fallback={HELP_ITEMS} />
          </ul>
        </Column>
        <Legal>
          <Trans id="footer.legal">
            © 2026 Northstar Entertainment. Gambling can be addictive: please play responsibly.
          </Trans>
          {/* Issue #28: the cookie banner again, to change the choice (analytics/analytics.tsx
              answers this address; no script of the first screen needed). */}
          <a href={COOKIE_SETTINGS_HASH}>
            <Trans id="footer.cookies">Cookie settings</Trans>
          </a>
        </Legal>
      </Inner>
    </Foot>
  );
}
