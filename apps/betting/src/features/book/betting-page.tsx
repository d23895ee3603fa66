import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import { SPORTS } from '@northstar/contract';
import type { Locale } from '@northstar/i18n/locales';
import type { Sport } from '../shared/api.ts';
import { byCompetition } from '../shared/book-model.ts';
import { useBookLabels } from '../shared/labels.ts';
import { HeroPanel, PageFallback } from '../shared/parts.tsx';
import { useEvents, useOddsStream, useSports, type When } from '../shared/queries.ts';
import { slipAtom } from '../slip/slip-state.ts';
import { BettingLayout } from './betting-layout.tsx';
import { CompetitionBlock } from './event-parts.tsx';

/**
 * `/betting` (issue #29): the book. Sports with how many events each has live and to come, a
 * choice of live, today's or every event, and the events by competition with their main market;
 * prices move as the odds stream says. `?sport=` and `?when=` keep the choice in the address
 * (a link to share, the back button, and a server render of exactly that list).
 */

const WHENS: readonly When[] = ['all', 'live', 'today'];

export function readFilter(search: string): { sport: Sport | undefined; when: When } {
  const query = new URLSearchParams(search);
  const sport = query.get('sport');
  const when = query.get('when');
  return {
    sport: (SPORTS as readonly string[]).includes(sport ?? '') ? (sport as Sport) : undefined,
    when: (WHENS as readonly string[]).includes(when ?? '') ? (when as When) : 'all',
  };
}

function filterHref(locale: Locale, sport: Sport | undefined, when: When): string {
  const query = new URLSearchParams();
  if (sport) query.set('sport', sport);
  if (when !== 'all') query.set('when', when);
  const base = routePath('betting', {}, locale);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

const Hero = styled(HeroPanel)`
  gap: 6px;
  > h1 {
    margin: 0;
    font-size: 26px;
    ${media.from('tablet')} {
      font-size: 34px;
    }
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Chips = styled.nav`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  padding-bottom: 4px;
  scrollbar-width: thin;
`;

const ChipLink = styled.a`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  font-size: 14px;
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.gradients.gold};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const ChipCount = styled.span`
  font-size: 12px;
  font-weight: 800;
  opacity: 0.75;
`;

function Chip({
  href,
  current,
  label,
  count,
}: {
  href: string;
  current: boolean;
  label: string;
  count?: number;
}) {
  const link = useLinkProps(href);
  return (
    <ChipLink {...link} aria-current={current ? 'page' : undefined}>
      {label}
      {count !== undefined ? <ChipCount>{count}</ChipCount> : null}
    </ChipLink>
  );
}

const Empty = styled.p`
  margin: 0;
  padding: 32px 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Status = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function BettingView() {
  const { t } = useLingui();
  const { locale, search } = useShellNavigation();
  const labels = useBookLabels();
  const { sport, when } = readFilter(search);
  const sports = useSports();
  const events = useEvents({ ...(sport ? { sport } : {}), when });
  const slipEvents = useAtomValue(slipAtom).selections.map((selection) => selection.eventId);
  const stream = useOddsStream(
    sport ? { sport, events: [...new Set(slipEvents)] } : {},
    events.data?.seq,
  );
  const summaries = sports.data ?? [];
  const total = summaries.reduce((sum, item) => sum + item.live + item.upcoming, 0);
  const live = summaries.reduce((sum, item) => sum + item.live, 0);
  const groups = byCompetition(events.data?.items ?? []);
  const whenLabels: Record<When, string> = {
    all: t({ id: 'betting.when.all', message: 'All' }),
    live: t({ id: 'betting.when.live', message: `Live now (${live})` }),
    today: t({ id: 'betting.when.today', message: 'Next 24 hours' }),
    upcoming: t({ id: 'betting.when.upcoming', message: 'Upcoming' }),
  };
  return (
    <BettingLayout>
      <Hero>
        <h1>
          <Trans id="betting.betting.title">Sports betting</Trans>
        </h1>
        <p>
          <Trans id="betting.betting.lead">
            Live odds on football, tennis, basketball, ice hockey and e-sports. Singles,
            accumulators and systems, with cash-out.
          </Trans>
        </p>
      </Hero>
      <Chips aria-label={t({ id: 'betting.nav.sports', message: 'Sports' })}>
        <Chip
          href={filterHref(locale, undefined, when)}
          current={sport === undefined}
          label={t({ id: 'betting.nav.allSports', message: 'All sports' })}
          count={total}
        />
        {summaries.map((item) => (
          <Chip
            key={item.sport}
            href={filterHref(locale, item.sport, when)}
            current={sport === item.sport}
            label={labels.sport(item.sport)}
            count={item.live + item.upcoming}
          />
        ))}
      </Chips>
      <Chips aria-label={t({ id: 'betting.nav.when', message: 'When' })}>
        {WHENS.map((item) => (
          <Chip
            key={item}
            href={filterHref(locale, sport, item)}
            current={when === item}
            label={whenLabels[item]}
          />
        ))}
      </Chips>
      <section
        aria-label={t({ id: 'betting.events', message: 'Events' })}
        aria-busy={events.isPending}
      >
        {events.isPending ? (
          <PageFallback />
        ) : groups.length === 0 ? (
          <Empty>
            {when === 'live' ? (
              <Trans id="betting.events.noneLive">
                Nothing is live right now. See what starts next.
              </Trans>
            ) : (
              <Trans id="betting.events.none">No events here right now.</Trans>
            )}
          </Empty>
        ) : (
          <div style={{ display: 'grid', gap: 16 }}>
            {groups.map((group) => (
              <CompetitionBlock
                key={group.competition.id}
                competition={group.competition}
                events={group.events}
              />
            ))}
          </div>
        )}
      </section>
      <Status data-stream={stream}>
        {stream === 'live' ? (
          <Trans id="betting.stream.live">Prices update live.</Trans>
        ) : stream === 'offline' ? (
          <Trans id="betting.stream.offline">Live prices are paused: reload to update them.</Trans>
        ) : null}
      </Status>
    </BettingLayout>
  );
}
