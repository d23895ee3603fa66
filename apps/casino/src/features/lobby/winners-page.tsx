import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, media, PageContainer } from '@northstar/ui';
import { Lead, ListStates, PageTitle, Section, SectionHead, WinnersList } from './lobby-parts.tsx';
import { useWinners } from './lobby-queries.ts';

const Columns = styled.div`
  display: grid;
  gap: 0 24px;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 16px;
`;

/** Wins per page of the latest list ("show more" adds as many, up to the API's 100). */
const PAGE = 20;
const MAX = 100;

function LatestWins() {
  const { t } = useLingui();
  const [count, setCount] = useState(PAGE);
  const wins = useWinners('recent', count);
  return (
    <Section aria-labelledby="winners-latest">
      <SectionHead
        id="winners-latest"
        title={<Trans id="casino.winners.latestTitle">Latest wins</Trans>}
      />
      <ListStates
        query={wins}
        height="320px"
        empty={
          <Trans id="casino.winners.none">
            No wins this week yet. The next one could be yours.
          </Trans>
        }
      >
        {(items) => (
          <>
            <WinnersList
              wins={items}
              fetchedAt={wins.dataUpdatedAt}
              label={t({ id: 'casino.winners.latestLabel', message: 'Latest wins' })}
              testId="winners-latest"
            />
            {items.length < Math.min(wins.data?.total ?? 0, MAX) ? (
              <More>
                <Button
                  variant="secondary"
                  disabled={wins.isFetching}
                  onClick={() => setCount((n) => Math.min(MAX, n + PAGE))}
                >
                  <Trans id="casino.winners.more">Show more wins</Trans>
                </Button>
              </More>
            ) : null}
          </>
        )}
      </ListStates>
    </Section>
  );
}

function BiggestWins() {
  const { t } = useLingui();
  const wins = useWinners('biggest', 10);
  return (
    <Section aria-labelledby="winners-biggest">
      <SectionHead
        id="winners-biggest"
        title={<Trans id="casino.winners.biggestTitle">Biggest wins this week</Trans>}
      />
      <ListStates
        query={wins}
        height="320px"
        empty={
          <Trans id="casino.winners.none">
            No wins this week yet. The next one could be yours.
          </Trans>
        }
      >
        {(items) => (
          <WinnersList
            wins={items}
            fetchedAt={wins.dataUpdatedAt}
            label={t({ id: 'casino.winners.biggestLabel', message: 'Biggest wins this week' })}
            testId="winners-biggest"
          />
        )}
      </ListStates>
    </Section>
  );
}

/** `/winners`: the latest wins of every player, live, and the week's biggest. */
export function WinnersPage() {
  return (
    <PageContainer data-remote="casino">
      <PageTitle>
        <Trans id="casino.winners.title">Winners</Trans>
      </PageTitle>
      <Lead>
        <Trans id="casino.winners.lead">
          Real wins from real rounds, as they happen. Names are shortened to keep players private.
        </Trans>
      </Lead>
      <Columns>
        <LatestWins />
        <BiggestWins />
      </Columns>
    </PageContainer>
  );
}
