import styled from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import type { SbEvent, SbMarket } from '../shared/api.ts';
import { isOpen } from '../shared/book-model.ts';
import { useBookLabels } from '../shared/labels.ts';
import { EventWhen } from '../shared/parts.tsx';
import { useSlipToggle } from '../slip/use-slip.ts';
import { OddsButton } from './odds-button.tsx';

/** An event in a list and the markets on its page (issue #29). */

const Row = styled.li`
  display: grid;
  gap: 10px;
  padding: 14px 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.from('tablet')} {
    grid-template-columns: minmax(0, 1fr) minmax(240px, 300px) 56px;
    align-items: center;
    gap: 16px;
  }
`;

const Teams = styled.a`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 2px 12px;
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover span[data-team] {
    text-decoration: underline;
  }
`;

const When = styled.span`
  grid-column: 1 / -1;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Team = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
`;

const Score = styled.span`
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.primary};
  text-align: right;
`;

const Prices = styled.div<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count }) => Math.max(1, $count)}, minmax(0, 1fr));
  gap: 8px;
`;

const More = styled.a`
  display: none;
  ${media.from('tablet')} {
    display: inline-grid;
    place-items: center;
    min-height: 48px;
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
    font-weight: 700;
    text-decoration: none;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
      background: ${({ theme }) => theme.colors.surfaceHover};
    }
  }
`;

const Closed = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One event of a list: when, the teams and score (a link to its page), and its main market. */
export function EventRow({ event }: { event: SbEvent }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const labels = useBookLabels();
  const { selected, toggle } = useSlipToggle();
  const link = useLinkProps(routePath('bettingEvent', { id: String(event.id) }, locale));
  const market = event.markets[0];
  const context = `${event.home} – ${event.away}`;
  const others = Math.max(0, event.markets_count - 1);
  return (
    <Row data-event={event.id} data-status={event.status}>
      <Teams {...link}>
        <When>
          <EventWhen event={event} />
        </When>
        <Team data-team>{event.home}</Team>
        <Score>{event.score ? event.score.home : ''}</Score>
        <Team data-team>{event.away}</Team>
        <Score>{event.score ? event.score.away : ''}</Score>
      </Teams>
      {market ? (
        <Prices
          $count={market.outcomes.length}
          role="group"
          aria-label={`${context}: ${labels.market(market.kind, market.line)}`}
        >
          {market.outcomes.map((outcome) => (
            <OddsButton
              key={outcome.id}
              outcomeId={outcome.id}
              name={labels.outcome({
                market: market.kind,
                line: market.line,
                outcome: outcome.key,
                home: event.home,
                away: event.away,
              })}
              label={labels.short(market.kind, outcome.key, market.line)}
              context={context}
              odds={outcome.odds}
              open={isOpen(event, market, outcome.id)}
              selected={selected.has(outcome.id)}
              onToggle={() => toggle(event, market, outcome)}
            />
          ))}
        </Prices>
      ) : (
        <Closed>
          <Trans id="betting.event.noMarket">No prices right now.</Trans>
        </Closed>
      )}
      <More {...link}>
        {others > 0 ? `+${others}` : '›'}
        <span className="visually-hidden">
          , {t({ id: 'betting.event.moreMarkets', message: `every market of ${context}` })}
        </span>
      </More>
    </Row>
  );
}

const Block = styled.section`
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  > h3 {
    display: flex;
    align-items: baseline;
    gap: 8px;
    margin: 0;
    padding: 12px 16px;
    font-size: 15px;
  }
  > ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Country = styled.span`
  font-size: 12px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function CompetitionBlock({
  competition,
  events,
}: {
  competition: SbEvent['competition'];
  events: SbEvent[];
}) {
  return (
    <Block aria-label={competition.name} data-competition={competition.id}>
      <h3>
        {competition.name} <Country>{competition.country}</Country>
      </h3>
      <ul>
        {events.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ul>
    </Block>
  );
}

const MarketBox = styled.section`
  padding: 14px 16px 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  > h3 {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    margin: 0 0 12px;
    font-size: 15px;
  }
`;

const MarketPrices = styled.div<{ $count: number }>`
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(
    ${({ $count }) => Math.min(3, Math.max(1, $count))},
    minmax(0, 1fr)
  );
`;

const MarketState = styled.span`
  font-size: 12px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.warning};
`;

/** One market of an event's page, every outcome with its full name. */
export function MarketCard({ event, market }: { event: SbEvent; market: SbMarket }) {
  const labels = useBookLabels();
  const { selected, toggle } = useSlipToggle();
  const title = labels.market(market.kind, market.line);
  const context = event.kind === 'outright' ? event.home : `${event.home} – ${event.away}`;
  return (
    <MarketBox aria-label={title} data-market={market.id}>
      <h3>
        {title}
        {market.status === 'suspended' ? (
          <MarketState>
            <Trans id="betting.market.suspended">Suspended</Trans>
          </MarketState>
        ) : null}
        {market.status === 'void' ? (
          <MarketState>
            <Trans id="betting.market.void">Void</Trans>
          </MarketState>
        ) : null}
      </h3>
      <MarketPrices $count={market.outcomes.length}>
        {market.outcomes.map((outcome) => {
          const name = labels.outcome({
            market: market.kind,
            line: market.line,
            outcome: outcome.key,
            home: event.home,
            away: event.away,
            eventKind: event.kind,
          });
          return (
            <OddsButton
              key={outcome.id}
              outcomeId={outcome.id}
              name={name}
              label={name}
              context={context}
              odds={outcome.odds}
              open={isOpen(event, market, outcome.id)}
              selected={selected.has(outcome.id)}
              wide={market.outcomes.length <= 2}
              onToggle={() => toggle(event, market, outcome)}
            />
          );
        })}
      </MarketPrices>
    </MarketBox>
  );
}

/** "12 markets" under an event's title. */
export function MarketsCount({ count }: { count: number }) {
  return <Plural id="betting.event.markets" value={count} one="# market" other="# markets" />;
}
