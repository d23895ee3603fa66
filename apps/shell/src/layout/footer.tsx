import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { media } from '@northstar/ui';
import { NavLink } from './nav-link.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { Logo } from './logo.tsx';

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
  padding: 32px 16px
    calc(${({ theme }) => theme.bottomMenuHeight + 24}px + env(safe-area-inset-bottom));
  display: grid;
  gap: 24px;
  grid-template-columns: 1fr 1fr;
  ${media.from('tablet')} {
    grid-template-columns: repeat(3, 1fr);
    padding: 40px 24px;
  }
  ${media.from('laptop')} {
    grid-template-columns: 2fr 1fr 1fr 1fr;
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
          <LocaleSwitcher visibleLabel />
        </About>
        <Column aria-label={t({ id: 'footer.games', message: 'Games' })}>
          <h2>
            <Trans id="footer.games">Games</Trans>
          </h2>
          <ul>
            <li>
              <NavLink route="gamehall">
                <Trans id="menu.casino">Casino</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="betting">
                <Trans id="menu.betting">Sports</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="providers">
                <Trans id="footer.providers">Providers</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="winners">
                <Trans id="footer.winners">Winners</Trans>
              </NavLink>
            </li>
          </ul>
        </Column>
        <Column aria-label={t({ id: 'footer.offers', message: 'Offers' })}>
          <h2>
            <Trans id="footer.offers">Offers</Trans>
          </h2>
          <ul>
            <li>
              <NavLink route="promotions">
                <Trans id="menu.promotions">Promotions</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="tournaments">
                <Trans id="menu.tournaments">Tournaments</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="loyalty">
                <Trans id="menu.loyalty">VIP Club</Trans>
              </NavLink>
            </li>
          </ul>
        </Column>
        <Column aria-label={t({ id: 'footer.help', message: 'Help' })}>
          <h2>
            <Trans id="footer.help">Help</Trans>
          </h2>
          <ul>
            <li>
              <NavLink route="support">
                <Trans id="footer.support">Support</Trans>
              </NavLink>
            </li>
            <li>
              <NavLink route="legacyResponsibleGame">
                <Trans id="footer.responsibleGaming">Responsible gaming</Trans>
              </NavLink>
            </li>
          </ul>
        </Column>
        <Legal>
          <Trans id="footer.legal">
            © 2026 Northstar Entertainment. Gambling can be addictive: please play responsibly.
          </Trans>
        </Legal>
      </Inner>
    </Foot>
  );
}
