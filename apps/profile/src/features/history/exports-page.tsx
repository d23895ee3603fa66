import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiQueryKey, isApiError, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { Input } from '@northstar/ui/forms';
import { messagesFor, translateMessage } from '@northstar/validators';
import {
  exportsQuery,
  generalInfoQuery,
  HISTORY_METHODS,
  historyApi,
  type HistoryExport,
} from './history-api.ts';
import { exportPeriodError, isoDay, periodRange } from './history-model.ts';
import { Empty, Filters, HistoryTabs, Table, useFormats } from './history-parts.tsx';

const FileLinks = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px 14px;
`;

const Notice = styled.p`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.danger};
`;

/**
 * `/profile/bets/exports` (§3 is_game_history_export_enabled, §7 create/gethistoryexportrequest;
 * issue #25): the player asks for the rounds of a period (at most a year) as CSV and XLSX; the
 * list shows each request's state and, once ready, its files (the server gives them to their
 * owner only). While one is being made, the list asks again every two seconds.
 */
export function ExportsPage() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const queryClient = useQueryClient();
  const info = useQuery(generalInfoQuery());
  const exports = useQuery({
    ...exportsQuery(),
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (item) => item.status === 'pending' || item.status === 'processing',
      )
        ? 2000
        : false,
  });
  const [today] = useState(() => new Date());
  const initial = periodRange('30', today);
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? isoDay(today));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const { day, when } = useFormats();

  const message = (code: string | undefined) => {
    if (!code) return undefined;
    if (code === 'export_period_too_long') {
      return t({
        id: 'profile.exports.tooLong',
        message: 'An export can cover at most one year. Choose a shorter period.',
      });
    }
    if (code === 'min_value') {
      return t({ id: 'profile.exports.endBeforeStart', message: 'The end is before the start.' });
    }
    return translateMessage(code, messagesFor(locale));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const local = exportPeriodError(from, to);
    if (local) return setErrors({ [local.field]: local.code });
    setErrors({});
    setSaving(true);
    try {
      await historyApi.send(HISTORY_METHODS.createExport, { from, to });
      await queryClient.invalidateQueries({
        queryKey: apiQueryKey('games', 'gethistoryexportrequest'),
      });
    } catch (error) {
      const fields = isApiError(error) ? error.invalidParameters : {};
      const next = { from: fields.from?.[0], to: fields.to?.[0] };
      if (next.from || next.to) setErrors(next);
      else setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const stateLabel = (status: HistoryExport['status']) =>
    status === 'ready'
      ? t({ id: 'profile.exports.state.ready', message: 'Ready' })
      : status === 'failed'
        ? t({ id: 'profile.exports.state.failed', message: 'Failed' })
        : t({ id: 'profile.exports.state.working', message: 'Being prepared' });

  let body;
  if (info.data && !info.data.is_game_history_export_enabled) {
    body = (
      <Empty>
        <Trans id="profile.exports.disabled">Exports are not available on this site.</Trans>
      </Empty>
    );
  } else {
    body = (
      <>
        <Filters noValidate onSubmit={(event) => void submit(event)} data-testid="export-form">
          <Input
            type="date"
            name="from"
            label={<Trans id="profile.exports.from">From</Trans>}
            value={from}
            max={to || undefined}
            onChange={(event) => {
              setFrom(event.currentTarget.value);
              setErrors({});
            }}
            error={message(errors.from)}
          />
          <Input
            type="date"
            name="to"
            label={<Trans id="profile.exports.to">To</Trans>}
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setErrors({});
            }}
            error={message(errors.to)}
          />
          <div>
            <Button type="submit" disabled={saving}>
              <Trans id="profile.exports.request">Request export</Trans>
            </Button>
          </div>
        </Filters>
        {failed ? (
          <Notice role="alert">
            <Trans id="profile.exports.failed">The export could not be requested. Try again.</Trans>
          </Notice>
        ) : null}
        {!exports.data ? (
          <Skeleton $height="160px" $radius="12px" />
        ) : exports.data.items.length === 0 ? (
          <Empty>
            <Trans id="profile.exports.empty">You have not asked for an export yet.</Trans>
          </Empty>
        ) : (
          <Table data-testid="exports-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans id="profile.exports.col.period">Period</Trans>
                </th>
                <th scope="col">
                  <Trans id="profile.exports.col.requested">Requested</Trans>
                </th>
                <th scope="col">
                  <Trans id="profile.exports.col.state">State</Trans>
                </th>
                <th scope="col">
                  <Trans id="profile.exports.col.files">Files</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {exports.data.items.map((item) => (
                <tr key={item.id} data-export={item.id}>
                  <td data-label={t({ id: 'profile.exports.col.period', message: 'Period' })}>
                    {item.from && item.to ? `${day(item.from)} – ${day(item.to)}` : '—'}
                  </td>
                  <td data-label={t({ id: 'profile.exports.col.requested', message: 'Requested' })}>
                    {when(item.created_at)}
                  </td>
                  <td data-label={t({ id: 'profile.exports.col.state', message: 'State' })}>
                    {stateLabel(item.status)}
                    {item.status === 'ready' && item.rows !== null
                      ? ` · ${t({ id: 'profile.exports.rows', message: `${item.rows} rounds` })}`
                      : ''}
                  </td>
                  <td data-label={t({ id: 'profile.exports.col.files', message: 'Files' })}>
                    <FileLinks>
                      {item.url ? (
                        <a href={item.url} download>
                          <Trans id="profile.exports.csv">Download CSV</Trans>
                        </a>
                      ) : null}
                      {item.xlsx_url ? (
                        <a href={item.xlsx_url} download>
                          <Trans id="profile.exports.xlsx">Download XLSX</Trans>
                        </a>
                      ) : null}
                    </FileLinks>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </>
    );
  }

  return (
    <ProfileFrame title={<Trans id="profile.profileBetsExports.title">Bet history exports</Trans>}>
      <div>
        <HistoryTabs current="exports" />
        {body}
      </div>
    </ProfileFrame>
  );
}
