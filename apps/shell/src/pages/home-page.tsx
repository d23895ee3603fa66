import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation, type RouteId } from '@northstar/shell-sdk';
import { ButtonLink, Icon, media, PageContainer, type IconName } from '@northstar/ui';
import type { ReactNode } from 'react';
import heroBanner from './assets/hero-banner.svg';
import { HomeLobby } from './home-lobby.tsx';

const Hero = styled.section`
  position: relative;
  display: grid;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.gradients.hero};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  /* Tablets and up: the copy beside the 360×520 banner of §9. */
  ${media.from('tablet')} {
    grid-template-columns: minmax(0, 1fr) ${({ theme }) => theme.bannerSizes.tablet.width}px;
    min-height: ${({ theme }) => theme.bannerSizes.tablet.height}px;
  }
`;

/**
 * The banner art: 360×240 on phones, 360×520 from tablets up (§9). Campaign banners from the
 * content service take this slot later; the art is an image file, not JavaScript.
 */
const Banner = styled.div`
  justify-self: center;
  width: 100%;
  max-width: ${({ theme }) => theme.bannerSizes.mobile.width}px;
  aspect-ratio: ${({ theme }) =>
    `${theme.bannerSizes.mobile.width} / ${theme.bannerSizes.mobile.height}`};
  margin: 16px 16px 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: url(${heroBanner}) center / cover no-repeat;
  box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.06);
  ${media.below('tablet')} {
    width: calc(100% - 32px);
  }
  ${media.from('tablet')} {
    grid-column: 2;
    grid-row: 1;
    align-self: stretch;
    max-width: none;
    width: ${({ theme }) => theme.bannerSizes.tablet.width}px;
    height: ${({ theme }) => theme.bannerSizes.tablet.height}px;
    aspect-ratio: auto;
    margin: 0;
    border-radius: 0;
    mask-image: linear-gradient(90deg, transparent 0, #000 22%);
  }
`;

const Copy = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: center;
  align-items: flex-start;
  padding: 20px 20px 28px;
  ${media.from('tablet')} {
    grid-column: 1;
    grid-row: 1;
    padding: 40px 0 40px 40px;
  }
  ${media.from('laptop')} {
    padding: 56px 24px 56px 56px;
  }
`;

const Eyebrow = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 12px;
  padding: 6px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(245, 184, 65, 0.12);
  border: 1px solid rgba(245, 184, 65, 0.35);
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.12em;
  font-size: 12px;
`;

const Title = styled.h1`
  font-size: 28px;
  max-width: 640px;
  text-wrap: balance;
  em {
    font-style: normal;
    background: ${({ theme }) => theme.gradients.gold};
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
  ${media.from('tablet')} {
    font-size: 34px;
  }
  ${media.from('largeLaptop')} {
    font-size: 46px;
  }
`;

const Lead = styled.p`
  margin: 12px 0 24px;
  max-width: 520px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 16px;
  ${media.from('laptop')} {
    font-size: 18px;
  }
`;

const Terms = styled.p`
  margin: 16px 0 0;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tiles = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.from('laptop')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 16px;
  }
`;

const Tile = styled.a`
  position: relative;
  display: flex;
  height: 100%;
  flex-direction: column;
  justify-content: flex-end;
  min-height: 132px;
  padding: 16px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background:
    radial-gradient(120% 90% at 100% 0%, rgba(139, 108, 255, 0.16), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  text-decoration: none;
  transition:
    border-color 140ms ease,
    transform 140ms ease,
    box-shadow 140ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
  svg {
    margin-bottom: auto;
    padding: 8px;
    width: 40px;
    height: 40px;
    border-radius: 12px;
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.gradients.gold};
    box-shadow: ${({ theme }) => theme.shadows.gold};
  }
  strong {
    margin-top: 12px;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 17px;
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
  ${media.from('tablet')} {
    min-height: 168px;
    padding: 20px;
    strong {
      font-size: 19px;
    }
  }
`;

