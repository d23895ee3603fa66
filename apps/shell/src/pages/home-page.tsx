import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation, type RouteId } from '@northstar/shell-sdk';
import { ButtonLink, Icon, media, PageContainer, type IconName } from '@northstar/ui';
import type { ReactNode } from 'react';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 32px 20px;
  min-height: 240px;
  background:
    radial-gradient(90% 120% at 85% 10%, rgba(124, 92, 255, 0.55), transparent 60%),
    radial-gradient(70% 90% at 10% 100%, rgba(245, 184, 65, 0.35), transparent 60%),
    linear-gradient(135deg, #1b2440, #0f1426);
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${media.from('tablet')} {
    padding: 56px 48px;
    min-height: 320px;
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.12em;
  font-size: 13px;
`;

const Title = styled.h1`
  font-size: 30px;
  max-width: 640px;
  ${media.from('tablet')} {
    font-size: 44px;
  }
`;

const Lead = styled.p`
  margin: 12px 0 24px;
  max-width: 520px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 17px;
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
  display: flex;
  height: 100%;
  flex-direction: column;
  justify-content: flex-end;
  min-height: 120px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  text-decoration: none;
  transition:
    border-color 120ms ease,
    transform 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    transform: translateY(-2px);
  }
  svg {
    margin-bottom: auto;
    padding: 8px;
    width: 40px;
    height: 40px;
    border-radius: 12px;
    color: ${({ theme }) => theme.colors.onPrimary};
    background: linear-gradient(135deg, #ffd36e, #e59a12);
  }
  strong {
    margin-top: 12px;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 18px;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
  ${media.from('tablet')} {
    min-height: 160px;
    padding: 20px;
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

/** The home page. Lobby rows (casino) and banners (promo) join it as remote sections later. */
export function HomePage() {
  const { locale } = useShellNavigation();
  const lobby = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <PageContainer data-remote="shell">
      <Hero aria-labelledby="home-title">
        <Eyebrow>
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
    </PageContainer>
  );
}
