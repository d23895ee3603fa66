import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import { apiQueryKey, useShellNavigation } from '@northstar/shell-sdk';
import { storedPromoCode } from '@northstar/shell-sdk/query-params';
import { Button, Skeleton } from '@northstar/ui';
import { Checkbox, Input, Select } from '@northstar/ui/forms';
import { serverFieldErrors, valibotResolver } from '@northstar/validators';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { track } from '@northstar/shell-sdk/analytics';
import { useFieldMessage } from '../shared/messages.ts';
import { formatWait, retryAfterSeconds } from '../shared/wait.ts';
import { Form, Notice, Row } from '../shared/parts.tsx';
import { PhoneInput, type PhoneOption } from './phone-input.tsx';
import { PromoField } from './promo-field.tsx';
import { usePromoErrorText } from './promo-text.ts';
import {
  countryChangeResets,
  latestBirthDate,
  loginOnItsField,
  promoError,
  registrationFields,
  registrationPayload,
  registrationSchema,
  serverErrorFields,
  type AuthConfig,
  type AuthType,
  type FieldDefinition,
  type FormField,
  type FormValues,
  type RegistrationPayload,
} from './model.ts';

/** A field's footprint (label and 44 px control, as packages/ui's Field draws it). */
const FieldSkeleton = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Choice = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 14px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    cursor: pointer;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
    width: 18px;
    height: 18px;
  }