const Trust = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 16px;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${media.from('laptop')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    padding: 20px 24px;
  }
  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 8px;
    min-width: 0;
    ${media.from('tablet')} {
      flex-direction: row;
      align-items: center;
      gap: 12px;
    }
    font-size: 14px;
    line-height: 1.35;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    display: block;
    color: ${({ theme }) => theme.colors.text};
    font-size: 15px;
  }
  svg {
    flex: none;
    width: 36px;
    height: 36px;
    padding: 7px;
    border-radius: 50%;
    color: ${({ theme }) => theme.colors.primary};
    background: rgba(245, 184, 65, 0.1);
    border: 1px solid rgba(245, 184, 65, 0.3);
  }
`;

function HomeTile({
  route,
  icon,
  title,
  text,
}: {
  route: RouteId;
  icon: IconName;
  title: ReactNode;
  text: ReactNode;
}) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath(route as 'home', {}, locale));
  return (
    <li>
      <Tile {...link}>
        <Icon name={icon} />
        <strong>{title}</strong>
        <span>{text}</span>
      </Tile>
    </li>
  );
}

function TrustItem({ icon, title, text }: { icon: IconName; title: ReactNode; text: ReactNode }) {
  return (
    <li>
      <Icon name={icon} />
      <span>
        <strong>{title}</strong>
        {text}
      </span>
    </li>
  );
}

/** The home page: the hero, the site's areas, the casino's lobby rows, what players can trust. */
export function HomePage() {
  const { locale } = useShellNavigation();
  const lobby = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <PageContainer data-remote="shell">
      <Hero aria-labelledby="home-title">
        <Banner data-testid="home-banner" />
        <Copy>
          <Eyebrow>
            <Icon name="star" size={14} />
            <Trans id="home.eyebrow">Welcome offer</Trans>
          </Eyebrow>
          <Title id="home-title">
            <Trans id="home.title">100% up to €500 and 200 free spins on your first deposit</Trans>
          </Title>
          <Lead>
            <Trans id="home.lead">
              Thousands of slots, live tables and sports markets, with payouts you can count on.
            </Trans>
          </Lead>
          <ButtonLink size="lg" {...lobby}>
            <Trans id="home.cta">Explore the lobby</Trans>
          </ButtonLink>
          <Terms>
            <Trans id="home.terms">18+ · New players only · Terms apply · Play responsibly</Trans>
          </Terms>
        </Copy>
      </Hero>
      <Tiles>
        <HomeTile
          route="gamehall"
          icon="casino"
          title={<Trans id="menu.casino">Casino</Trans>}
          text={<Trans id="home.tileCasino">Slots, tables and live dealers</Trans>}
        />
        <HomeTile
          route="betting"
          icon="sports"
          title={<Trans id="menu.betting">Sports</Trans>}
          text={<Trans id="home.tileBetting">Live odds on every match</Trans>}
        />
        <HomeTile
          route="tournaments"
          icon="trophy"
          title={<Trans id="menu.tournaments">Tournaments</Trans>}
          text={<Trans id="home.tileTournaments">Climb the leaderboard, share the prize</Trans>}
        />
        <HomeTile
          route="jackpots"
          icon="coins"
          title={<Trans id="menu.jackpots">Jackpots</Trans>}
          text={<Trans id="home.tileJackpots">Prize pools growing right now</Trans>}
        />
      </Tiles>
      <HomeLobby />
      <Trust>
        <TrustItem
          icon="shield"
          title={<Trans id="home.trustLicensedTitle">Licensed</Trans>}
          text={<Trans id="home.trustLicensedText">Audited, fair games</Trans>}
        />
        <TrustItem
          icon="bolt"
          title={<Trans id="home.trustPayoutsTitle">Fast payouts</Trans>}
          text={<Trans id="home.trustPayoutsText">Withdrawals within hours</Trans>}
        />
        <TrustItem
          icon="lock"
          title={<Trans id="home.trustSecureTitle">Secure payments</Trans>}
          text={<Trans id="home.trustSecureText">Encrypted end to end</Trans>}
        />
        <TrustItem
          icon="support"
          title={<Trans id="home.trustSupportTitle">24/7 support</Trans>}
          text={<Trans id="home.trustSupportText">Real people, any time</Trans>}
        />
      </Trust>
    </PageContainer>
  );
}
