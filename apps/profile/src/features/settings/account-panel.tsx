import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  activateLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALES,
  localizePath,
  splitLocalePath,
} from '@northstar/i18n';
import { apiQueryKey, refreshSession, showToast, useShellNavigation } from '@northstar/shell-sdk';
import { Button, media } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import {
  PROFILE_METHODS,
  profileApi,
  refreshPlayer,
  useGeneralInfo,
  type AccountInfo,
} from '../shared/account-api.ts';
import { serverFieldCodes, useFieldMessage, useProblemText } from '../shared/field-messages.ts';
import { Panel } from '../profile-frame/profile-frame.tsx';
import { loadRules } from './load-rules.ts';

/**
 * The account's preferences (issue #25): the public nickname (`changefakename`, §5 minimum 4),
 * the account currency while the server allows a change (`setCurrency`: until the first money
 * movement) and the language (`changelocale`, then the page in that language, §4 locale change).
 */
export function AccountPanel({ info }: { info: AccountInfo }) {
  const titleId = useId();
  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.account.title">Account preferences</Trans>}
      lead={
        <Trans id="profile.account.lead">
          Your nickname is what other players see in winners lists and tournaments.
        </Trans>
      }
    >
      <Grid>
        <FakenameForm current={info.fakename ?? ''} />
        <CurrencyForm current={info.currency} />
        <LanguageForm />
      </Grid>
    </Panel>
  );
}

function FakenameForm({ current }: { current: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { fakenameSchema, firstError } = await loadRules();
    const local = firstError(fakenameSchema, value);
    setError(local);
    if (local) return;
    setBusy(true);
    try {
      await profileApi.send(PROFILE_METHODS.changefakename, { fakename: value.trim() });
      await Promise.all([refreshPlayer(queryClient), refreshSession()]);
      showToast({
        tone: 'success',
        text: t({ id: 'profile.account.fakenameSaved', message: 'Your nickname is saved.' }),
      });
    } catch (failure) {
      const codes = serverFieldCodes(failure);
      if (codes.fakename) setError(codes.fakename);
      else showToast({ tone: 'error', text: problemText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Input
        label={<Trans id="profile.account.fakename">Nickname</Trans>}
        hint={
          <Trans id="profile.account.fakenameHint">
            At least 4 letters or digits, no spaces or symbols.
          </Trans>
        }
        autoComplete="nickname"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        error={error ? fieldMessage(error) : undefined}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        <Trans id="profile.account.fakenameSave">Save nickname</Trans>
      </Button>
    </Form>
  );
}

function CurrencyForm({ current }: { current: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const general = useGeneralInfo();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currencies = Object.entries(general.data?.available_currencies ?? { [current]: '' });
  if (!currencies.some(([code]) => code === current)) currencies.unshift([current, '']);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (value === current) return;
    setBusy(true);
    try {
      await profileApi.send(PROFILE_METHODS.setCurrency, { currency: value });
      await refreshPlayer(queryClient);
      showToast({
        tone: 'success',
        text: t({ id: 'profile.account.currencySaved', message: 'Your currency is changed.' }),
      });
    } catch (failure) {
      const codes = serverFieldCodes(failure);
      if (codes.currency) setError(codes.currency);
      else setNotice(problemText(failure));
      setValue(current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Select
        label={<Trans id="profile.account.currency">Account currency</Trans>}
        hint={
          notice ?? (
            <Trans id="profile.account.currencyHint">
              You can change it until your first deposit or bet.
            </Trans>
          )
        }
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        options={currencies.map(([code, symbol]) => ({
          value: code,
          label: symbol ? `${code} (${symbol})` : code,
        }))}
        error={error ? fieldMessage(error) : undefined}
      />
      <Button type="submit" variant="secondary" disabled={busy || value === current}>
        <Trans id="profile.account.currencySave">Change currency</Trans>
      </Button>
    </Form>
  );
}

function LanguageForm() {
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const { locale, pathname, search, hash, navigate } = useShellNavigation();
  const [value, setValue] = useState<string>(locale);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isLocale(value) || value === locale) return;
    setBusy(true);
    setProblem(null);
    try {
      // §7 change-locale on the account; §4 the cookie for a year, the texts, then the page
      // under the new prefix (as the shell's locale switcher does).
      await profileApi.send(PROFILE_METHODS.changelocale, { locale: value });
      queryClient.setQueryData(apiQueryKey('account', 'changelocale'), { locale: value });
      document.cookie = `${LOCALE_COOKIE}=${value}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
      await activateLocale(value);
      navigate(localizePath(splitLocalePath(pathname).path, value) + search + hash);
    } catch (failure) {
      setProblem(problemText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Select
        label={<Trans id="profile.account.language">Language</Trans>}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        options={LOCALES.map((l) => ({ value: l.code, label: l.name }))}
        error={problem ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={busy || value === locale}>
        <Trans id="profile.account.languageSave">Change language</Trans>
      </Button>
    </Form>
  );
}

const Grid = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: 1fr;
  ${media.from('laptop')} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  align-items: flex-start;
  > :first-child {
    align-self: stretch;
  }
`;
