import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  REGISTRATION_HINT_HIDDEN_KEY,
  routePath,
  sessionAtom,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { useAtomValue } from 'jotai';
import { platformType } from '@northstar/shell-sdk/host';
import { openThroughHost } from '@northstar/shell-sdk/host-bridge';
import { Button, Skeleton } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import type { PaymentMethod } from '../shared/api.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { formatWhole, depositPresets, sumBounds, withinBounds } from '../shared/money.ts';
import { useProblemText } from '../shared/problem-text.ts';
import { Card, CashierFrame, Columns, Form, Muted, Notice, Stack } from '../shared/parts.tsx';
import { fieldError, sumField, translateFieldMessage } from '../shared/validation.ts';
import { RecentTransactions } from '../history/recent-transactions.tsx';
import {
  registrationHintVisible,
  useCashierConfig,
  type CashierConfig,
} from '../shared/cashier-config.ts';
import {
  chooseMethod,
  chosenOffer,
  depositMethods,
  depositRequest,
  offerFromQuery,
  offersForMethod,
} from './deposit-model.ts';
import { makeDeposit, useDepositSettings } from './deposit-queries.ts';
import { DepositLimitPanel } from './deposit-limits.tsx';
import {
  backUrlOf,
  keepPayReturn,
  PAYMENT_WINDOW_NAME,
  payReturnStorage,
} from '../pay-result/pay-return.ts';
import { requirementTarget } from '../shared/requirements.ts';
import { MethodTiles } from './method-tiles.tsx';

