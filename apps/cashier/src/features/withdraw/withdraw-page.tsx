import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import type { PaymentMethod, Withdrawal, WithdrawSettings } from '../shared/api.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { requirementTarget } from '../shared/requirements.ts';
import { formatMoney, formatWhole } from '../shared/money.ts';
import { useProblemText } from '../shared/problem-text.ts';
import {
  Card,
  CashierFrame,
  Columns,
  Facts,
  Form,
  Muted,
  Notice,
  Stack,
} from '../shared/parts.tsx';
import { translateFieldMessage } from '../shared/validation.ts';
import { MethodTiles } from '../deposit/method-tiles.tsx';
import { RecentTransactions } from '../history/recent-transactions.tsx';
import {
  validateWithdrawal,
  withdrawalRequest,
  withdrawBounds,
  withdrawMethods,
  type WithdrawField,
  type WithdrawValues,
} from './withdraw-model.ts';
import {
  afterWithdrawalChange,
  makeWithdrawal,
  useBanks,
  useWithdrawSettings,
} from './withdraw-queries.ts';
import { WithdrawalTracker } from './withdrawal-tracker.tsx';

/** Only a player with an active bonus sees it: not in the cashier's first download. */
const ConfirmDialog = lazy(() =>
  import('@northstar/ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** §2 `/cashier/withdraw`. */
export function WithdrawPage() {
  const settings = useWithdrawSettings();
  const [made, setMade] = useState<Withdrawal | null>(null);
  return (
    <CashierFrame
      title={<Trans id="cashier.cashierWithdraw.title">Withdraw</Trans>}
      section="cashierWithdraw"
    >
      <Columns>
        <Stack>
          {made ? (
            <>
              <Notice $tone="success" role="status">
                <Trans id="cashier.withdraw.requested">
                  Your withdrawal is requested. Follow its progress below.
                </Trans>
              </Notice>
              <WithdrawalTracker id={made.id} initial={made} />
              <div>
                <Button type="button" variant="ghost" onClick={() => setMade(null)}>
                  <Trans id="cashier.withdraw.another">Make another withdrawal</Trans>
                </Button>
              </div>
            </>
          ) : settings.data ? (
            <WithdrawForm settings={settings.data} onMade={setMade} />
          ) : settings.isError ? (
            <Card>
              <Notice role="alert">
                <Trans id="cashier.withdraw.loadError">
                  The withdrawal options could not be loaded. Please reload the page.
                </Trans>
              </Notice>
            </Card>
          ) : (
            <Card aria-busy="true">
              <Skeleton $height="24px" $width="40%" />
              <Skeleton $height="88px" style={{ marginTop: 16 }} />
              <Skeleton $height="48px" style={{ marginTop: 16 }} />
            </Card>
          )}
        </Stack>
        <Stack>
          {settings.data ? <WithdrawSummary settings={settings.data} /> : null}
          <RecentTransactions />
        </Stack>
      </Columns>
    </CashierFrame>
  );
}

function WithdrawSummary({ settings }: { settings: WithdrawSettings }) {
  const { locale } = useShellNavigation();
  return (
    <Card aria-labelledby="cashier-withdraw-summary">
      <h2 id="cashier-withdraw-summary">
        <Trans id="cashier.withdraw.summary">Your withdrawable money</Trans>
      </h2>
      <Facts>
        <dt>
          <Trans id="cashier.withdraw.available">Available to withdraw</Trans>
        </dt>
        <dd>{formatMoney(settings.available, locale)}</dd>
        <dt>
          <Trans id="cashier.withdraw.dailyLimit">Daily limit</Trans>
        </dt>
        <dd>{formatMoney(settings.daily_limit, locale)}</dd>
        <dt>
          <Trans id="cashier.withdraw.usedToday">Used today</Trans>
        </dt>
        <dd>{formatMoney(settings.used_today, locale)}</dd>
      </Facts>
      <Muted style={{ marginTop: 14 }}>
        <Trans id="cashier.withdraw.bonusNote">
          Bonus money cannot be withdrawn; only your main balance is available.
        </Trans>
      </Muted>
    </Card>
  );
}

const FIELDS: readonly WithdrawField[] = ['amount', 'requisites', 'bank'];

function WithdrawForm({
  settings,
  onMade,
}: {
  settings: WithdrawSettings;
  onMade: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useLingui();
  const { locale, navigate } = useShellNavigation();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const methods = useMemo(() => withdrawMethods(settings), [settings]);
  const [method, setMethod] = useState<PaymentMethod | undefined>(methods[0]);
  const [values, setValues] = useState<WithdrawValues>({ amount: '', requisites: '', bank: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<WithdrawField, string>>>({});
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** §8 KycWithdrawal / SumsubVerificationRequired: the notice links to the verification page. */
  const [needsVerification, setNeedsVerification] = useState(false);
  const verificationLink = useLinkProps(routePath('profileVerification', {}, locale));
  const [sending, setSending] = useState(false);
  /** §2 burn-bonuses confirm: the server said this withdrawal would forfeit the active bonus. */
  const [askBurn, setAskBurn] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const requisitesRef = useRef<HTMLInputElement>(null);
  const bankRef = useRef<HTMLSelectElement>(null);
  const focusField = (name: WithdrawField) => {
    const target = { amount: amountRef, requisites: requisitesRef, bank: bankRef }[name];
    target.current?.focus();
  };
  const banks = useBanks(method?.requisites === 'iban');

  if (!method) {
    return (
      <Card>
        <Notice $tone="info" role="status">
          <Trans id="cashier.withdraw.noMethods">
            No withdrawal method is available for your account right now. Please contact support.
          </Trans>
        </Notice>
      </Card>
    );
  }

  const localErrors = submitted ? validateWithdrawal(values, method, settings) : {};
  const message = (name: WithdrawField) => {
    const encoded = serverErrors[name] ?? localErrors[name];
    return encoded ? translateFieldMessage(encoded, locale) : undefined;
  };
  const bounds = withdrawBounds(settings, method);
  const currency = settings.currency;

  const change = (name: WithdrawField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
    if (name === 'amount') setAmountProblem(null);
  };

  /** Sends the withdrawal; `burnBonuses` once the player accepted to forfeit the active bonus. */
  const send = async (burnBonuses: boolean) => {
    setSending(true);
    try {
      const withdrawal = await makeWithdrawal({
        ...withdrawalRequest(values, method),
        ...(burnBonuses ? { burn_bonuses: '1' } : {}),
      });
      setAskBurn(false);
      void afterWithdrawalChange(queryClient);
      onMade(withdrawal);
    } catch (error) {
      setAskBurn(false);
      // §8 the operator requires profile data or a confirmed contact first: go and give it.
      const required = requirementTarget(error, 'withdraw', locale);
      if (required) {
        navigate(required);
        return;
      }
      const failure = readCashierFailure(error, [...FIELDS, 'method']);
      if (failure.problem === 'active_bonus' && !burnBonuses) {
        // §2: the withdrawal would end the bonus; the player decides (the server forfeits it
        // only with their consent, issue #26).
        setAskBurn(true);
        return;
      }
      const fields = failure.fields as Partial<Record<WithdrawField | 'method', string>>;
      setServerErrors(fields);
      const firstServer = FIELDS.find((name) => fields[name]);
      if (firstServer) focusField(firstServer);
      if (failure.problem && failure.onAmount) {
        setAmountProblem(problemText(failure.problem));
        focusField('amount');
      } else if (failure.problem) {
        setNotice(problemText(failure.problem));
        setNeedsVerification(failure.problem === 'kyc' || failure.problem === 'sumsub');
      } else if (fields.method) setNotice(problemText('unknown'));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    setNeedsVerification(false);
    setAmountProblem(null);
    setServerErrors({});
    const errors = validateWithdrawal(values, method, settings);
    const first = FIELDS.find((name) => errors[name]);
    if (first) {
      focusField(first);
      return;
    }
    await send(false);
  };

  const range =
    bounds.min !== undefined && bounds.max !== undefined && bounds.max >= bounds.min
      ? t({
          id: 'cashier.amount.range',
          message: `From ${formatWhole(bounds.min, currency, locale)} to ${formatWhole(bounds.max, currency, locale)}`,
        })
      : undefined;

  return (
    <Card aria-labelledby="cashier-withdraw-form">
      <h2 id="cashier-withdraw-form">
        <Trans id="cashier.withdraw.formTitle">Where should we send your money?</Trans>
      </h2>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <MethodTiles
          name="withdraw-method"
          methods={methods}
          currency={currency}
          value={method.sysname}
          onChange={(sysname) => {
            setMethod(methods.find((item) => item.sysname === sysname));
            setValues((current) => ({ ...current, requisites: '', bank: '' }));
            setServerErrors({});
          }}
        />
        {method.requisites === 'card' ? (
          <Input
            ref={requisitesRef}
            label={<Trans id="cashier.withdraw.card">Card number</Trans>}
            name="requisites"
            inputMode="numeric"
            autoComplete="cc-number"
            value={values.requisites}
            onChange={(event) => change('requisites', event.currentTarget.value)}
            hint={
              <Trans id="cashier.withdraw.cardHint">
                The full number, or a saved card as 123456...1234.
              </Trans>
            }
            error={message('requisites')}
          />
        ) : null}
        {method.requisites === 'iban' ? (
          <>
            <Input
              ref={requisitesRef}
              label={<Trans id="cashier.withdraw.iban">IBAN</Trans>}
              name="requisites"
              autoComplete="off"
              spellCheck={false}
              value={values.requisites}
              onChange={(event) => change('requisites', event.currentTarget.value)}
              hint={
                <Trans id="cashier.withdraw.ibanHint">
                  For example ES91 2100 0418 4502 0005 1332
                </Trans>
              }
              error={message('requisites')}
            />
            <Select
              ref={bankRef}
              label={<Trans id="cashier.withdraw.bank">Bank</Trans>}
              name="bank"
              value={values.bank}
              onChange={(event) => change('bank', event.currentTarget.value)}
              placeholder={
                banks.isPending
                  ? t({ id: 'cashier.withdraw.banksLoading', message: 'Loading banks…' })
                  : t({ id: 'cashier.withdraw.bankChoose', message: 'Choose your bank' })
              }
              options={(banks.data?.items ?? []).map((bank) => ({
                value: bank.id,
                label: bank.name,
              }))}
              error={message('bank')}
            />
          </>
        ) : null}
        <Input
          ref={amountRef}
          label={<Trans id="cashier.amount.label">Amount ({currency})</Trans>}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => change('amount', event.currentTarget.value)}
          hint={range}
          error={amountProblem ?? message('amount')}
        />
        {notice ? (
          <Notice role="alert">
            {notice}
            {needsVerification ? (
              <>
                {' '}
                <a {...verificationLink} data-testid="withdraw-verification-link">
                  <Trans id="cashier.withdraw.verifyLink">Verify your identity</Trans>
                </a>
              </>
            ) : null}
          </Notice>
        ) : null}
        <Button type="submit" size="lg" block disabled={sending}>
          <Trans id="cashier.withdraw.submit">Request withdrawal</Trans>
        </Button>
        <Muted aria-live="polite">
          {sending ? <Trans id="cashier.withdraw.sending">Sending your request…</Trans> : null}
        </Muted>
      </Form>
      {askBurn ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            dialogId="burn-bonuses"
            title={t({
              id: 'cashier.withdraw.burnTitle',
              message: 'Withdraw and lose your bonus?',
            })}
            closeLabel={t({ id: 'cashier.withdraw.burnClose', message: 'Close' })}
            onClose={() => setAskBurn(false)}
            rejectLabel={<Trans id="cashier.withdraw.burnKeep">Keep my bonus</Trans>}
            agreeLabel={<Trans id="cashier.withdraw.burnAgree">Withdraw anyway</Trans>}
            onAgree={() => void send(true)}
            busy={sending}
          >
            <p>
              <Trans id="cashier.withdraw.burnText">
                You have an active bonus. Withdrawing now ends it: the bonus money and what it has
                won leave your balance. Your own money is not affected.
              </Trans>
            </p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </Card>
  );
}
