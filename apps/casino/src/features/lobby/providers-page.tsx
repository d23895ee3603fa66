import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '@northstar/i18n/format';
import { gamehallByProviders, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Icon, media, PageContainer, Skeleton } from '@northstar/ui';
import type { Provider } from '../shared/api.ts';
import { useGamesConfig } from '../shared/games-config.ts';
import { Lead, LoadError, PageTitle } from './lobby-parts.tsx';
import { useProviders } from '../shared/catalogue-queries.ts';

const Grid = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.from('tablet')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 16px;
  }
  ${media.from('laptop')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Card = styled.a`
  position: relative;
  display: grid;
  gap: 10px;
  height: 100%;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 90% at 100% 0%, rgba(139, 108, 255, 0.14), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  color: inherit;
  text-decoration: none;
  transition:
    border-color 0.15s ease,
    transform 0.15s ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
  ${media.from('tablet')} {
    padding: 20px;
  }
`;

const Monogram = styled.span`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 14px;
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  font-size: 18px;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.gradients.gold};
  box-shadow: ${({ theme }) => theme.shadows.gold};
  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
    border-radius: inherit;
  }
`;

const Name = styled.strong`
  font-size: 16px;
  overflow-wrap: anywhere;
`;

const Count = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The operator's providers first (games config), in its order; the rest by name. */
function ordered(providers: readonly Provider[], first: readonly string[]): Provider[] {
  const rank = (p: Provider) => {
    const index = first.indexOf(p.sysname);
    return index === -1 ? first.length : index;
  };
  return [...providers].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function ProviderCard({ provider }: { provider: Provider }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(gamehallByProviders([provider.sysname], locale));
  const count = provider.games_count ?? 0;
  const games = formatAmount(count, locale);
  return (
    <li>
      <Card {...link} data-provider={provider.sysname} data-count={count}>
        <Monogram aria-hidden="true">
          {provider.image_url ? (
            <img src={provider.image_url} alt="" width={48} height={48} loading="lazy" />
          ) : (
            provider.name.slice(0, 2)
          )}
        </Monogram>
        <Name>{provider.name}</Name>
        <Count>
          <Icon name="casino" size={16} />
          {count === 1 ? (
            <Trans id="casino.providers.oneGame">1 game</Trans>
          ) : (
            <Trans id="casino.providers.games">{games} games</Trans>
          )}
        </Count>
      </Card>
    </li>
  );
}

/** `/providers`: every studio with how many games it has, each opening its filtered hall. */
export function ProvidersPage() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const config = useGamesConfig();
  const query = useProviders();
  const providers = query.data ? ordered(query.data.items, config.providers) : null;
  const total = providers?.reduce((sum, p) => sum + (p.games_count ?? 0), 0) ?? 0;
  const studios = formatAmount(providers?.length ?? 0, locale);
  const games = formatAmount(total, locale);
  return (
    <PageContainer data-remote="casino" aria-busy={query.isPending}>
      <PageTitle>
        <Trans id="casino.providers.title">Game providers</Trans>
      </PageTitle>
      <Lead>
        {providers ? (
          <Trans id="casino.providers.lead">
            {studios} studios, {games} games. Pick a studio to see all of its games.
          </Trans>
        ) : (
          <Trans id="casino.providers.leadLoading">Pick a studio to see all of its games.</Trans>
        )}
      </Lead>
      {query.isError && !providers ? (
        <div style={{ marginTop: 24 }}>
          <LoadError onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <Grid aria-label={t({ id: 'casino.providers.listLabel', message: 'Providers' })}>
          {providers
            ? providers.map((provider) => (
                <ProviderCard key={provider.sysname} provider={provider} />
              ))
            : Array.from({ length: 8 }, (_, i) => (
                <li key={i}>
                  <Skeleton $height="134px" $radius="16px" />
                </li>
              ))}
        </Grid>
      )}
    </PageContainer>
  );
}
