import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { openDialog } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { promoApi, PROMO_METHODS } from '../shared/api.ts';
import { PROMO_ACTIVATED_DIALOG, type PromoActivatedProps } from '../shared/activated-props.ts';
import { activationFailure } from '../shared/promo-errors.ts';
import { usePromoTexts } from '../shared/texts.ts';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 12px;
  > :first-child {
    flex: 1 1 220px;
    min-width: 0;
  }
  > button {
    flex: 0 0 auto;
    margin-top: 26px;
  }
`;

/**
 * A signed-in player's promo-code field on `/promotions` (§4 promo field; §5: trimmed, at least
 * one character): `campaigns/activateOffer`, the §8 refusal on the field, the
 * PromocodeActivatedPopup on success.
 */
export function PromoCodeForm() {
  const texts = usePromoTexts();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = value.trim();
    if (code === '') {
      setError(texts.required());
      document.getElementById('promo-code')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await promoApi.send(PROMO_METHODS.activateOffer, { promo_code: code });
      setValue('');
      void openDialog<PromoActivatedProps>({
        id: PROMO_ACTIVATED_DIALOG,
        remote: 'promo',
        props: { promoCode: answer.promo_code, bonus: answer.bonus, offer: answer.offer },
      });
    } catch (failure) {
      setError(texts.promoError(activationFailure(failure)));
      document.getElementById('promo-code')?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Input
        id="promo-code"
        name="promo_code"
        label={<Trans id="promo.code.label">Promo code</Trans>}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={64}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          if (error) setError(null);
        }}
        error={error ?? undefined}
      />
      <Button type="submit" disabled={busy} data-testid="promo-code-submit">
        <Trans id="promo.code.submit">Activate</Trans>
      </Button>
    </Form>
  );
}
