import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { showToast } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { applyMasks, latestBirthDate, type FormField } from '@northstar/validators';
import {
  PROFILE_METHODS,
  profileApi,
  profileKey,
  refreshPlayer,
  type ProfileInfo,
} from '../shared/account-api.ts';
import { serverFieldCodes, useFieldMessage, useProblemText } from '../shared/field-messages.ts';
import { Actions, Chip, FieldGrid, Muted, Notice, Panel } from '../profile-frame/profile-frame.tsx';
import { useFieldLabels } from './field-labels.tsx';
import {
  countryResets,
  initialProfileValues,
  lockedFields,
  profilePayload,
  settingsFields,
  type ProfileFormEntry,
  type ProfileValues,
} from './settings-model.ts';
import { loadRules } from './load-rules.ts';

type Rules = Awaited<ReturnType<typeof loadRules>>;

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  birth_date: 'bday',
  sex: 'sex',
  country_code: 'country',
  region: 'address-level1',
  home_town: 'address-level2',
  address: 'street-address',
  postcode: 'postal-code',
};

/**
 * The personal-data form (issue #25, §3, §5): the operator's `forms.profile` fields with the
 * player's country's definitions (the registration's field builder), saved with
 * `saveProfileInfo` (success is data 1). Locked fields are read-only once verified; a country
 * change re-reads the definitions and resets region and document type (§4).
 */
