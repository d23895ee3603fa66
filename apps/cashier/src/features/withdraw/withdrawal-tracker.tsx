import { useCallback, useState } from 'react';
import styled, { css } from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirm, useShellNavigation, useDisplayOffset } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import type { Withdrawal } from '../shared/api.ts';
import { cashierStamp } from '../shared/dates.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { formatMoney } from '../shared/money.ts';
import { useProblemText } from '../shared/problem-text.ts';
import { Card, Facts, Muted, Notice, SmallSpinner } from '../shared/parts.tsx';
import { useStatusText } from '../shared/status.ts';
import { isFinalStage, trackerSteps, type StepState } from './tracker-model.ts';
import { cancelWithdrawal, useWithdrawal } from './withdraw-queries.ts';

const Steps = styled.ol`
  display: grid;
  gap: 0;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const dotColor = {
  done: css`
    background: ${({ theme }) => theme.colors.success};
    border-color: ${({ theme }) => theme.colors.success};
  `,
  current: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 4px rgba(245, 184, 65, 0.2);
  `,
  upcoming: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.borderStrong};
  `,
  stopped: css`
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
  `,
};

const Step = styled.li<{ $state: StepState }>`
  position: relative;
  display: grid;
  grid-template-columns: 22px 1fr auto;
  gap: 12px;
  align-items: start;
  padding-bottom: 18px;
  &:last-child {
    padding-bottom: 0;
  }
  &:not(:last-child)::after {
    content: '';
    position: absolute;
    left: 10px;
    top: 22px;
    bottom: 0;
    width: 2px;
    background: ${({ theme, $state }) =>
      $state === 'done' ? theme.colors.success : theme.colors.border};
  }
  .dot {
    width: 22px;
    height: 22px;
    border-radius: 50%;
    border: 2px solid;
    ${({ $state }) => dotColor[$state]}
  }
  .name {
    font-weight: ${({ $state }) => ($state === 'upcoming' ? 500 : 700)};
    color: ${({ theme, $state }) =>
      $state === 'upcoming' ? theme.colors.textMuted : theme.colors.text};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
`;

/** What a rejection reason means, and what the player can do about it. */
function useRejectionText() {
  const { t } = useLingui();
  return useCallback(
    (code: string | null) => {
      switch (code) {
        case 'documents_required':
          return {
            reason: t({ id: 'cashier.reject.documents', message: 'Documents are needed.' }),
            action: t({
              id: 'cashier.reject.documentsAction',
              message: 'Upload your documents in Profile → Verification, then request again.',
            }),
          };
        case 'requisites_mismatch':
          return {
            reason: t({
              id: 'cashier.reject.requisites',
              message: 'The payment details are not in your name.',
            }),
            action: t({
              id: 'cashier.reject.requisitesAction',
              message: 'Request the withdrawal again to a card or account in your own name.',
            }),
          };
        case 'bonus_terms':
          return {
            reason: t({
              id: 'cashier.reject.bonus',
              message: 'A bonus you took has wagering left.',
            }),
            action: t({
              id: 'cashier.reject.bonusAction',
              message: 'Finish or cancel the bonus in Profile → Bonuses, then request again.',
            }),
          };
        case 'duplicate_account':
          return {
            reason: t({
              id: 'cashier.reject.duplicate',
              message: 'Another account was found for you.',
            }),
            action: t({
              id: 'cashier.reject.duplicateAction',
              message: 'Contact support so we can sort it out together.',
            }),
          };
        default:
          return {
            reason: t({ id: 'cashier.reject.other', message: 'The withdrawal was rejected.' }),
            action: t({
              id: 'cashier.reject.otherAction',
              message: 'The money is back on your balance. Contact support if you have questions.',
            }),
          };
      }
    },
    [t],
  );
}

/**
 * Where a withdrawal is: each stage with its time (requested, in review, approved, sent, paid; or
 * where it stopped, rejected with the reason and what to do, or cancelled), a Cancel button while
 * the market allows it. Asked again every 5 s until it is final; changes are announced.
 */
export function WithdrawalTracker({ id, initial }: { id: number; initial?: Withdrawal }) {
  const withdrawal = useWithdrawal(id, initial);
  if (withdrawal.data) return <TrackerCard withdrawal={withdrawal.data} />;
  if (withdrawal.isError) {
    return (
      <Card>
        <Notice role="alert">
          <Trans id="cashier.tracker.loadError">This withdrawal could not be loaded.</Trans>
        </Notice>
      </Card>
    );
  }
  return (
    <Card aria-busy="true">
      <Skeleton $height="24px" $width="50%" />
      <Skeleton $height="160px" style={{ marginTop: 16 }} />
    </Card>
  );
}

function TrackerCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const offset = useDisplayOffset();
  const statusText = useStatusText();
  const rejectionText = useRejectionText();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const steps = trackerSteps(withdrawal);
  const final = isFinalStage(withdrawal.stage);
  const rejection = withdrawal.stage === 'rejected' ? rejectionText(withdrawal.reason_code) : null;

  const cancel = async () => {
    const agreed = await confirm({
      id: 'cashier-cancel-withdrawal',
      title: t({ id: 'cashier.tracker.cancelTitle', message: 'Cancel this withdrawal?' }),
      text: t({
        id: 'cashier.tracker.cancelText',
        message: 'The money goes back to your balance straight away.',
      }),
      agreeLabel: t({ id: 'cashier.tracker.cancelAgree', message: 'Cancel withdrawal' }),
      rejectLabel: t({ id: 'cashier.tracker.cancelReject', message: 'Keep it' }),
    });
    if (!agreed) return;
    setNotice(null);
    setCancelling(true);
    try {
      await cancelWithdrawal(queryClient, withdrawal.id);
    } catch (error) {
      const failure = readCashierFailure(error, []);
      setNotice(problemText(failure.problem ?? 'unknown'));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Card aria-labelledby={`withdrawal-${withdrawal.id}`}>
      <h2 id={`withdrawal-${withdrawal.id}`}>
        <Trans id="cashier.tracker.title">Withdrawal #{withdrawal.id}</Trans>
      </h2>
      <Facts style={{ marginBottom: 20 }}>
        <dt>
          <Trans id="cashier.tracker.amount">Amount</Trans>
        </dt>
        <dd>{formatMoney(withdrawal.amount, locale)}</dd>
        <dt>
          <Trans id="cashier.tracker.method">Method</Trans>
        </dt>
        <dd>
          {withdrawal.method}
          {withdrawal.requisites ? ` · ${withdrawal.requisites}` : ''}
        </dd>
        <dt>
          <Trans id="cashier.tracker.status">Status</Trans>
        </dt>
        <dd aria-live="polite">
          {statusText(withdrawal.stage)} {!final ? <SmallSpinner /> : null}
        </dd>
      </Facts>
      <Steps aria-label={t({ id: 'cashier.tracker.steps', message: 'Progress' })}>
        {steps.map((step) => (
          <Step
            key={step.stage}
            $state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="dot" aria-hidden="true" />
            <span className="name">{statusText(step.stage)}</span>
            {step.at ? <time dateTime={step.at}>{cashierStamp(step.at, offset)}</time> : <span />}
          </Step>
        ))}
      </Steps>
      {rejection ? (
        <Notice style={{ marginTop: 20 }}>
          <p>
            <strong>{rejection.reason}</strong>
          </p>
          {withdrawal.reason_text ? <p>{withdrawal.reason_text}</p> : null}
          <p>{rejection.action}</p>
        </Notice>
      ) : null}
      {withdrawal.stage === 'cancelled' ? (
        <Muted style={{ marginTop: 16 }}>
          <Trans id="cashier.tracker.cancelled">
            This withdrawal was cancelled and the money is back on your balance.
          </Trans>
        </Muted>
      ) : null}
      {!final && !withdrawal.can_cancel ? (
        <Muted style={{ marginTop: 16 }}>
          <Trans id="cashier.tracker.wait">
            We check every withdrawal before we send it. You can leave this page; the status updates
            by itself.
          </Trans>
        </Muted>
      ) : null}
      {notice ? (
        <Notice role="alert" style={{ marginTop: 16 }}>
          {notice}
        </Notice>
      ) : null}
      {withdrawal.can_cancel && !final ? (
        <div style={{ marginTop: 20 }}>
          <Button
            type="button"
            variant="secondary"
            disabled={cancelling}
            onClick={() => void cancel()}
          >
            <Trans id="cashier.tracker.cancel">Cancel withdrawal</Trans>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
