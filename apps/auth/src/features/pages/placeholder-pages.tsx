import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

const comingSoon = <Trans id="auth.comingSoon">Signing in and registration open very soon.</Trans>;

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="auth" title={title} text={comingSoon} />;
  };
}

export const SignInFormPage = placeholder(<Trans id="auth.signInForm.title">Sign in</Trans>);
export const SignUpFormPage = placeholder(
  <Trans id="auth.signUpForm.title">Create an account</Trans>,
);
export const ConfirmationPage = placeholder(
  <Trans id="auth.confirmation.title">Confirm your contact</Trans>,
);
export const ConfirmationSuccessPage = placeholder(
  <Trans id="auth.confirmationSuccess.title">Contact confirmed</Trans>,
);
