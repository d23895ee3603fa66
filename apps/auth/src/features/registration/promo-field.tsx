import { useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import { Checkbox, Input } from '@northstar/ui/forms';
import { authApi, AUTH_METHODS } from '../../api.ts';

/** §4 "checked after a 300 ms debounce". */
export const PROMO_CHECK_DELAY_MS = 300;

const Valid = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin: -8px 0 0;
  color: ${({ theme }) => theme.colors.success};
  font-size: 14px;
  font-weight: 600;
`;

/**
 * The promo toggle and field (§4): the toggle reveals the field; what is typed is checked with
 * `campaigns/checkPromocode` 300 ms after the last keystroke; a valid code shows a check icon, an
 * unknown one the field's error.
 */
export function PromoField({
  on,
  onToggle,
  error,
  registration,
  getValue,
  onInvalid,
  onTyping,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  error?: string;
  registration: UseFormRegisterReturn;
  getValue: () => string;
  onInvalid: (text: string) => void;
  /** A new code is being typed: the last verdict on the field (a check's, the server's) goes. */
  onTyping: () => void;
}) {
  const { t } = useLingui();
  const [valid, setValid] = useState<string | null>(null);
  const [typed, setTyped] = useState(0);
  const latest = useRef({ getValue, onInvalid });
  useEffect(() => {
    latest.current = { getValue, onInvalid };
  });
  const invalidText = t({ id: 'auth.promo.invalid', message: 'This promo code is not valid' });
  useEffect(() => {
    if (!on) return;
    const code = latest.current.getValue().trim();
    if (code === '') return;
    let live = true;
    const timer = setTimeout(() => {
      authApi.send(AUTH_METHODS.checkPromocode, { promo_code: code }).then(
        (answer) => {
          if (!live) return;
          // §7 "falsy data means not found": an unknown code is a normal answer.
          if (answer) setValid(answer.promo_code);
          else latest.current.onInvalid(invalidText);
        },
        (failure: unknown) => {
          if (!live) return;
          // Only a verdict on the code marks it; a network failure leaves it to the server.
          if (isApiError(failure) && failure.invalidParameters.promo_code) {
            latest.current.onInvalid(invalidText);
          }
        },
      );
    }, PROMO_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [on, typed, invalidText]);

  return (
    <>
      <Checkbox
        label={<Trans id="auth.promo.toggle">I have a promo code</Trans>}
        checked={on}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      {on ? (
        <Input
          label={<Trans id="auth.field.promo">Promo code</Trans>}
          autoComplete="off"
          autoCapitalize="characters"
          error={error}
          {...registration}
          onChange={(event) => {
            setValid(null);
            onTyping();
            setTyped((n) => n + 1);
            void registration.onChange(event);
          }}
        />
      ) : null}
      {/* §8 an error on the code (the server's at sign-up) outranks an earlier "applies". */}
      {on && valid && !error ? (
        <Valid role="status" data-testid="promo-valid">
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          >
            <path d="M4 12l5 5L20 6" />
          </svg>
          <Trans id="auth.promo.valid">Promo code {valid} applies</Trans>
        </Valid>
      ) : null}
    </>
  );
}
