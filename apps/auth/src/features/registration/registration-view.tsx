import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiQueryKey } from '@northstar/shell-sdk';
import { Tabs } from '@northstar/ui/forms';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { LinkButton, Switch, Divider } from '../shared/parts.tsx';
import type { AuthView } from '../shared/view-store.ts';
import { formTypes, initialCurrency, type AuthConfig } from './model.ts';
import { RegistrationForm } from './registration-form.tsx';
import type { PhoneOption } from './phone-input.tsx';
import type { RegistrationPayload } from './model.ts';

/** What every registration form needs beside the config: currencies, phone options, characters. */
export function useRegistrationData(withCharacters: boolean) {
  // The shell's start-up asked these already (§7): same keys, same answers.
  const general = useQuery({
    queryKey: apiQueryKey('metadata', 'getgeneralinfo'),
    queryFn: () => authApi.send(AUTH_METHODS.getgeneralinfo),
    staleTime: 5 * 60_000,
  });
  const phones = useQuery({
    queryKey: apiQueryKey('account', 'getContactPhoneSettings'),
    queryFn: () => authApi.send(AUTH_METHODS.getContactPhoneSettings),
    staleTime: 5 * 60_000,
  });
  const characters = useQuery({
    queryKey: apiQueryKey('loyalty', 'getcharacters'),
    queryFn: () => authApi.send(AUTH_METHODS.getcharacters),
    staleTime: 5 * 60_000,
    enabled: withCharacters,
  });
  const ready = general.data !== undefined && phones.data !== undefined;
  return {
    ready: ready || general.isError || phones.isError,
    currencies: Object.keys(general.data?.available_currencies ?? {}),
    defaultCurrency: general.data?.default_currency ?? '',
    phoneOptions: (phones.data ?? []).map((option) => ({
      ...option,
      name: option.name ?? option.country_code,
      mask: option.mask ?? '',
    })) as PhoneOption[],
    characters: (characters.data?.items ?? []).map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * §2 registration view: a tab per configured registration type when there are several (form,
 * fast, full; the social type is the social buttons), the form of the chosen type, the social
 * buttons, and the switch to sign-in.
 */
export function RegistrationView({
  config,
  onView,
  onRegistered,
  renderSocial,
  loading,
}: {
  config: AuthConfig;
  onView: (view: AuthView) => void;
  onRegistered: (payload: RegistrationPayload) => Promise<void>;
  renderSocial?: (checkTerms: () => Promise<boolean>) => React.ReactNode;
  loading: React.ReactNode;
}) {
  const { t } = useLingui();
  const types = formTypes(config);
  const [typeId, setTypeId] = useState(types[0]?.id ?? 0);
  const type = types.find((candidate) => candidate.id === typeId) ?? types[0];
  const data = useRegistrationData(config.settings.showCharacterSelect);
  const hasSocial = config.authTypes.some((candidate) => candidate.kind === 'social');
  if (!data.ready) return <>{loading}</>;
  const social =
    hasSocial && renderSocial
      ? (checkTerms: () => Promise<boolean>) => (
          <>
            <Divider>
              <Trans id="auth.or">or</Trans>
            </Divider>
            {renderSocial(checkTerms)}
          </>
        )
      : undefined;
  return (
    <>
      {types.length > 1 ? (
        <Tabs
          block
          label={t({ id: 'auth.registration.types', message: 'How to register' })}
          items={types.map((candidate) => ({ id: String(candidate.id), label: candidate.label }))}
          value={String(type?.id)}
          onChange={(id) => setTypeId(Number(id))}
        />
      ) : null}
      {type ? (
        <RegistrationForm
          key={type.id}
          config={config}
          type={type}
          currencies={data.currencies}
          defaultCurrency={initialCurrency(
            config.currencyConditions,
            data.currencies,
            data.defaultCurrency,
          )}
          phoneOptions={data.phoneOptions}
          characters={data.characters}
          onRegistered={onRegistered}
          renderSocial={social}
        />
      ) : (
        social?.(() => Promise.resolve(true))
      )}
      <Switch>
        <Trans id="auth.registration.haveAccount">Already have an account?</Trans>
        <LinkButton type="button" onClick={() => onView('authorization')}>
          <Trans id="auth.registration.toSignIn">Sign in</Trans>
        </LinkButton>
      </Switch>
    </>
  );
}
