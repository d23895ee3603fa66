import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { formatCurrency } from '@northstar/i18n/format';
import {
  openAuthDialog,
  routePath,
  useBalance,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Button, Icon } from '@northstar/ui';
import { Input, Select, Tabs } from '@northstar/ui/forms';
import {
  bettingApi,
  bettingKey,
  bettingKeyPrefix,
  BETTING_METHODS,
  useViewer,
  type OddsChangeSetting,
  type SbBet,
} from '../shared/api.ts';
import { useBookLabels } from '../shared/labels.ts';
import { Figures } from '../shared/parts.tsx';
import { useActiveFreeBets, useOddsSetting } from '../shared/queries.ts';
import { placeSlip, type SlipFailure } from './place.ts';
import { STAKE_FAILURES, useFailureText, useMoneyText } from './slip-words.ts';
import {
  acceptAllowedMoves,
  acceptOdds,
  EMPTY_SLIP,
  majorText,
  newRequestId,
  placementsOf,
  removeSelection,
  sameEventIds,
  selectionState,
  slipTotals,
  stakeMinor,
  systemOptions,
  type SlipMode,
} from './slip-model.ts';
import { liveAtom } from '../shared/live.ts';
import { slipAtom, slipTabAtom } from './slip-state.ts';

/**
 * The bet slip (issue #29): the selections with the odds in force, the bet type (singles, an
 * accumulator, a system), the stake and what it may return, the player's odds-change setting, and
 * placement. A price that moved against the setting is shown old → new and waits for the player
 * to accept it; a suspended selection is greyed out and must leave the slip; every refusal of the
 * server is said in words, on the stake field when it is about the stake.
 */

const Panel = styled.div`
  display: grid;
  gap: 14px;
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 28px 12px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  > svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  > strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Items = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $off: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto auto;
  align-items: center;
  gap: 4px 10px;
  padding: 10px 8px 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid
    ${({ $off, theme }) => ($off ? 'rgba(255, 107, 122, 0.5)' : theme.colors.border)};
  opacity: ${({ $off }) => ($off ? 0.7 : 1)};
`;

const What = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  > strong {
    overflow-wrap: anywhere;
  }
  > span {
    font-size: 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Price = styled.span`
  display: grid;
  justify-items: end;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  > s {
    font-size: 12px;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Flag = styled.span`
  grid-column: 1 / -1;
  font-size: 12px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.danger};
`;

const Remove = styled.button`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Totals = styled(Figures).attrs({ $size: 'md' as const })`
  > dd[data-return] {
    color: ${({ theme }) => theme.colors.primary};
    font-size: 16px;
  }
`;

const Alert = styled.div<{ $tone: 'warning' | 'danger' | 'success' }>`
  display: grid;
  gap: 8px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ $tone, theme }) => theme.colors[$tone]};
  background: ${({ $tone }) =>
    $tone === 'success'
      ? 'rgba(47, 210, 122, 0.1)'
      : $tone === 'warning'
        ? 'rgba(255, 176, 32, 0.1)'
        : 'rgba(255, 107, 122, 0.1)'};
  font-size: 14px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Clear = styled.button`
  justify-self: end;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: 13px;
  text-decoration: underline;
  cursor: pointer;
