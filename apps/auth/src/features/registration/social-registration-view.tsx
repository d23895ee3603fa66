import { Lead } from '../shared/parts.tsx';
import { Trans } from '@lingui/react/macro';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { FormSkeleton } from '../shared/form-skeleton.tsx';
import { signUpPromoOf, type SignUpPromo } from '../shared/finish.ts';
import { initialCurrency, type AuthConfig } from './model.ts';
import { RegistrationForm } from './registration-form.tsx';
import { useRegistrationData } from './registration-view.tsx';

/**
 * §2 socialRegistration view: a player a social sign-in created (from the sign-in form) still
 * owes the rest of the sign-up. The same form without login and password: currency, the
 * configured profile fields, terms, notify and promo; `auth/register` with the player's session
 * completes the account (apps/platform/src/modules/auth).
 */
export function SocialRegistrationView({
  config,
  onDone,
}: {
  config: AuthConfig;
  /** With what the promo code entered here gave (§4: the server activated it). */
  onDone: (promo: SignUpPromo | undefined) => Promise<void>;
}) {
  const data = useRegistrationData(config.settings.showCharacterSelect);
  const type = config.authTypes.find((t) => t.kind === 'form' || t.kind === 'full') ?? {
    id: 0,
    kind: 'form' as const,
    label: 'Email',
    login: 'email' as const,
  };
  if (!data.ready) return <FormSkeleton />;
  return (
    <>
      <Lead>
        <Trans id="auth.socialRegistration.lead">
          You are signed in. A few more details and your account is ready to play.
        </Trans>
      </Lead>
      <RegistrationForm
        completing
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
        onRegistered={async (payload) => {
          const answer = await authApi.send(AUTH_METHODS.register, payload);
          await onDone(signUpPromoOf(answer));
        }}
      />
    </>
  );
}