export function PersonalDataForm({
  profile,
  entries,
  isVerified,
  onSaved,
}: {
  profile: ProfileInfo;
  entries: readonly ProfileFormEntry[];
  isVerified: boolean;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const labels = useFieldLabels();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const titleId = useId();
  const [country, setCountry] = useState((profile.country_code ?? 'US').toUpperCase());
  const definitions = useQuery({
    queryKey: profileKey('getPersonalDataFields', { country }),
    queryFn: () => profileApi.send(PROFILE_METHODS.getPersonalDataFields, { country }),
    placeholderData: (previous) => previous,
  });
  const fields = useMemo(
    () => settingsFields(entries, definitions.data ?? [], country),
    [entries, definitions.data, country],
  );
  const locked = useMemo(() => lockedFields(entries, isVerified), [entries, isVerified]);
  const initial = useMemo(
    () => initialProfileValues(fields, profile as unknown as Record<string, unknown>),
    [fields, profile],
  );
  const [values, setValues] = useState<ProfileValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pendingResets = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The fields' values start from the profile; a country change keeps what was typed and resets
  // region and document type to the new country's first option once its fields are in (§4).
  useEffect(() => {
    setValues((current) => {
      const next = { ...initial, ...current };
      if (pendingResets.current && !definitions.isPlaceholderData) {
        pendingResets.current = false;
        Object.assign(next, countryResets(fields));
      }
      for (const f of fields) {
        if (f.kind === 'region' && !f.options?.some((o) => o.value === next[f.name])) {
          next[f.name] = f.options?.[0]?.value ?? '';
        }
      }
      return next;
    });
  }, [initial, fields, definitions.isPlaceholderData]);

  const today = useMemo(() => new Date(), []);
  // The §5 rules arrive with the first focus or send (load-rules.ts); kept once loaded.
  const rulesRef = useRef<Rules | null>(null);
  const errorsOf = (rules: Rules, all: ProfileValues) =>
    rules.fieldErrors(rules.settingsSchema(fields, locked, today), all);
  const value = (name: string) => values[name] ?? initial[name] ?? '';

  const change = (name: string, next: string) => {
    const updated = { ...values, [name]: next };
    setValues(updated);
    setNotice(null);
    if (name === 'country_code' && next !== '') {
      pendingResets.current = true;
      setCountry(next.toUpperCase());
    }
    // §5 eager: once submitted, errors follow each change.
    if (submitted && rulesRef.current) setErrors(errorsOf(rulesRef.current, updated));
    else if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    const all = { ...initial, ...values };
    const rules = (rulesRef.current ??= await loadRules());
    const local = errorsOf(rules, all);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      // §5 Timing: the first failing field is scrolled into view (and focused).
      const first = fields.find((f) => local[f.name]);
      const element = first
        ? formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)
        : null;
      element?.focus();
      element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const payload = profilePayload(all, initial, fields, locked);
    if (Object.keys(payload).length === 0) {
      setNotice(t({ id: 'profile.settings.nothingChanged', message: 'Nothing has changed.' }));
      return;
    }
    setSaving(true);
    try {
      await profileApi.send(PROFILE_METHODS.saveProfileInfo, payload);
      await refreshPlayer(queryClient);
      setSubmitted(false);
      showToast({
        tone: 'success',
        text: t({ id: 'profile.settings.saved', message: 'Your details are saved.' }),
      });
      onSaved();
    } catch (error) {
      const onFields = serverFieldCodes(error);
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setNotice(problemText(error));
    } finally {
      setSaving(false);
    }
  };

  const renderField = (f: FormField) => {
    const readOnly = locked.has(f.name);
    const error = errors[f.name] ? fieldMessage(errors[f.name]!) : undefined;
    const hint = readOnly ? (
      <Trans id="profile.settings.lockedHint">Verified: contact support to change it.</Trans>
    ) : undefined;
    const common = {
      name: f.name,
      label: labels.label(f.name),
      required: f.required && !readOnly,
      error,
      hint,
    };
    if (f.kind === 'select' || f.kind === 'country' || f.kind === 'region') {
      return (
        <Select
          key={f.name}
          {...common}
          value={value(f.name)}
          disabled={readOnly}
          autoComplete={AUTOCOMPLETE[f.name]}
          onChange={(event) => change(f.name, event.currentTarget.value)}
          options={(f.options ?? []).map((o) => ({
            value: o.value,
            label: labels.option(o.label),
          }))}
          placeholder={
            f.kind === 'region' ? undefined : t({ id: 'profile.field.choose', message: 'Choose…' })
          }
        />
      );
    }
    return (
      <Input
        key={f.name}
        {...common}
        type={f.kind === 'date' ? 'date' : 'text'}
        {...(f.kind === 'date' ? { min: '1900-01-01', max: latestBirthDate(today) } : {})}
        value={value(f.name)}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        autoComplete={AUTOCOMPLETE[f.name]}
        {...(f.masks ? { mask: (text: string) => applyMasks(text, f.masks!) } : {})}
        onChange={(event) => change(f.name, event.currentTarget.value)}
      />
    );
  };

  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.settings.personal.title">Personal details</Trans>}
      lead={
        <Trans id="profile.settings.personal.lead">
          As on your identity document. We need them before your first withdrawal.
        </Trans>
      }
      aside={
        isVerified ? (
          <Chip $tone="success">
            <Trans id="profile.settings.verified">Verified</Trans>
          </Chip>
        ) : (
          <Chip $tone="muted">
            <Trans id="profile.settings.notVerified">Not verified</Trans>
          </Chip>
        )
      }
    >
      {definitions.isPending ? (
        <FieldGrid aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} $height="70px" />
          ))}
        </FieldGrid>
      ) : (
        <form
          ref={formRef}
          noValidate
          aria-labelledby={titleId}
          onFocus={() => void loadRules()}
          onSubmit={(e) => void submit(e)}
        >
          <FieldGrid>{fields.map(renderField)}</FieldGrid>
          {notice ? (
            <Notice role="alert" style={{ marginTop: 16 }}>
              {notice}
            </Notice>
          ) : null}
          <Actions>
            <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
              <Trans id="profile.settings.save">Save details</Trans>
            </Button>
            {isVerified ? (
              <Muted>
                <Trans id="profile.settings.lockedNote">
                  Details checked during verification are locked.
                </Trans>
              </Muted>
            ) : null}
          </Actions>
        </form>
      )}
    </Panel>
  );
}
