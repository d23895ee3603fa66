import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  useDisplayOffset,
} from '@northstar/shell-sdk';
import { ButtonLink, Skeleton } from '@northstar/ui';
import { cashierStamp } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { Card, CashierFrame, Facts, Muted, Notice, StatusPill } from '../shared/parts.tsx';
import { statusTone, useReasonText, useStatusText } from '../shared/status.ts';
import { useDepositInfo } from '../pay-result/use-deposit-info.ts';
import { WithdrawalTracker } from '../withdraw/withdrawal-tracker.tsx';
import { receiptTarget } from './receipt-model.ts';

const Narrow = styled.div`
  display: grid;
  gap: 20px;
  max-width: 560px;
`;

/** §2 `/cashier/receipt`: a deposit's receipt (`?id=`), or a withdrawal's tracker (`?withdrawal=`). */
export function ReceiptPage() {
  const { search } = useShellNavigation();
  const target = receiptTarget(search);
  return (
    <CashierFrame title={<Trans id="cashier.cashierReceipt.title">Receipt</Trans>} section={null}>
      <Narrow>
        {target.kind === 'deposit' ? (
          <DepositReceipt id={target.id} />
        ) : target.kind === 'withdrawal' ? (
          <WithdrawalTracker id={target.id} />
        ) : (
          <Card>
            <Notice $tone="info" role="status">
              <Trans id="cashier.receipt.missing">
                No transaction was chosen. Open one from your transaction history.
              </Trans>
            </Notice>
          </Card>
        )}
        <BackToHistory />
      </Narrow>
    </CashierFrame>
  );
}

function BackToHistory() {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('cashierHistory', {}, locale));
  return (
    <div>
      <ButtonLink variant="secondary" {...link}>
        <Trans id="cashier.receipt.back">Back to history</Trans>
      </ButtonLink>
    </div>
  );
}

function DepositReceipt({ id }: { id: number }) {
  const info = useDepositInfo(id);
  const { locale } = useShellNavigation();
  const offset = useDisplayOffset();
  const statusText = useStatusText();
  const reasonText = useReasonText();
  if (info.isError) {
    return (
      <Card>
        <Notice role="alert">
          <Trans id="cashier.receipt.error">This deposit could not be found.</Trans>
        </Notice>
      </Card>
    );
  }
  const data = info.data;
  if (!data) {
    return (
      <Card aria-busy="true">
        <Skeleton $height="24px" $width="50%" />
        <Skeleton $height="140px" style={{ marginTop: 16 }} />
      </Card>
    );
  }
  return (
    <Card aria-labelledby="cashier-receipt-title">
      <h2 id="cashier-receipt-title">
        <Trans id="cashier.receipt.title">Deposit #{data.id}</Trans>
      </h2>
      <Facts>
        <dt>
          <Trans id="cashier.receipt.amount">Amount</Trans>
        </dt>
        <dd>{formatMoney(data.amount, locale)}</dd>
        <dt>
          <Trans id="cashier.receipt.status">Status</Trans>
        </dt>
        <dd aria-live="polite">
          <StatusPill $tone={statusTone(data.status)}>{statusText(data.status)}</StatusPill>
        </dd>
        <dt>
          <Trans id="cashier.receipt.method">Method</Trans>
        </dt>
        <dd>{data.method}</dd>
        {data.requisites ? (
          <>
            <dt>
              <Trans id="cashier.receipt.requisites">Paid with</Trans>
            </dt>
            <dd>{data.requisites}</dd>
          </>
        ) : null}
        <dt>
          <Trans id="cashier.receipt.created">Created</Trans>
        </dt>
        <dd>{cashierStamp(data.created_at, offset)}</dd>
        <dt>
          <Trans id="cashier.receipt.updated">Last update</Trans>
        </dt>
        <dd>{cashierStamp(data.updated_at, offset)}</dd>
        <dt>
          <Trans id="cashier.receipt.site">Site</Trans>
        </dt>
        <dd>{data.domain}</dd>
      </Facts>
      {data.status === 'failed' ? (
        <Notice style={{ marginTop: 16 }}>{reasonText(data.reason_code)}</Notice>
      ) : null}
      <Muted style={{ marginTop: 16 }}>
        <Trans id="cashier.receipt.keep">Keep this receipt for your records.</Trans>
      </Muted>
    </Card>
  );
}
