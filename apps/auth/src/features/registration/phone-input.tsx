import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import { Input } from '@northstar/ui/forms';
import { parsePhonePaste, phoneCountryOption, phoneDigits } from '@northstar/validators';

/** §3 "Phone country option". */
export interface PhoneOption {
  country_code: string;
  phone_code: string;
  name: string;
  mask: string | string[];
}

/**
 * The phone field (§5): digits only, the international number with its country code; the
 * country follows the prefix and is named under the field; a paste is parsed against the site's
 * phone options and masks, and a number longer than its country's mask is flagged, never cut.
 */
export function PhoneInput({
  label,
  options,
  required,
  error,
  registration,
  setValue,
  onCountry,
}: {
  label: React.ReactNode;
  options: PhoneOption[];
  required: boolean;
  error?: string;
  registration: UseFormRegisterReturn;
  setValue: (digits: string) => void;
  onCountry: (option: PhoneOption | undefined) => void;
}) {
  const [country, setCountry] = useState<PhoneOption | undefined>(undefined);
  const [overflow, setOverflow] = useState(false);
  const follow = (digits: string) => {
    const option = phoneCountryOption(digits, options);
    setCountry(option);
    onCountry(option);
  };
  return (
    <Input
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required={required}
      error={
        error ??
        (overflow ? (
          <Trans id="auth.phone.tooLong">
            This number is longer than numbers of its country. Check it.
          </Trans>
        ) : undefined)
      }
      hint={
        country ? (
          <Trans id="auth.phone.country">
            {country.name} (+{country.phone_code})
          </Trans>
        ) : (
          <Trans id="auth.phone.hint">With the country code, e.g. 34 612 345 678</Trans>
        )
      }
      {...registration}
      onChange={(event) => {
        const digits = phoneDigits(event.currentTarget.value);
        event.currentTarget.value = digits;
        setOverflow(false);
        follow(digits);
        void registration.onChange(event);
      }}
      onPaste={(event) => {
        event.preventDefault();
        const parsed = parsePhonePaste(event.clipboardData.getData('text'), options, country);
        const digits = `${parsed.option?.phone_code ?? ''}${parsed.digits}`;
        event.currentTarget.value = digits;
        setOverflow(parsed.overflow);
        setCountry(parsed.option);
        onCountry(parsed.option);
        setValue(digits);
      }}
    />
  );
}
