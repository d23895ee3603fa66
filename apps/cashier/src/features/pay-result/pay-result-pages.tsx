import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import { hasMessage } from '@northstar/i18n';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  useSiteContent,
  type RemotePageProps,
  useDisplayOffset,
} from '@northstar/shell-sdk';
import { SystemPage, type SystemPageAction } from '@northstar/ui/system-page';
import styled from 'styled-components';
import { useCashierConfig } from '../shared/cashier-config.ts';
import { cashierStamp } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { Facts, VisuallyHidden } from '../shared/parts.tsx';
import { useReasonText } from '../shared/status.ts';
import { payView, transactionId, type PayView } from './deposit-status.ts';
import { track } from '@northstar/shell-sdk/analytics';
import { useDepositInfo } from './use-deposit-info.ts';
import { followsPayReturn, payReturnStorage, peekPayReturn, takePayReturn } from './pay-return.ts';

/** The site config's default-image keys of the cashier's result pages (§2). */
type PayImageKey = 'paySuccess' | 'payFail' | 'payCancel' | 'payMobile' | 'payNewWindow';

/** The page's icon from the site config's default images (§2), if the operator set one. */
function useDefaultImage(key: PayImageKey): string | undefined {
  return useSiteContent()?.siteConfig.defaultImages?.[key];
}

/**
 * A result page's button (§2): drawn only while the active catalog (or an operator's override
 * in the content backend) has a text for `id`; `label` renders that text.
 */
function useOptionalAction(id: string, href: string, label: ReactNode): SystemPageAction | null {
  const { i18n } = useLingui();
  const link = useLinkProps(href);
  return hasMessage(id, i18n.locale) ? { ...link, label } : null;
}

/** "Transaction {id}" under the description of a `/:transaction` page. */
function TransactionLine({ transaction }: { transaction: string | undefined }) {
  if (!transaction) return null;
  return (
    <p style={{ marginTop: 12, fontSize: 14, opacity: 0.85 }}>
      <Trans id="cashier.payResult.transaction">Transaction {transaction}</Trans>
    </p>
  );
}

function useDepositAction(id: string, label: ReactNode) {
  const { locale } = useShellNavigation();
  return useOptionalAction(id, routePath('cashierDeposit', {}, locale), label);
}

/** Where the success page's button goes: the deposit's kept return (§2 backUrl), else none. */
function useKeptReturn(): string | null {
  // Storage is read in the browser only (the server renders the game hall's link).
  return useSyncExternalStore(
    noSubscription,
    () => {
      const storage = payReturnStorage();
      return storage ? peekPayReturn(storage) : null;
    },
    () => null,
  );
}

const noSubscription = () => () => {};

function PaySuccess({ transaction, details }: { transaction?: string; details?: ReactNode }) {
  const { locale } = useShellNavigation();
  const back = useKeptReturn();
  const action = useOptionalAction(
    'cashier.paySuccess.button',
    back ?? routePath('gamehall', {}, locale),
    <Trans id="cashier.paySuccess.button">Play now</Trans>,
  );
  return (
    <SystemPage
      name="pay-success"
      owner="cashier"
      icon={useDefaultImage('paySuccess')}
      title={<Trans id="cashier.paySuccess.title">Payment successful</Trans>}
      description={
        <>
          <p>
            <Trans id="cashier.paySuccess.text">
              Your deposit is on its way to your balance. Good luck at the tables!
            </Trans>
          </p>
          {details}
          <TransactionLine transaction={transaction} />
        </>
      }
      action={action}
    />
  );
}

function PayFail({ transaction, details }: { transaction?: string; details?: ReactNode }) {
  const action = useDepositAction(
    'cashier.payFail.button',
    <Trans id="cashier.payFail.button">Try another payment</Trans>,
  );
  return (
    <SystemPage
      name="pay-fail"
      owner="cashier"
      icon={useDefaultImage('payFail')}
      title={<Trans id="cashier.payFail.title">Payment failed</Trans>}
      description={
        <>
          <p>
            <Trans id="cashier.payFail.text">
              The payment did not go through and no money was taken. Please try again or choose
              another payment method.
            </Trans>
          </p>
          {details}
          <TransactionLine transaction={transaction} />
        </>
      }
      action={action}
    />
  );
}

