import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Icon, media } from '@northstar/ui';
import { sortedMarkets } from '../shared/book-model.ts';
import { useBookLabels } from '../shared/labels.ts';
import { EventWhen, HeroPanel, PageFallback } from '../shared/parts.tsx';
import { useEvent, useOddsStream } from '../shared/queries.ts';
import { slipAtom } from '../slip/slip-state.ts';
import { BettingLayout } from './betting-layout.tsx';
import { MarketCard, MarketsCount } from './event-parts.tsx';

/**
 * `/betting/event/{id}` (issue #29): one event with every market, the score and clock while it
 * is live, prices moving with the odds stream. An id that is no event is the 404 before this runs
 * (the platform's page rules).
 */

const Back = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  width: fit-content;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  font-size: 14px;
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Header = styled(HeroPanel)`
  gap: 12px;
  text-align: center;
`;

const Competition = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h1`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: center;
  gap: 12px;
  margin: 0;
  font-size: 20px;
  ${media.from('tablet')} {
    font-size: 28px;
  }
  > span:first-child {
    text-align: right;
  }
  > span:last-child {
    text-align: left;
  }
`;

const Score = styled.span`
  padding: 4px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(4, 7, 15, 0.5);
  color: ${({ theme }) => theme.colors.primary};
  font-variant-numeric: tabular-nums;
`;

const Meta = styled.p`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Markets = styled.div`
  display: grid;
  gap: 12px;
  ${media.from('desktop')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

const Message = styled.p`
  margin: 0;
  padding: 32px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function EventView({ id }: { id: number }) {
  const { locale } = useShellNavigation();
  const labels = useBookLabels();
  const page = useEvent(id);
  const slipEvents = useAtomValue(slipAtom).selections.map((selection) => selection.eventId);
  useOddsStream({ events: [...new Set([id, ...slipEvents])] }, page.data?.seq);
  const event = page.data?.event;
  const back = useLinkProps(
    event
      ? `${routePath('betting', {}, locale)}?sport=${event.sport}`
      : routePath('betting', {}, locale),
  );
  return (
    <BettingLayout>
      <Back {...back}>
        <Icon name="back" size={16} />
        {event ? labels.sport(event.sport) : <Trans id="betting.event.back">Sports betting</Trans>}
      </Back>
      {page.isPending ? (
        <PageFallback />
      ) : !event ? (
        <Message role="alert">
          <Trans id="betting.event.unavailable">
            This event could not be loaded. Please try again.
          </Trans>
        </Message>
      ) : (
        <>
          <Header data-event={event.id} data-status={event.status}>
            <Competition>
              {labels.sport(event.sport)} · {event.competition.name} · {event.competition.country}
            </Competition>
            {event.kind === 'outright' ? (
              <h1 style={{ margin: 0 }}>{event.home}</h1>
            ) : (
              <Title>
                <span>{event.home}</span>
                <Score data-score>
                  {event.score ? `${event.score.home} : ${event.score.away}` : '–'}
                </Score>
                <span>{event.away}</span>
              </Title>
            )}
            <Meta>
              <EventWhen event={event} />
              <span>
                <MarketsCount count={event.markets.length} />
              </span>
            </Meta>
          </Header>
          {event.status === 'ended' || event.status === 'cancelled' ? (
            <Message>
              <Trans id="betting.event.over">
                This event is over: its markets no longer take bets.
              </Trans>
            </Message>
          ) : null}
          <Markets>
            {sortedMarkets(event.markets).map((market) => (
              <MarketCard key={market.id} event={event} market={market} />
            ))}
          </Markets>
        </>
      )}
    </BettingLayout>
  );
}