/** §2 `/cashier/deposit` and `/cashier/deposit/{sysname}`. */
export function DepositPage({ sysname }: { sysname?: string }) {
  const settings = useDepositSettings();
  const config = useCashierConfig();
  return (
    <CashierFrame
      title={<Trans id="cashier.cashierDeposit.title">Deposit</Trans>}
      section="cashierDeposit"
    >
      <Columns>
        <Stack>
          {settings.data ? (
            <>
              <RegistrationHint firstDeposit={settings.data.first_deposit} config={config} />
              {config.detailDisplayPlace === 'page' && sysname === undefined ? (
                <MethodChooser settings={settings.data} view={config.depositViewType} />
              ) : (
                <DepositForm
                  key={sysname ?? ''}
                  settings={settings.data}
                  sysname={sysname}
                  config={config}
                />
              )}
            </>
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
  config,
}: {
  settings: NonNullable<ReturnType<typeof useDepositSettings>['data']>;
  sysname: string | undefined;
  config: CashierConfig;
}) {
  const { t } = useLingui();
  const { locale, navigate, search } = useShellNavigation();
  const problemText = useProblemText();
  const methods = useMemo(() => depositMethods(settings), [settings]);
  const initial = chooseMethod(methods, sysname);
  const [method, setMethod] = useState<PaymentMethod | undefined>(initial.method);
  const [amount, setAmount] = useState('');
  const [offerId, setOfferId] = useState<number | null>(() =>
    offerFromQuery(settings.offers, search),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverAmount, setServerAmount] = useState<string | null>(null);
  const [serverField, setServerField] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'redirecting'>('idle');
  const amountRef = useRef<HTMLInputElement>(null);

  const currency = settings.currency;
  const offers = offersForMethod(settings.offers, method);
  const offer = chosenOffer(offers, offerId);
  const bounds = sumBounds(method, { offerMin: offer?.min_deposit });
  const presets = depositPresets(config.depositAmounts, settings.presets, currency);
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
    // The cashier config may ask for the provider's page in a new window: it is opened now, in
    // the click, or the browser blocks it; a blocked window falls back to this one.
    // In an operator's web-view app the host opens the provider's page itself (§1, below).
    const hosted = platformType() === 'webview';
    const popup =
      config.paymentMethodUrlDisplayMode === 'newWindow' && !hosted
        ? window.open('about:blank', PAYMENT_WINDOW_NAME)
        : null;
    try {
      const answer = await makeDeposit(depositRequest(method, amount, offer));
      setState('redirecting');
      // §2 backUrl: where this deposit returns to once it finishes (pay-return.ts).
      const storage = payReturnStorage();
      if (storage) keepPayReturn(storage, backUrlOf(search));
      // The provider's hosted payment page (same origin, /payments/sandbox/pay/{id}): through
      // the web-view app's bridge when it has one (an in-app browser tab; this page waits for
      // the result as it does for a new window), else a new window or this one.
      if (hosted && openThroughHost(new URL(answer.url, window.location.href).href, 'payment')) {
        navigate(
          `${routePath('cashierPayNewWindow', {}, locale)}?transaction=${answer.transaction}`,
        );
      } else if (popup && !popup.closed) {
        popup.location.href = answer.url;
        navigate(
          `${routePath('cashierPayNewWindow', {}, locale)}?transaction=${answer.transaction}`,
        );
      } else {
        window.location.assign(answer.url);
      }
    } catch (error) {
      popup?.close();
      setState('idle');
      // §8 the operator requires profile data or a confirmed contact first: go and give it.
      const required = requirementTarget(error, 'deposit', locale);
      if (required) {
        navigate(required);
        return;
      }
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
          view={config.depositViewType}
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
        {offers.length > 0 ? (
          <Offers>
            <legend>
              <Trans id="cashier.offers.legend">Bonus offer (optional)</Trans>
            </legend>
            <label>
              <input
                type="radio"
                name="offer"
                checked={offer === undefined}
                onChange={() => setOfferId(null)}
              />
              <span>
                <Trans id="cashier.offers.none">No bonus</Trans>
              </span>
            </label>
            {offers.map((item) => (
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

/** The shell clears it when a session ends (§4: the hint shows again after a sign-out). */
const HINT_KEY = REGISTRATION_HINT_HIDDEN_KEY;
const SERVER = '\u0000server';
const noSubscription = () => () => {};

/**
 * §4 registration hint: for a new player (within a day of registering) without a deposit, when
 * the operator turned it on. The player can hide it; hidden is kept for the tab's session and
 * per player, so signing out (another player, or this one again later) shows it afresh.
 */
function RegistrationHint({
  firstDeposit,
  config,
}: {
  firstDeposit: boolean;
  config: CashierConfig;
}) {
  const session = useAtomValue(sessionAtom);
  const user = session.status === 'signed-in' ? session.user : null;
  // Storage and the clock are read in the browser only (the server renders no hint), and the
  // hidden flag follows this tab's storage (a `storage` listener would only hear other tabs).
  const [hiddenNow, setHiddenNow] = useState(false);
  const stored = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(HINT_KEY),
    () => SERVER,
  );
  const now = useSyncExternalStore(
    noSubscription,
    () => Math.floor(Date.now() / 60_000) * 60_000,
    () => 0,
  );
  const hidden = hiddenNow || stored === SERVER || (user !== null && stored === String(user.uid));
  const visible = registrationHintVisible({
    enabled: config.registrationHint,
    regTime: user?.regTime,
    firstDeposit,
    hidden,
    now,
  });
  if (!visible || !user) return null;
  return (
    <Notice $tone="gold" as="section" aria-labelledby="cashier-registration-hint">
      <HintBody>
        <div>
          <h2 id="cashier-registration-hint">
            <Trans id="cashier.hint.title">Welcome to Northstar!</Trans>
          </h2>
          <p>
            <Trans id="cashier.hint.text">
              Make your first deposit today to get 100% up to €500 and 200 free spins.
            </Trans>
          </p>
        </div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => {
            sessionStorage.setItem(HINT_KEY, String(user.uid));
            setHiddenNow(true);
          }}
        >
          <Trans id="cashier.hint.hide">Hide</Trans>
        </Button>
      </HintBody>
    </Notice>
  );
}

const HintBody = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  justify-content: space-between;
  h2 {
    margin: 0 0 4px;
    font-size: 18px;
    color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 0;
  }
`;

/**
 * The cashier config's detail display place `page`: the deposit page lists the methods, each
 * opening its own page (`/cashier/deposit/{sysname}`) with the form.
 */
function MethodChooser({
  settings,
  view,
}: {
  settings: NonNullable<ReturnType<typeof useDepositSettings>['data']>;
  view: 'list' | 'grid';
}) {
  const methods = depositMethods(settings);
  return (
    <Card aria-labelledby="cashier-deposit-form">
      <h2 id="cashier-deposit-form">
        <Trans id="cashier.deposit.formTitle">Choose how to pay</Trans>
      </h2>
      <ChooserList $view={view}>
        {methods.map((method) => (
          <li key={method.sysname}>
            <MethodLink method={method} currency={settings.currency} />
          </li>
        ))}
      </ChooserList>
    </Card>
  );
}

function MethodLink({ method, currency }: { method: PaymentMethod; currency: string }) {
  const { locale, search } = useShellNavigation();
  // A game's top-up (§2 backUrl) keeps its return on the method's own page.
  const back = backUrlOf(search);
  const link = useLinkProps(
    `${routePath('cashierDepositMethod', { sysname: method.sysname }, locale)}${
      back ? `?backUrl=${encodeURIComponent(back)}` : ''
    }`,
  );
  return (
    <a {...link}>
      <strong>{method.name}</strong>
      <small>
        {formatWhole(method.min, currency, locale)} – {formatWhole(method.max, currency, locale)}
      </small>
    </a>
  );
}

const ChooserList = styled.ul<{ $view: 'list' | 'grid' }>`
  display: grid;
  gap: 10px;
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
  grid-template-columns: ${({ $view }) =>
    $view === 'grid' ? 'repeat(auto-fill, minmax(150px, 1fr))' : '1fr'};
  a {
    display: grid;
    gap: 4px;
    padding: 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