`;

export function BetSlip() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const labels = useBookLabels();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const signedIn = viewer !== null && viewer > 0;
  const [slip, setSlip] = useAtom(slipAtom);
  const live = useAtomValue(liveAtom);
  const setTab = useSetAtom(slipTabAtom);
  const { refresh } = useBalance();
  const money = useMoneyText();
  const failureText = useFailureText();
  const setting: OddsChangeSetting = useOddsSetting().data?.odds_change ?? 'none';
  const freeBets = useActiveFreeBets().data?.items ?? [];
  const [freeBetId, setFreeBetId] = useState<number | null>(null);
  const [failure, setFailure] = useState<SlipFailure | null>(null);
  const [stakeError, setStakeError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [receipt, setReceipt] = useState<SbBet[] | null>(null);
  const requestIds = useRef<string[] | null>(null);
  const deposit = useLinkProps(routePath('cashierDeposit', {}, locale));
  const statusId = useId();

  // A move the setting takes is taken at once; the others wait for the player (RTS 2C).
  useEffect(() => {
    setSlip((current) => acceptAllowedMoves(current, live, setting));
  }, [live, setting, setSlip]);
  // Another slip is another placement: new request ids.
  useEffect(() => {
    requestIds.current = null;
  }, [slip.selections, slip.mode, slip.system, slip.stake, freeBetId]);

  const refused = useMemo(
    () =>
      new Set(
        failure?.kind === 'suspended' || failure?.kind === 'same_event' ? failure.outcomeIds : [],
      ),
    [failure],
  );
  const states = slip.selections.map((selection) => selectionState(selection, live, refused));
  const refusedChanges = failure?.kind === 'odds_changed' ? failure.changes : null;
  const changes = new Map<number, string>();
  slip.selections.forEach((selection, index) => {
    const now = refusedChanges?.get(selection.outcomeId) ?? states[index]!.current;
    if (now !== selection.odds) changes.set(selection.outcomeId, now);
  });
  const anySuspended = states.some((state) => state.suspended);
  const sameEvent = sameEventIds(slip.selections);
  const count = slip.selections.length;
  const systems = systemOptions(count);
  const freeBet = freeBets.find((item) => item.id === freeBetId) ?? null;
  const freeBetUsable =
    slip.mode === 'accumulator' || (slip.mode === 'singles' && slip.selections.length === 1);
  const stakeText = freeBet && freeBetUsable ? freeBet.amount.amount : slip.stake;
  const stake = stakeMinor(stakeText, money.decimals);
  const totals = 'minor' in stake ? slipTotals(slip, stake.minor) : null;

  // A price picked after a placement starts the next slip: the receipt gives way to it.
  if (receipt && slip.selections.length === 0) {
    return (
      <Panel>
        <Alert $tone="success" role="status" data-bet-receipt>
          <strong>
            <Plural
              id="betting.slip.placed"
              value={receipt.length}
              one="Your bet is placed."
              other="Your # bets are placed."
            />
          </strong>
          {receipt.map((bet) => (
            <span key={bet.id} data-bet-id={bet.id}>
              {labels.betKind(bet.kind, bet.legs.length)} ·{' '}
              {formatCurrency(bet.total_stake.amount, bet.total_stake.currency, locale)} →{' '}
              {formatCurrency(bet.potential_return.amount, bet.potential_return.currency, locale)}
            </span>
          ))}
        </Alert>
        <Row>
          <Button type="button" onClick={() => setTab('bets')}>
            <Trans id="betting.slip.seeBets">See my bets</Trans>
          </Button>
          <Button type="button" variant="secondary" onClick={() => setReceipt(null)}>
            <Trans id="betting.slip.newBet">New bet</Trans>
          </Button>
        </Row>
      </Panel>
    );
  }

  if (count === 0) {
    return (
      <Empty data-slip-empty>
        <Icon name="ticket" size={32} />
        <strong>
          <Trans id="betting.slip.empty">Your bet slip is empty</Trans>
        </strong>
        <span>
          <Trans id="betting.slip.emptyHint">Pick a price to add it here.</Trans>
        </span>
      </Empty>
    );
  }

  const modes: { id: SlipMode; label: string; disabled: boolean }[] = [
    {
      id: 'singles',
      label: t({ id: 'betting.slip.singles', message: 'Singles' }),
      disabled: false,
    },
    {
      id: 'accumulator',
      label: t({ id: 'betting.slip.accumulator', message: 'Accumulator' }),
      disabled: count < 2,
    },
    {
      id: 'system',
      label: t({ id: 'betting.slip.system', message: 'System' }),
      disabled: systems.length === 0,
    },
  ];

  const stakeMessage = (): string | null => {
    if (stakeError) return stakeError;
    if (failure && STAKE_FAILURES.has(failure.kind))
      return failureText(failure, money.decimals, money.format);
    return null;
  };

  const place = async () => {
    setFailure(null);
    setStakeError(null);
    if (!signedIn) {
      await openAuthDialog('authorization');
      return;
    }
    if (changes.size > 0) {
      setSlip((current) => acceptOdds(current, changes));
      return;
    }
    if ('error' in stake) {
      setStakeError(
        stake.error === 'required'
          ? t({ id: 'betting.slip.stakeRequired', message: 'Enter a stake.' })
          : stake.error === 'positive'
            ? t({ id: 'betting.slip.stakePositive', message: 'The stake must be more than zero.' })
            : failureText({ kind: 'stake_invalid' }, money.decimals, money.format),
      );
      return;
    }
    const placements = placementsOf(slip);
    requestIds.current ??= placements.map(() => newRequestId());
    setPlacing(true);
    try {
      const result = await placeSlip(
        slip,
        {
          stake: majorText(stake.minor, money.decimals),
          oddsChange: setting,
          freeBetId: freeBet && freeBetUsable ? freeBet.id : null,
          requestIds: requestIds.current,
        },
        async (params) => (await bettingApi.send(BETTING_METHODS.place, params)) as SbBet,
      );
      if (result.placed.length > 0) {
        void refresh();
        void queryClient.invalidateQueries({ queryKey: bettingKeyPrefix('bets') });
        if (freeBet) {
          void queryClient.invalidateQueries({ queryKey: bettingKey('freeBets').slice(0, 3) });
          setFreeBetId(null);
        }
      }
      if (result.failure) {
        if (result.failure.kind === 'retry') requestIds.current = null;
        setFailure(result.failure);
        if (result.placedOutcomeIds.length > 0) {
          setSlip((current) =>
            result.placedOutcomeIds.reduce(
              (rest, outcomeId) => removeSelection(rest, outcomeId),
              current,
            ),
          );
        }
        return;
      }
      requestIds.current = null;
      setSlip(EMPTY_SLIP);
      setReceipt(result.placed);
    } finally {
      setPlacing(false);
    }
  };

  const setMode = (mode: SlipMode) => {
    setFailure(null);
    setSlip((current) => ({
      ...current,
      mode,
      system: mode === 'system' && !current.system ? (systems[0]?.kind ?? '') : current.system,
    }));
  };

  const saveSetting = async (value: OddsChangeSetting) => {
    const answer = (await bettingApi.send(BETTING_METHODS.setSettings, {
      odds_change: value,
    })) as { odds_change: OddsChangeSetting };
    queryClient.setQueryData(bettingKey('settings', { viewer }), answer);
  };

  const general =
    failure && !STAKE_FAILURES.has(failure.kind)
      ? failureText(failure, money.decimals, money.format)
      : null;
  const message = stakeMessage();

  return (
    <Panel data-slip>
      <Clear type="button" onClick={() => setSlip(EMPTY_SLIP)}>
        <Trans id="betting.slip.clear">Remove all</Trans>
      </Clear>
      <Items aria-label={t({ id: 'betting.slip.selections', message: 'Selections' })}>
        {slip.selections.map((selection, index) => {
          const state = states[index]!;
          const name = labels.outcome(selection);
          const now = changes.get(selection.outcomeId);
          const conflict = sameEvent.has(selection.eventId) && slip.mode !== 'singles';
          return (
            <Item
              key={selection.outcomeId}
              $off={state.suspended}
              data-selection={selection.outcomeId}
              data-suspended={state.suspended || undefined}
            >
              <What>
                <strong>{name}</strong>
                <span>{labels.market(selection.market, selection.line)}</span>
                <span>
                  {selection.eventKind === 'outright'
                    ? selection.home
                    : `${selection.home} – ${selection.away}`}
                </span>
              </What>
              <Price data-slip-odds={now ?? selection.odds}>
                {now ? (
                  <>
                    <s>{selection.odds}</s>
                    {now}
                  </>
                ) : (
                  selection.odds
                )}
              </Price>
              <Remove
                type="button"
                aria-label={t({ id: 'betting.slip.remove', message: `Remove ${name}` })}
                onClick={() => setSlip((current) => removeSelection(current, selection.outcomeId))}
              >
                <Icon name="x" size={16} />
              </Remove>
              {state.suspended ? (
                <Flag>
                  <Trans id="betting.slip.selectionSuspended">Suspended: remove it to bet</Trans>
                </Flag>
              ) : null}
              {!state.suspended && conflict ? (
                <Flag>
                  <Trans id="betting.slip.selectionSameEvent">
                    Same event as another selection
                  </Trans>
                </Flag>
              ) : null}
            </Item>
          );
        })}
      </Items>

      {count > 1 ? (
        <Tabs
          block
          label={t({ id: 'betting.slip.type', message: 'Bet type' })}
          value={slip.mode}
          onChange={setMode}
          items={modes.map((mode) => ({ id: mode.id, label: mode.label, disabled: mode.disabled }))}
        />
      ) : null}

      {slip.mode === 'system' && systems.length > 0 ? (
        <Select
          label={t({ id: 'betting.slip.systemLabel', message: 'System' })}
          value={slip.system}
          onChange={(event) => {
            const system = event.currentTarget.value;
            setSlip((current) => ({ ...current, system }));
          }}
          options={systems.map((option) => ({
            value: option.kind,
            label: `${labels.betKind(option.kind, count)} · ${t({
              id: 'betting.slip.lines',
              message: `${option.lines} lines`,
            })}`,
          }))}
        />
      ) : null}

      {signedIn && freeBets.length > 0 && freeBetUsable ? (
        <Select
          label={t({ id: 'betting.slip.freeBetLabel', message: 'Stake a free bet' })}
          value={freeBetId === null ? '' : String(freeBetId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFreeBetId(value === '' ? null : Number(value));
          }}
          options={[
            { value: '', label: t({ id: 'betting.slip.noFreeBet', message: 'No, stake money' }) },
            ...freeBets.map((item) => ({
              value: String(item.id),
              label: t({
                id: 'betting.slip.freeBetOption',
                message: `${formatCurrency(item.amount.amount, item.amount.currency, locale)} free bet (odds ${item.min_odds} or more)`,
              }),
            })),
          ]}
        />
      ) : null}

      <Input
        label={
          slip.mode === 'singles'
            ? t({ id: 'betting.slip.stakeSingles', message: 'Stake per bet' })
            : slip.mode === 'system'
              ? t({ id: 'betting.slip.stakeLine', message: 'Stake per line' })
              : t({ id: 'betting.slip.stake', message: 'Stake' })
        }
        name="stake"
        inputMode="decimal"
        autoComplete="off"
        value={stakeText}
        disabled={Boolean(freeBet && freeBetUsable)}
        error={message ?? undefined}
        hint={money.currency ?? undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setStakeError(null);
          if (failure && STAKE_FAILURES.has(failure.kind)) setFailure(null);
          setSlip((current) => ({ ...current, stake: value.slice(0, 20) }));
        }}
      />
      {failure?.kind === 'insufficient_funds' ? (
        <a {...deposit}>
          <Trans id="betting.slip.deposit">Make a deposit</Trans>
        </a>
      ) : null}

      <Totals aria-live="polite" id={statusId}>
        {totals && totals.lines > 1 ? (
          <>
            <dt>
              <Trans id="betting.slip.linesLabel">Lines</Trans>
            </dt>
            <dd data-lines>{totals.lines}</dd>
          </>
        ) : null}
        <dt>
          <Trans id="betting.slip.totalStake">Total stake</Trans>
        </dt>
        <dd data-total-stake>{totals ? money.format(totals.totalStake) : '–'}</dd>
        <dt>
          <Trans id="betting.slip.potentialReturn">Potential return</Trans>
        </dt>
        <dd data-return>{totals ? money.format(totals.potentialReturn) : '–'}</dd>
      </Totals>

      {general ? (
        <Alert $tone={failure?.kind === 'odds_changed' ? 'warning' : 'danger'} role="alert">
          {general}
        </Alert>
      ) : null}

      <Button
        type="button"
        size="lg"
        disabled={placing || (signedIn && anySuspended)}
        aria-describedby={statusId}
        onClick={() => void place()}
        data-place
      >
        {!signedIn ? (
          <Trans id="betting.slip.signIn">Sign in to place a bet</Trans>
        ) : changes.size > 0 ? (
          <Trans id="betting.slip.accept">Accept new odds</Trans>
        ) : placing ? (
          <Trans id="betting.slip.placing">Placing…</Trans>
        ) : (
          <Trans id="betting.slip.place">Place bet</Trans>
        )}
      </Button>

      {signedIn ? (
        <Select
          label={t({ id: 'betting.slip.oddsSetting', message: 'When the odds change' })}
          value={setting}
          onChange={(event) => void saveSetting(event.currentTarget.value as OddsChangeSetting)}
          options={[
            { value: 'none', label: t({ id: 'betting.setting.none', message: 'Ask me' }) },
            {
              value: 'higher',
              label: t({ id: 'betting.setting.higher', message: 'Accept higher odds' }),
            },
            { value: 'any', label: t({ id: 'betting.setting.any', message: 'Accept any odds' }) },
          ]}
        />
      ) : null}
    </Panel>
  );
}
