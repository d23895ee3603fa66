import { useId, useState } from 'react';
import styled from 'styled-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MethodRef } from '@northstar/api-client/transport';
import type { InferOutput } from 'valibot';
import type { loyaltyHistoryEntry, ResponseOf } from '@northstar/contract';
import {
  apiQueryKey,
  methodRef,
  pageApi,
  routePath,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Button, ButtonLink, Skeleton } from '@northstar/ui';
import { Muted, Notice, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { Empty, PageSwitcher, Table, useFormats } from '../history/history-parts.tsx';
import {
  clampPage,
  direction,
  historyKind,
  historyParams,
  pageCount,
  type HistoryKind,
} from './loyalty-history-model.ts';

/** The page's `/api` calls (§7 Loyalty; gethistory is ours, issue #27). */
const METHODS = {
  info: methodRef('loyalty', 'getinfo'),
  history: methodRef('loyalty', 'gethistory'),
};
type DefinitionOf<K extends keyof typeof METHODS> =
  (typeof METHODS)[K] extends MethodRef<infer M> ? M : never;
type Info = ResponseOf<DefinitionOf<'info'>>;
type HistoryEntry = InferOutput<typeof loyaltyHistoryEntry>;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 16px;
  margin: 0 0 16px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 4px 0 0;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 22px;
    font-weight: 800;
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Delta = styled.span<{ $earned: boolean }>`
  font-weight: 700;
  color: ${({ $earned, theme }) => ($earned ? theme.colors.success : theme.colors.danger)};
`;

function PointsText({ value }: { value: number }) {
  return <Plural id="profile.loyalty.points" value={value} one="# point" other="# points" />;
}

function KindText({ kind }: { kind: HistoryKind }) {
  switch (kind) {
    case 'earn':
      return <Trans id="profile.loyalty.kind.earn">Earned by playing</Trans>;
    case 'rollback':
      return <Trans id="profile.loyalty.kind.rollback">Cancelled stake</Trans>;
    case 'spend':
      return <Trans id="profile.loyalty.kind.spend">Spent in the shop</Trans>;
    case 'reward':
      return <Trans id="profile.loyalty.kind.reward">Quest reward</Trans>;
    default:
      return <Trans id="profile.loyalty.kind.other">Adjustment</Trans>;
  }
}

/** `/profile/loyalty` (§2, issue #27): the player's points, and the history of points earned and spent. */
export function LoyaltyHistoryPage() {
  const { t, i18n } = useLingui();
  const { locale } = useShellNavigation();
  const { when } = useFormats();
  const summaryId = useId();
  const historyId = useId();
  const [page, setPage] = useState(0);
  const loyalty = useLinkProps(routePath('loyalty', {}, locale));
  const shop = useLinkProps(routePath('loyaltyShop', {}, locale));
  const info = useQuery({
    queryKey: apiQueryKey('loyalty', 'getinfo'),
    queryFn: async () => (await pageApi.send(METHODS.info)) as Info,
  });
  const params = historyParams(page);
  const history = useQuery({
    queryKey: apiQueryKey('loyalty', 'gethistory', params),
    queryFn: async () =>
      (await pageApi.send(METHODS.history, params)) as { items: HistoryEntry[]; total: number },
    placeholderData: keepPreviousData,
  });
  const total = history.data?.total ?? 0;
  const pages = pageCount(total);
  const shown = clampPage(page, total);
  const number = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);

  return (
    <ProfileFrame
      title={<Trans id="profile.profileLoyalty.title">Loyalty</Trans>}
      lead={
        <Trans id="profile.loyalty.lead">
          Your loyalty points: what you earned by playing and completing quests, and what you spent
          in the shop.
        </Trans>
      }
    >
      <Panel labelId={summaryId} title={<Trans id="profile.loyalty.summary">Your points</Trans>}>
        {info.data ? (
          <Summary>
            <div>
              <dt>
                <Trans id="profile.loyalty.balance">Points to spend</Trans>
              </dt>
              <dd data-testid="profile-loyalty-points">
                <PointsText value={info.data.points} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans id="profile.loyalty.level">Level</Trans>
              </dt>
              <dd>{info.data.level.name}</dd>
            </div>
            <div>
              <dt>
                <Trans id="profile.loyalty.lifetime">Earned in total</Trans>
              </dt>
              <dd>
                <PointsText value={info.data.lifetime_points} />
              </dd>
            </div>
          </Summary>
        ) : info.isError ? (
          <Notice role="alert">
            <Trans id="profile.loyalty.loadError">Your points could not be loaded.</Trans>
          </Notice>
        ) : (
          <Skeleton $height="72px" $radius="12px" style={{ marginBottom: 16 }} />
        )}
        <Links>
          <ButtonLink {...loyalty} variant="secondary" size="sm">
            <Trans id="profile.loyalty.toClub">VIP Club</Trans>
          </ButtonLink>
          <ButtonLink {...shop} variant="secondary" size="sm">
            <Trans id="profile.loyalty.toShop">Loyalty shop</Trans>
          </ButtonLink>
        </Links>
      </Panel>
      <Panel labelId={historyId} title={<Trans id="profile.loyalty.history">Points history</Trans>}>
        {history.data ? (
          history.data.items.length === 0 ? (
            <Empty>
              <Trans id="profile.loyalty.empty">
                No points yet. Every real-money game earns them.
              </Trans>
            </Empty>
          ) : (
            <Table data-loyalty-history aria-busy={history.isPlaceholderData}>
              <caption className="visually-hidden">
                <Trans id="profile.loyalty.history">Points history</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans id="profile.loyalty.col.what">What</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans id="profile.loyalty.col.points">Points</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans id="profile.loyalty.col.balance">Balance after</Trans>
                  </th>
                  <th scope="col">
                    <Trans id="profile.loyalty.col.time">Time</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.items.map((row) => {
                  const earned = direction(row.delta) === 'earned';
                  return (
                    <tr key={row.id} data-kind={row.kind}>
                      <td data-label={t({ id: 'profile.loyalty.col.what', message: 'What' })}>
                        <KindText kind={historyKind(row.kind)} />
                        {row.title ? (
                          <>
                            <br />
                            <Muted as="span">{row.title}</Muted>
                          </>
                        ) : null}
                      </td>
                      <td
                        className="num"
                        data-label={t({ id: 'profile.loyalty.col.points', message: 'Points' })}
                      >
                        <Delta $earned={earned}>
                          {earned ? '+' : '−'}
                          {number(Math.abs(row.delta))}
                        </Delta>
                      </td>
                      <td
                        className="num"
                        data-label={t({
                          id: 'profile.loyalty.col.balance',
                          message: 'Balance after',
                        })}
                      >
                        {number(row.balance_after)}
                      </td>
                      <td data-label={t({ id: 'profile.loyalty.col.time', message: 'Time' })}>
                        {when(row.created_at)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )
        ) : history.isError ? (
          <Notice role="alert">
            <Trans id="profile.loyalty.historyError">
              Your points history could not be loaded.
            </Trans>{' '}
            <Button type="button" size="sm" variant="ghost" onClick={() => void history.refetch()}>
              <Trans id="profile.loyalty.retry">Try again</Trans>
            </Button>
          </Notice>
        ) : (
          <Skeleton $height="240px" $radius="12px" />
        )}
        {total > 0 ? <PageSwitcher page={shown} pages={pages} onPage={setPage} /> : null}
      </Panel>
    </ProfileFrame>
  );
}
