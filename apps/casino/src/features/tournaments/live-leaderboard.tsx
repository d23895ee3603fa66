import styled, { css } from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton } from '@northstar/ui';
import type { Tournament } from '../shared/api.ts';
import { LoadError, visuallyHidden } from '../lobby/lobby-parts.tsx';
import { pinnedRow, type BoardRow } from './tournament-model.ts';
import { PlaceMark, usePoints } from './tournament-parts.tsx';
import { useLiveLeaderboard, type LiveStatus } from './use-live-board.ts';

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0 6px;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
  }
  th {
    padding: 0 12px 4px;
    text-align: left;
    font-size: 12px;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  th:last-child,
  td:last-child {
    text-align: right;
  }
`;

const Caption = styled.caption`
  ${visuallyHidden}
`;

const rowLook = css`
  td {
    padding: 10px 12px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  td:first-child {
    width: 56px;
    border-radius: ${({ theme }) => theme.radii.md} 0 0 ${({ theme }) => theme.radii.md};
  }
  td:last-child {
    border-radius: 0 ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0;
    font-weight: 700;
  }
`;

const Row = styled.tr<{ $mine: boolean }>`
  ${rowLook}
  ${({ $mine, theme }) =>
    $mine
      ? css`
          td {
            background: rgba(245, 184, 65, 0.14);
            box-shadow:
              inset 0 1px 0 rgba(245, 184, 65, 0.5),
              inset 0 -1px 0 rgba(245, 184, 65, 0.5);
          }
          td:first-child {
            box-shadow:
              inset 1px 1px 0 rgba(245, 184, 65, 0.5),
              inset 0 -1px 0 rgba(245, 184, 65, 0.5);
          }
          td:last-child {
            color: ${theme.colors.primary};
            box-shadow:
              inset -1px 1px 0 rgba(245, 184, 65, 0.5),
              inset 0 -1px 0 rgba(245, 184, 65, 0.5);
          }
        `
      : ''}
`;

const Name = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  overflow-wrap: anywhere;
  small {
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 11px;
    font-weight: 800;
    text-transform: uppercase;
  }
`;

/** The player's row, pinned under the top rows while it is not among them. */
const Pinned = styled.tbody`
  tr:first-child td {
    position: relative;
  }
`;

const Gap = styled.tr`
  td {
    padding: 0 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: center !important;
    letter-spacing: 0.3em;
  }
`;

const Live = styled.span<{ $status: LiveStatus }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 13px;
  color: ${({ $status, theme }) =>
    $status === 'live' ? theme.colors.success : theme.colors.textMuted};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 22px;
  }
`;

const Note = styled.p`
  margin: 12px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function BoardLine({ row, points }: { row: BoardRow; points: (value: string) => string }) {
  return (
    <Row $mine={row.is_current_user} data-me={row.is_current_user ? 'true' : undefined}>
      <td>
        <PlaceMark place={row.place} />
      </td>
      <td>
        <Name>
          {row.name}
          {row.is_current_user ? (
            <small>
              <Trans id="casino.tournaments.board.you">You</Trans>
            </small>
          ) : null}
        </Name>
      </td>
      <td data-points>{points(row.points)}</td>
    </Row>
  );
}

/**
 * The live leaderboard of `/tournaments/{id}` (issue #27): the top rows and the signed-in
 * player's row pinned under them, updated by the Server-Sent Events stream without a reload; a
 * polite live region says nothing per update (a board that changes several times a second would
 * talk over the page), the table is read when the player moves to it.
 */
export function LiveLeaderboard({ tournament }: { tournament: Tournament }) {
  const { t } = useLingui();
  const { board, status } = useLiveLeaderboard(tournament.id, tournament.extra.live_url);
  const points = usePoints(tournament.extra.scoring, tournament.total_prize.currency);
  const data = board.data;
  const pinned = data ? pinnedRow(data) : null;
  return (
    <section aria-labelledby="tournament-board" data-leaderboard data-revision={data?.revision}>
      <Head>
        <h2 id="tournament-board">
          <Trans id="casino.tournaments.board.title">Leaderboard</Trans>
        </h2>
        {tournament.status === 'active' ? (
          <Live $status={status} data-live={status}>
            {status === 'live' ? (
              <Trans id="casino.tournaments.board.live">Live</Trans>
            ) : status === 'connecting' ? (
              <Trans id="casino.tournaments.board.connecting">Connecting…</Trans>
            ) : (
              <Trans id="casino.tournaments.board.offline">Not live</Trans>
            )}
          </Live>
        ) : null}
      </Head>
      {data ? (
        data.items.length > 0 ? (
          <Table>
            <Caption>
              {t({ id: 'casino.tournaments.board.caption', message: 'Leaderboard' })}
            </Caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans id="casino.tournaments.board.place">Place</Trans>
                </th>
                <th scope="col">
                  <Trans id="casino.tournaments.board.player">Player</Trans>
                </th>
                <th scope="col">
                  <Trans id="casino.tournaments.board.points">Points</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row, index) => (
                <BoardLine key={`${index}-${row.name}`} row={row} points={points} />
              ))}
            </tbody>
            {pinned ? (
              <Pinned data-pinned>
                <Gap aria-hidden="true">
                  <td colSpan={3}>···</td>
                </Gap>
                <BoardLine row={pinned} points={points} />
              </Pinned>
            ) : null}
          </Table>
        ) : (
          <Note>
            {tournament.status === 'future' ? (
              <Trans id="casino.tournaments.board.emptyFuture">
                The leaderboard opens when the tournament starts.
              </Trans>
            ) : (
              <Trans id="casino.tournaments.board.empty">
                Nobody has scored yet. Play a round on its games to take the lead.
              </Trans>
            )}
          </Note>
        )
      ) : board.isError ? (
        <LoadError onRetry={() => void board.refetch()} />
      ) : (
        <Skeleton $height="280px" $radius="16px" style={{ marginTop: 12 }} />
      )}
      {data && data.total > data.items.length ? (
        <Note>
          {t({
            id: 'casino.tournaments.board.more',
            message: `Top ${data.items.length} of ${data.total} players.`,
          })}
        </Note>
      ) : null}
    </section>
  );
}