function PayPending({ transaction, details }: { transaction?: string; details?: ReactNode }) {
  return (
    <SystemPage
      name="pay-pending"
      owner="cashier"
      pending
      pendingLabel={<Trans id="cashier.payPending.spinner">Waiting for the payment</Trans>}
      title={<Trans id="cashier.payPending.title">Payment pending</Trans>}
      description={
        <>
          <p>
            <Trans id="cashier.payPending.text">
              Your payment is being processed. This usually takes a moment; your balance updates as
              soon as it is confirmed.
            </Trans>
          </p>
          {details}
          <TransactionLine transaction={transaction} />
        </>
      }
    />
  );
}

export function CashierPaySuccessPage() {
  return <PaySuccess />;
}

export function CashierPaySuccessTransactionPage({
  params,
}: RemotePageProps<'cashierPaySuccessTransaction'>) {
  return <DepositResult transaction={params.transaction} route="success" />;
}

export function CashierPayFailPage() {
  return <PayFail />;
}

export function CashierPayFailTransactionPage({
  params,
}: RemotePageProps<'cashierPayFailTransaction'>) {
  return <DepositResult transaction={params.transaction} route="failed" />;
}

export function CashierPayPendingPage() {
  return <PayPending />;
}

export function CashierPayPendingTransactionPage({
  params,
}: RemotePageProps<'cashierPayPendingTransaction'>) {
  return <DepositResult transaction={params.transaction} route="pending" />;
}

export function CashierPayCancelPage() {
  return <PayCancel />;
}

function PayCancel({ details }: { details?: ReactNode }) {
  const action = useDepositAction(
    'cashier.payCancel.button',
    <Trans id="cashier.payCancel.button">Back to deposit</Trans>,
  );
  return (
    <SystemPage
      name="pay-cancel"
      owner="cashier"
      icon={useDefaultImage('payCancel')}
      title={<Trans id="cashier.payCancel.title">Payment cancelled</Trans>}
      description={
        <>
          <p>
            <Trans id="cashier.payCancel.text">
              You cancelled the payment, so nothing was charged. You can start a new deposit
              whenever you are ready.
            </Trans>
          </p>
          {details}
        </>
      }
      action={action}
    />
  );
}

/**
 * §2 pay new window. Opened by the deposit form when the cashier config puts the provider's
 * page in a new window, with `?transaction=`: it then follows that payment, showing this page
 * while it is pending and the real result once it settles.
 */
export function CashierPayNewWindowPage() {
  const { search } = useShellNavigation();
  const transaction = new URLSearchParams(search).get('transaction');
  if (transaction && transactionId(transaction) !== null) {
    return <DepositResult transaction={transaction} route="newWindow" />;
  }
  return <PayNewWindow />;
}

function PayNewWindow({ details }: { details?: ReactNode }) {
  const action = useDepositAction(
    'cashier.payNewWindow.button',
    <Trans id="cashier.payNewWindow.button">Back to deposit</Trans>,
  );
  return (
    <SystemPage
      name="pay-new-window"
      owner="cashier"
      icon={useDefaultImage('payNewWindow')}
      title={<Trans id="cashier.payNewWindow.title">Continue in the new window</Trans>}
      description={
        <>
          <p>
            <Trans id="cashier.payNewWindow.text">
              The payment page opened in a new window. Finish the payment there; if you closed it,
              you can start again from the deposit page.
            </Trans>
          </p>
          {details}
        </>
      }
      action={action}
    />
  );
}

/**
 * The pay mobile page has no button of its own (§2): it appears only when an operator gives
 * `cashier.payMobile.button` a text in the content backend's translations.
 */
const PAY_MOBILE_BUTTON = 'cashier.payMobile.button';

export function CashierPayMobilePage() {
  const { i18n } = useLingui();
  // Read only when the operator gave it a text: Lingui warns about an id it has no message for.
  const action = useDepositAction(
    PAY_MOBILE_BUTTON,
    hasMessage(PAY_MOBILE_BUTTON) ? i18n._(PAY_MOBILE_BUTTON) : null,
  );
  return (
    <SystemPage
      name="pay-mobile"
      owner="cashier"
      icon={useDefaultImage('payMobile')}
      title={<Trans id="cashier.payMobile.title">Finish on your phone</Trans>}
      description={
        <Trans id="cashier.payMobile.text">
          Confirm the payment in your banking or payment app. Your balance updates as soon as the
          payment is confirmed.
        </Trans>
      }
      action={action}
    />
  );
}

/**
 * What a result page throws for a transaction that is not the player's deposit (§2): the shell
 * draws its 404 page, as the server does on a first load (platform web/page-rules.ts step 7).
 */
function transactionNotFound(): Error & { status: number } {
  return Object.assign(new Error('There is no such transaction'), { status: 404 });
}

/** getdepositinfo's answer for an id that is no deposit of this player (or another's). */
const isNoSuchTransaction = (error: unknown) =>
  isApiError(error) && error.type === 'InvalidParameter';