`;

/** The site's country for a locale (`pt-BR` → BR), the country field's first value. */
function localeCountry(locale: string): string {
  return locale.split('-')[1]?.toUpperCase() ?? 'US';
}

export interface RegistrationFormProps {
  config: AuthConfig;
  type: AuthType;
  /** `socialRegistration`: a signed-in player completes the sign-up (no login or password). */
  completing?: boolean;
  currencies: string[];
  defaultCurrency: string;
  phoneOptions: PhoneOption[];
  characters: { id: number; name: string }[];
  onRegistered: (payload: RegistrationPayload) => Promise<void>;
  /** Extra parts under the form (the social buttons); they may ask the terms box first. */
  renderSocial?: (checkTerms: () => Promise<boolean>) => React.ReactNode;
}

/**
 * §2, §4 registration form: fields built for the registration type from the configured profile
 * fields and the country's definitions, the §5 rules on every field (eager or on submit, per the
 * config), terms, notify, the betting/casino choice, the character, the promo toggle and field;
 * a country change re-fetches the fields and resets region, currency and document type; the
 * server's field errors land on their fields.
 */
export function RegistrationForm(props: RegistrationFormProps) {
  const { config, type, completing = false } = props;
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const message = useFieldMessage();
  const optionText = useOptionText();
  const countryName = useCountryName();
  const [country, setCountry] = useState(() => localeCountry(locale));
  const definitions = useQuery({
    queryKey: apiQueryKey('account', 'getPersonalDataFields', { country }),
    queryFn: () => authApi.send(AUTH_METHODS.getPersonalDataFields, { country }),
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });
  const fields = useMemo(() => {
    const all = registrationFields({
      type,
      definitions: (definitions.data ?? []) as FieldDefinition[],
      profileFields: config.profileFields,
      country,
      currencies: props.currencies,
      currencyEmptyOption: config.currencyConditions.emptyValue,
    });
    // Completing a social sign-up: the account already has its login and no password to set.
    return completing ? all.filter((f) => f.kind !== 'password' && f.name !== type.login) : all;
  }, [type, definitions.data, config, country, props.currencies, completing]);

  const { settings } = config;
  const [promoOn, setPromoOn] = useState(
    () => settings.showPromoFieldByDefault || storedPromoCode() !== null,
  );
  const [today] = useState(() => new Date());
  const schema = useMemo(
    () =>
      registrationSchema(fields, {
        termsActive: settings.terms.isActive,
        promoOn: settings.showPromocode && promoOn,
        today,
        minDate: config.minDate,
      }),
    [fields, settings, promoOn, today, config.minDate],
  );
  // The schema follows the fields (a country change adds or drops some): read it at check time.
  const schemaRef = useRef(schema);
  useEffect(() => {
    schemaRef.current = schema;
  }, [schema]);
  const resolver = useMemo<Resolver<FormValues>>(
    () => (values, context, options) =>
      valibotResolver(schemaRef.current)(values, context, options),
    [],
  );
  const [phoneCode, setPhoneCode] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    mode: config.validationStrategy === 'eager' ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: {
      country_code: country,
      currency: props.defaultCurrency,
      terms: settings.terms.defaultValue,
      notify: settings.notify.defaultValue,
      is_betting: settings.markBetting.defaultValue,
      promo_toggle: promoOn,
      promo_code: storedPromoCode() ?? '',
    },
  });

  // §4 country change: once the new country's fields are in, region, currency and document type
  // start over (region and document type at their first option).
  const appliedCountry = useRef(country);
  useEffect(() => {
    if (definitions.isPlaceholderData || !definitions.data) return;
    const first = appliedCountry.current === country;
    appliedCountry.current = country;
    const resets = countryChangeResets({
      country,
      fields,
      conditions: config.currencyConditions,
      currencies: props.currencies,
      currentCurrency: String(getValues('currency') ?? ''),
    });
    for (const [name, value] of Object.entries(resets)) {
      // The currency the form started with stays on the first load (its own conditions).
      if (first && name === 'currency') continue;
      if (first && getValues(name)) continue;
      setValue(name, value, { shouldValidate: false });
    }
  }, [
    definitions.data,
    definitions.isPlaceholderData,
    country,
    fields,
    config,
    props.currencies,
    getValues,
    setValue,
  ]);

  const names = serverErrorFields(fields);
  const promoText = usePromoErrorText();
  const submit = handleSubmit(
    async (values) => {
      setNotice(null);
      const payload = registrationPayload(values, fields, {
        locale,
        settings,
        phoneCountryCode: phoneCode,
      });
      try {
        await props.onRegistered(payload);
      } catch (error) {
        if (!isApiError(error)) {
          setNotice(
            t({
              id: 'auth.error.network',
              message: 'We could not reach the site. Check your connection and try again.',
            }),
          );
          return;
        }
        // §8: the error code (and which fields were refused) goes to analytics.
        track('sign_up_error', {
          code: error.code,
          fields: Object.keys(error.invalidParameters).join(',').slice(0, 200) || null,
        });
        // §8 "Promo errors": the first promo_code code picks the promo field's message
        // (fallback INVALID); the field then stops saying the code applies (PromoField).
        const { promo_code: promoCodes, ...others } = loginOnItsField(
          error.invalidParameters,
          type.login,
        );
        const promoOnForm = promoCodes !== undefined && settings.showPromocode && promoOn;
        if (promoOnForm) {
          setError(
            'promo_code',
            { type: 'server', message: promoText(promoError(promoCodes)) },
            { shouldFocus: Object.keys(others).length === 0 },
          );
        }
        const { fields: onFields, unmatched } = serverFieldErrors(
          promoCodes && !promoOnForm ? { ...others, promo_code: promoCodes } : others,
          names,
          config.apiErrors,
        );
        onFields.forEach((fieldError, index) =>
          setError(
            fieldError.field,
            { type: 'server', message: fieldError.message },
            { shouldFocus: index === 0 },
          ),
        );
        if ((onFields.length === 0 && !promoOnForm) || Object.keys(unmatched).length > 0) {
          // §8: a failure without parameter details is wrongRegServerError, a throttled one
          // too (§4 sign-up budget), with the real wait the server gave (retry_after).
          const failed = t({
            id: 'auth.wrongRegServerError',
            message: 'We could not create your account. Check your details and try again.',
          });
          const wait = error.status === 429 ? retryAfterSeconds(error.errorData) : null;
          const inTime = wait === null ? '' : formatWait(wait, locale);
          setNotice(
            wait === null
              ? failed
              : `${failed} ${t({
                  id: 'auth.registration.retryAfter',
                  message: `Too many sign-ups from your network: you can try again ${inTime}.`,
                })}`,
          );
        }
      }
    },
    (invalid: FieldErrors<FormValues>) => {
      // §5 "on submit the first failing field is scrolled into view" (and takes focus).
      const first = names.find((name) => invalid[name]) ?? Object.keys(invalid)[0];
      if (first) document.getElementsByName(first)[0]?.scrollIntoView({ block: 'center' });
    },
  );

  const checkTerms = async () =>
    settings.terms.isActive ? trigger('terms', { shouldFocus: true }) : true;

  const control = (f: FormField) => {
    const error = message(errors[f.name]?.message);
    const required = f.required;
    switch (f.kind) {
      case 'email':
        return (
          <Input
            key={f.name}
            label={<Trans id="auth.field.email">E-mail</Trans>}
            type="email"
            autoComplete="email"
            inputMode="email"
            required={required}
            error={error}
            {...register(f.name)}
          />
        );
      case 'phone':
        return (
          <PhoneInput
            key={f.name}
            label={
              f.name === 'mobile' ? (
                <Trans id="auth.field.mobile">Mobile phone</Trans>
              ) : (
                <Trans id="auth.field.phone">Phone number</Trans>
              )
            }
            options={props.phoneOptions}
            required={required}
            error={error}
            onCountry={(option) => setPhoneCode(option?.phone_code)}
            registration={register(f.name)}
            setValue={(value) =>
              setValue(f.name, value, { shouldValidate: Boolean(errors[f.name]) })
            }
          />
        );
      case 'password':
        return (
          <Input
            key={f.name}
            label={<Trans id="auth.field.password">Password</Trans>}
            type="password"
            autoComplete="new-password"
            required
            error={error}
            hint={
              <Trans id="auth.field.passwordHint">
                6 to 20 characters: letters, digits and symbols, no spaces
              </Trans>
            }
            {...register(f.name)}
          />
        );
      case 'currency':
        return (
          <Select
            key={f.name}
            label={<Trans id="auth.field.currency">Currency</Trans>}
            required
            error={error}
            options={(f.options ?? []).map((o) => ({ value: o.value, label: o.value }))}
            placeholder={
              config.currencyConditions.emptyValue
                ? t({ id: 'auth.field.choose', message: 'Choose…' })
                : undefined
            }
            {...register(f.name)}
          />
        );
      case 'country':
        return (
          <Select
            key={f.name}
            label={<Trans id="auth.field.country">Country</Trans>}
            required={required}
            error={error}
            options={f.options?.map((o) => ({
              value: o.value,
              label: countryName(o.value, o.label),
            }))}
            {...register(f.name, {
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
                setCountry(event.target.value),
            })}
          />
        );
      case 'region':
      case 'select':
        return (
          <Select
            key={f.name}
            label={fieldLabel(f.name)}
            required={required}
            error={error}
            options={f.options?.map((o) => ({ value: o.value, label: optionText(o.label) }))}
            // A region starts on its first option (§4); any other list is chosen on purpose.
            placeholder={
              f.kind === 'region'
                ? undefined
                : required
                  ? t({ id: 'auth.field.choose', message: 'Choose…' })
                  : t({ id: 'auth.field.notSaying', message: '—' })
            }
            {...register(f.name)}
          />
        );
      case 'date':
        return (
          <Input
            key={f.name}
            label={fieldLabel(f.name)}
            type="date"
            // §5 the same bounds as the rule: the picker offers no day outside them.
            min={config.minDate}
            max={latestBirthDate(today)}
            autoComplete="bday"
            required={required}
            error={error}
            {...register(f.name)}
          />
        );
      default:
        return (
          <Input
            key={f.name}
            label={fieldLabel(f.name)}
            autoComplete={AUTOCOMPLETE[f.name]}
            required={required}
            error={error}
            {...register(f.name)}
          />
        );
    }
  };

  const [head, ...profile] = fields;
  // The first answer for the country is still on its way (a later country keeps the previous
  // fields as placeholders while its own load).
  const profilePending =
    config.profileFields.length > 0 && definitions.data === undefined && definitions.isPending;
  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.registration.form', message: 'Create your account' })}
      aria-busy={definitions.isFetching}
    >
      {head ? control(head) : null}
      {profile.length > 0 || profilePending ? (
        <Row>
          {profile.map(control)}
          {/* Holds the profile fields' place until getPersonalDataFields answers, so the form
              does not jump when they appear. */}
          {profilePending
            ? Array.from({ length: Math.max(config.profileFields.length, 1) }, (_, index) => (
                <FieldSkeleton key={index} data-testid="profile-skeleton" aria-hidden="true">
                  <Skeleton $width="45%" $height="20px" />
                  <Skeleton $height="44px" />
                </FieldSkeleton>
              ))
            : null}
        </Row>
      ) : null}
      {settings.markBetting.isActive ? (
        <Choice>
          <legend>
            <Trans id="auth.field.interest">I mostly play</Trans>
          </legend>
          <label>
            <input type="radio" value="casino" {...register('is_betting')} />
            <Trans id="auth.field.casino">Casino</Trans>
          </label>
          <label>
            <input type="radio" value="betting" {...register('is_betting')} />
            <Trans id="auth.field.betting">Sports betting</Trans>
          </label>
        </Choice>
      ) : null}
      {settings.showCharacterSelect && props.characters.length > 0 ? (
        <Select
          label={<Trans id="auth.field.character">Your loyalty character</Trans>}
          options={props.characters.map((c) => ({ value: String(c.id), label: c.name }))}
          placeholder={t({ id: 'auth.field.choose', message: 'Choose…' })}
          {...register('character_id')}
        />
      ) : null}
      {settings.showPromocode ? (
        <PromoField
          on={promoOn}
          onToggle={(on) => {
            setPromoOn(on);
            setValue('promo_toggle', on);
          }}
          error={message(errors.promo_code?.message)}
          registration={register('promo_code')}
          getValue={() => String(getValues('promo_code') ?? '')}
          onInvalid={(text) => setError('promo_code', { type: 'server', message: text })}
          onTyping={() => clearErrors('promo_code')}
        />
      ) : null}
      {settings.notify.isActive ? (
        <Checkbox
          label={<Trans id="auth.field.notify">Send me bonuses, news and offers</Trans>}
          {...register('notify')}
        />
      ) : null}
      {settings.terms.isActive ? (
        <Checkbox
          label={
            <Trans id="auth.field.terms">
              I am 18 or older and I accept the Terms and Conditions and the Privacy Policy
            </Trans>
          }
          error={message(errors.terms?.message)}
          required
          {...register('terms')}
        />
      ) : null}
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        {completing ? (
          <Trans id="auth.registration.complete">Complete registration</Trans>
        ) : (
          <Trans id="auth.registration.submit">Create account</Trans>
        )}
      </Button>
      {props.renderSocial?.(checkTerms)}
    </Form>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  address: 'street-address',
  postcode: 'postal-code',
  home_town: 'address-level2',
  fakename: 'nickname',
};

function fieldLabel(name: string): React.ReactNode {
  switch (name) {
    case 'first_name':
      return <Trans id="auth.field.firstName">First name</Trans>;
    case 'middle_name':
      return <Trans id="auth.field.middleName">Middle name</Trans>;
    case 'last_name':
      return <Trans id="auth.field.lastName">Last name</Trans>;
    case 'birth_date':
      return <Trans id="auth.field.birthDate">Date of birth</Trans>;
    case 'sex':
      return <Trans id="auth.field.sex">Gender</Trans>;
    case 'region':
      return <Trans id="auth.field.region">Region</Trans>;
    case 'home_town':
      return <Trans id="auth.field.homeTown">Town or city</Trans>;
    case 'address':
      return <Trans id="auth.field.address">Address</Trans>;
    case 'postcode':
      return <Trans id="auth.field.postcode">Postcode</Trans>;
    case 'document_type':
      return <Trans id="auth.field.documentType">Document type</Trans>;
    case 'document_number':
      return <Trans id="auth.field.documentNumber">Document number</Trans>;
    case 'fakename':
      return <Trans id="auth.field.fakename">Nickname</Trans>;
    default:
      return name;
  }
}

/** A country's name in the page's language (the server lists them in English). */
function useCountryName(): (code: string, fallback: string) => string {
  const { locale } = useShellNavigation();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [locale]);
  return (code, fallback) => names?.of(code) ?? fallback;
}

/** Option labels the server sends as keys (sex, document types) in the page's words. */
function useOptionText(): (label: string) => string {
  const { t } = useLingui();
  const texts: Record<string, string> = {
    male: t({ id: 'auth.option.male', message: 'Male' }),
    female: t({ id: 'auth.option.female', message: 'Female' }),
    passport: t({ id: 'auth.option.passport', message: 'Passport' }),
    driver_license: t({ id: 'auth.option.driverLicense', message: 'Driving licence' }),
    cpf: 'CPF',
    dni: 'DNI',
    nie: 'NIE',
  };
  return (label) => texts[label] ?? label;
}
