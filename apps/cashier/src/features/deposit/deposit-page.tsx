import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import type { PaymentMethod } from '../shared/api.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { formatWhole, presetAmounts, sumBounds, withinBounds } from '../shared/money.ts';
import { useProblemText } from '../shared/problem-text.ts';
import { Card, CashierFrame, Columns, Form, Muted, Notice, Stack } from '../shared/parts.tsx';
import { fieldError, sumField, translateFieldMessage } from '../shared/validation.ts';
import { RecentTransactions } from '../history/recent-transactions.tsx';
import { chooseMethod, chosenOffer, depositMethods, depositRequest } from './deposit-model.ts';
import { makeDeposit, useDepositSettings } from './deposit-queries.ts';
import { DepositLimitPanel } from './deposit-limits.tsx';
import { MethodTiles } from './method-tiles.tsx';

/** §2 `/cashier/deposit` and `/cashier/deposit/{sysname}`. */
export function DepositPage({ sysname }: { sysname?: string }) {
  const settings = useDepositSettings();
  return (
    <CashierFrame
      title={<Trans id="cashier.cashierDeposit.title">Deposit</Trans>}
      section="cashierDeposit"
    >
      <Columns>
        <Stack>
          {settings.data ? (
            <DepositForm key={sysname ?? ''} settings={settings.data} sysname={sysname} />
          ) : settings.isError ? (
            <Card>
              <Notice role="alert">
                <Trans id="cashier.deposit.loadError">
                  The payment methods could not be loaded. Please reload the page.
                </Trans>
              </Notice>
            </Card>
          ) : (
            <Card aria-busy="true">
              <Skeleton $height="24px" $width="40%" />
              <Tiles as="div" style={{ marginTop: 16 }}>
                <Skeleton $height="88px" />
                <Skeleton $height="88px" />
                <Skeleton $height="88px" />
              </Tiles>
              <Skeleton $height="48px" style={{ marginTop: 16 }} />
            </Card>
          )}
        </Stack>
        <Stack>
          {settings.data ? (
            <Card>
              <DepositLimitPanel
                limit={settings.data.limit}
                firstDeposit={settings.data.first_deposit}
              />
            </Card>
          ) : null}
          <RecentTransactions />
        </Stack>
      </Columns>
    </CashierFrame>
  );
}