const ROUTE_VIEW: Record<'success' | 'failed' | 'pending' | 'newWindow', PayView> = {
  success: 'success',
  failed: 'failed',
  pending: 'pending',
  newWindow: 'pending',
};

/**
 * A `/cashier/pay…/{transaction}` page: whatever result path the provider sent the player to,
 * it shows what cashier/getdepositinfo says the transaction really is, asking again every 2 s
 * while it is pending (so pay pending turns into success when the payment settles). A path
 * whose transaction does not exist or is not the player's is not found (never a spinner that
 * waits forever); one that cannot be read now (network) shows the path's own page (§2).
 */
function DepositResult({
  transaction,
  route,
}: {
  transaction: string;
  route: 'success' | 'failed' | 'pending' | 'newWindow';
}) {
  const id = transactionId(transaction);
  const info = useDepositInfo(id);
  const { i18n } = useLingui();
  const reasonText = useReasonText();
  const offset = useDisplayOffset();
  const { showReceiptBlock } = useCashierConfig();
  const { navigate } = useShellNavigation();
  const settled = id !== null && info.data?.status === 'success';
  // Issue #28: a deposit that went through (and the player's first) goes to analytics, named by
  // its transaction so a result page opened again counts it once.
  useEffect(() => {
    const data = info.data;
    if (!settled || !data) return;
    const properties = {
      amount: Number(data.amount.amount),
      currency: data.amount.currency,
      method: data.method,
    };
    track('deposit', { ...properties, event_id: `deposit-${data.id}` });
    if (data.first) track('first_deposit', { ...properties, event_id: `first-deposit-${data.id}` });
  }, [settled, info.data]);
  // §2 backUrl: a deposit that finishes goes back where it was asked from (a game), once.
  useEffect(() => {
    if (!settled || !followsPayReturn(window)) return;
    const storage = payReturnStorage();
    const back = storage ? takePayReturn(storage) : null;
    if (back) navigate(back, { replace: true });
  }, [settled, navigate]);
  if (
    route !== 'newWindow' &&
    (id === null || isNoSuchTransaction(info.error ?? info.failureReason))
  ) {
    throw transactionNotFound();
  }
  const view = id === null ? ROUTE_VIEW[route] : payView(info.data, info.isError);
  const shown = view === 'unknown' ? ROUTE_VIEW[route] : view;
  const data = info.data;
  const amount = data ? formatMoney(data.amount, i18n.locale) : '';

  const facts =
    data && showReceiptBlock ? (
      <ResultFacts>
        <dt>
          <Trans id="cashier.result.amount">Amount</Trans>
        </dt>
        <dd>{amount}</dd>
        <dt>
          <Trans id="cashier.result.method">Method</Trans>
        </dt>
        <dd>{data.method}</dd>
        <dt>
          <Trans id="cashier.result.date">Date</Trans>
        </dt>
        <dd>{cashierStamp(data.updated_at, offset)}</dd>
      </ResultFacts>
    ) : null;

  let page: ReactNode;
  let live: ReactNode;
  switch (shown) {
    case 'checking':
    case 'pending':
      live = <Trans id="cashier.result.live.pending">Payment pending</Trans>;
      page =
        route === 'newWindow' ? (
          <PayNewWindow details={facts} />
        ) : (
          <PayPending transaction={transaction} details={facts} />
        );
      break;
    case 'success':
      live = <Trans id="cashier.result.live.success">Payment successful</Trans>;
      page = (
        <PaySuccess
          transaction={transaction}
          details={
            <>
              {data ? (
                <p>
                  <strong>
                    <Trans id="cashier.result.credited">{amount} is on your balance.</Trans>
                  </strong>
                </p>
              ) : null}
              {facts}
            </>
          }
        />
      );
      break;
    case 'cancelled':
      live = <Trans id="cashier.result.live.cancelled">Payment cancelled</Trans>;
      page = <PayCancel details={facts} />;
      break;
    default:
      live = <Trans id="cashier.result.live.failed">Payment failed</Trans>;
      page = (
        <PayFail
          transaction={transaction}
          details={
            <>
              {data ? (
                <p>
                  <strong>{reasonText(data.reason_code)}</strong>
                </p>
              ) : null}
              {facts}
            </>
          }
        />
      );
  }
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {live}
      </VisuallyHidden>
      {page}
    </>
  );
}

const ResultFacts = styled(Facts)`
  max-width: 320px;
  margin: 16px auto 0;
  text-align: left;
  font-size: 14px;
`;