const Tiles = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
`;

const Presets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Offers = styled.fieldset`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 14px;
  }
  label {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 12px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accent};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.accent};
  }
  input {
    grid-row: span 2;
    margin-top: 3px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
  span {
    font-weight: 600;
  }
  small {
    grid-column: 2;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Secure = styled.p`
  margin: 0;
  text-align: center;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function DepositForm({
  settings,
  sysname,
}: {
  settings: NonNullable<ReturnType<typeof useDepositSettings>['data']>;
  sysname: string | undefined;
}) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const problemText = useProblemText();
  const methods = useMemo(() => depositMethods(settings), [settings]);
  const initial = chooseMethod(methods, sysname);
  const [method, setMethod] = useState<PaymentMethod | undefined>(initial.method);
  const [amount, setAmount] = useState('');
  const [offerId, setOfferId] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverAmount, setServerAmount] = useState<string | null>(null);
  const [serverField, setServerField] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'redirecting'>('idle');
  const amountRef = useRef<HTMLInputElement>(null);

  const currency = settings.currency;
  const offer = chosenOffer(settings.offers, offerId);
  const bounds = sumBounds(method, { offerMin: offer?.min_deposit });
  const presets = presetAmounts(settings.presets, currency);
  const schema = sumField(bounds, currency);
  const localError = submitted ? fieldError(schema, amount) : null;
  const fieldMessage = serverField ?? localError;
  const amountError =
    serverAmount ?? (fieldMessage ? translateFieldMessage(fieldMessage, locale) : undefined);

  // A server message is about the amount that was sent: typing again clears it.
  const changeAmount = (value: string) => {
    setAmount(value);
    setServerAmount(null);
    setServerField(null);
  };

  useEffect(() => {
    if (state !== 'redirecting') return;
    // Back from the provider's page through the browser's cache: the form works again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState('idle');
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [state]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    setServerAmount(null);
    setServerField(null);
    if (!method) return;
    if (fieldError(schema, amount) !== null) {
      amountRef.current?.focus();
      return;
    }
    setState('sending');
    try {
      const answer = await makeDeposit(depositRequest(method, amount, offer));
      setState('redirecting');
      // The provider's hosted payment page (same origin, /payments/sandbox/pay/{id}).
      window.location.assign(answer.url);
    } catch (error) {
      setState('idle');
      const failure = readCashierFailure(error, ['amount', 'method', 'campaign_offer_id']);
      if (failure.fields.amount) setServerField(failure.fields.amount);
      if (failure.fields.method || failure.fields.campaign_offer_id) {
        setNotice(problemText('unknown'));
      }
      if (failure.problem && failure.onAmount) setServerAmount(problemText(failure.problem));
      else if (failure.problem) setNotice(problemText(failure.problem));
      if (failure.fields.amount || failure.onAmount) amountRef.current?.focus();
    }
  };

  if (methods.length === 0) {
    return (
      <Card>
        <Notice $tone="info" role="status">
          <Trans id="cashier.deposit.noMethods">
            No payment method is available for your account right now. Please try again later or
            contact support.
          </Trans>
        </Notice>
      </Card>
    );
  }

  const range =
    bounds.min !== undefined && bounds.max !== undefined
      ? t({
          id: 'cashier.amount.range',
          message: `From ${formatWhole(bounds.min, currency, locale)} to ${formatWhole(bounds.max, currency, locale)}`,
        })
      : undefined;

  return (
    <Card aria-labelledby="cashier-deposit-form">
      <h2 id="cashier-deposit-form">
        <Trans id="cashier.deposit.formTitle">Choose how to pay</Trans>
      </h2>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        {initial.unknown ? (
          <Notice $tone="info" role="status">
            <Trans id="cashier.deposit.methodUnavailable">
              That payment method is not available now. Please choose another one.
            </Trans>
          </Notice>
        ) : null}
        <MethodTiles
          methods={methods}
          currency={currency}
          value={method?.sysname}
          onChange={(sysname) => {
            setMethod(methods.find((item) => item.sysname === sysname));
            setServerAmount(null);
          }}
        />
        <Input
          ref={amountRef}
          label={<Trans id="cashier.amount.label">Amount ({currency})</Trans>}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => changeAmount(event.currentTarget.value)}
          hint={range}
          error={amountError}
        />
        {presets.length > 0 ? (
          <Presets
            role="group"
            aria-label={t({ id: 'cashier.amount.presets', message: 'Quick amounts' })}
          >
            {presets.map((value) => (
              <Button
                key={value}
                type="button"
                size="sm"
                variant="secondary"
                aria-pressed={amount === String(value)}
                disabled={!withinBounds(value, bounds)}
                onClick={() => changeAmount(String(value))}
              >
                {formatWhole(value, currency, locale)}
              </Button>
            ))}
          </Presets>
        ) : null}
        {settings.offers.length > 0 ? (
          <Offers>
            <legend>
              <Trans id="cashier.offers.legend">Bonus offer (optional)</Trans>
            </legend>
            <label>
              <input
                type="radio"
                name="offer"
                checked={offerId === null}
                onChange={() => setOfferId(null)}
              />
              <span>
                <Trans id="cashier.offers.none">No bonus</Trans>
              </span>
            </label>
            {settings.offers.map((item) => (
              <label key={item.id}>
                <input
                  type="radio"
                  name="offer"
                  checked={offerId === item.id}
                  onChange={() => setOfferId(item.id)}
                />
                <span>{item.title}</span>
                <small>
                  {item.description}{' '}
                  <Trans id="cashier.offers.min">
                    Minimum deposit {formatWhole(item.min_deposit, currency, locale)}.
                  </Trans>
                </small>
              </label>
            ))}
          </Offers>
        ) : null}
        {notice ? <Notice role="alert">{notice}</Notice> : null}
        <Button type="submit" size="lg" block disabled={state !== 'idle' || !method}>
          {state === 'redirecting' ? (
            <Trans id="cashier.deposit.redirecting">Opening the payment page…</Trans>
          ) : amount.trim() !== '' && localError === null && fieldError(schema, amount) === null ? (
            <Trans id="cashier.deposit.submitAmount">
              Deposit {formatWhole(amount.trim(), currency, locale)}
            </Trans>
          ) : (
            <Trans id="cashier.deposit.submit">Deposit</Trans>
          )}
        </Button>
        <Secure>
          <Trans id="cashier.deposit.secure">
            Payments are encrypted and processed by our licensed payment provider.
          </Trans>
        </Secure>
        <Muted aria-live="polite">
          {state === 'sending' ? (
            <Trans id="cashier.deposit.sending">Creating your payment…</Trans>
          ) : null}
        </Muted>
      </Form>
    </Card>
  );
}
