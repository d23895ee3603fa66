import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  showToast,
  useShellNavigation,
  useSiteContent,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { finishAuth, signUpPromoOf, type SignUpPromo } from '../shared/finish.ts';
import { usePromoErrorText } from '../registration/promo-text.ts';
import { Notice } from '../shared/parts.tsx';
import { authConfigOf, promoError, type AuthConfig } from '../registration/model.ts';
import { RegistrationView } from '../registration/registration-view.tsx';
import { SocialRegistrationView } from '../registration/social-registration-view.tsx';
import { RestoreView } from '../restore/restore-view.tsx';
import { SignInView } from '../sign-in/sign-in-view.tsx';
import { TwoFactorView } from '../sign-in/two-factor-view.tsx';
import { holdTwoFactor } from '../sign-in/two-factor-state.ts';
import { SocialButtons } from '../social/social-buttons.tsx';
import { takeSocialReturn, type SocialOutcome } from '../social/social-login.ts';
import { AuthBanner } from './auth-banner.tsx';
import { FormSkeleton } from '../shared/form-skeleton.tsx';
import { setAuthView, useAuthView, type AuthView } from '../shared/view-store.ts';

export interface AuthPopupProps {
  view?: AuthView;
}

const Layout = styled.div<{ $banner: boolean }>`
  display: grid;
  gap: 24px;
  @media (min-width: 860px) {
    grid-template-columns: ${({ $banner }) => ($banner ? '300px minmax(0, 1fr)' : 'minmax(0, 1fr)')};
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** The hooks every place that signs in shares: config, the finish, the social outcome. */
export function useAuthFlow(close?: () => void): {
  config: AuthConfig | null;
  services: string[];
  signedIn: (
    registered: boolean,
    method: string,
    confirmEmail?: boolean,
    promo?: SignUpPromo,
  ) => Promise<void>;
  onSocial: (outcome: SocialOutcome) => void;
  /** §8: a sign-up's code the server could not activate, said in a notice. */
  onPromoRefused: (codes: readonly string[] | undefined) => void;
  socialError: string | null;
  setView: (view: AuthView) => void;
} {
  const navigation = useShellNavigation();
  const { t } = useLingui();
  const content = useSiteContent();
  // Null (a skeleton) until the site config has loaded: the forms draw the operator's settings.
  const config = content ? authConfigOf(content.siteConfig) : null;
  const [socialError, setSocialError] = useState<string | null>(null);
  const promoText = usePromoErrorText();
  // §4/§8: a code the sign-up could not activate (used up meanwhile, …) is said in a notice.
  const onPromoRefused = (codes: readonly string[] | undefined) => {
    showToast({ id: 'promo-refused', tone: 'warning', text: promoText(promoError(codes)) });
  };
  const signedIn = (
    registered: boolean,
    method: string,
    confirmEmail = false,
    promo?: SignUpPromo,
  ) => finishAuth({ registered, method, navigation, close, confirmEmail, promo, onPromoRefused });
  const onSocial = (outcome: SocialOutcome) => {
    if (outcome.status === 'done') {
      const back = takeSocialReturn();
      void finishAuth({
        registered: false,
        method: 'social',
        navigation: back
          ? { ...navigation, search: `?redirectUrl=${encodeURIComponent(back)}` }
          : navigation,
        close,
      });
    } else if (outcome.status === 'two-factor') {
      holdTwoFactor({
        via: 'social',
        login: '',
        password: '',
        resendTime: outcome.resendTime,
        method: outcome.method,
      });
      setAuthView('twofa');
    } else {
      setSocialError(
        outcome.code === 'user_banned'
          ? t({
              id: 'auth.social.banned',
              message: 'This account is blocked. Contact support to find out more.',
            })
          : outcome.code === 'access_denied'
            ? t({
                id: 'auth.social.cancelled',
                message: 'The sign-in with your other account was cancelled.',
              })
            : t({
                id: 'auth.social.failed',
                message:
                  'We could not sign you in with that account. Try again or use your e-mail.',
              }),
      );
    }
  };
  return {
    config,
    // `auth.socialProviders` of the site config (read by the platform).
    services: content ? content.siteConfig.auth.socialProviders : [],
    signedIn,
    onSocial,
    onPromoRefused,
    socialError,
    setView: setAuthView,
  };
}

/**
 * The authorization popup (§2): five views in one dialog, a side banner (compact above the form
 * in the restore and twofa views and on a phone), a skeleton while the config loads. The view
 * starts where the opener asked (`show_popup_auth`, `show_popup_reg`, the social-registration
 * step) and follows the switch links and tabs.
 */
export function AuthPopup({ props, close }: DialogContentProps<AuthPopupProps>) {
  const asked = props.view ?? 'authorization';
  const view = useAuthView(asked);
  // A new ask (the URL's flag changed) starts from that view; a closed popup forgets its view.
  useEffect(() => {
    setAuthView(null);
    return () => setAuthView(null);
  }, [asked]);
  const flow = useAuthFlow(() => close());
  const { config, services } = flow;
  const socialEnabled = config?.authTypes.some((type) => type.kind === 'social') ?? false;
  const social = (typeAuth: 'login' | 'register', beforeStart?: () => Promise<boolean>) =>
    socialEnabled ? (
      <SocialButtons
        services={services}
        typeAuth={typeAuth}
        beforeStart={beforeStart}
        onOutcome={flow.onSocial}
      />
    ) : null;
  const compact = view === 'restore' || view === 'twofa' || view === 'socialRegistration';

  let body: React.ReactNode;
  if (!config) body = <FormSkeleton />;
  else if (view === 'registration') {
    body = config.socialOnly ? (
      social('register')
    ) : (
      <RegistrationView
        config={config}
        onView={setAuthView}
        loading={<FormSkeleton />}
        onRegistered={async (payload) => {
          const answer = await authApi.send(AUTH_METHODS.register, payload);
          await flow.signedIn(
            true,
            'form',
            config.settings.confirmEmailPopup && payload.email !== undefined,
            signUpPromoOf(answer),
          );
        }}
        renderSocial={(checkTerms) => social('register', checkTerms)}
      />
    );
  } else if (view === 'restore') {
    body = <RestoreView onView={setAuthView} onSignedIn={() => flow.signedIn(false, 'restore')} />;
  } else if (view === 'twofa') {
    body = (
      <TwoFactorView onView={setAuthView} onSignedIn={() => flow.signedIn(false, 'two-factor')} />
    );
  } else if (view === 'socialRegistration') {
    body = (
      <SocialRegistrationView
        config={config}
        onDone={(promo) => flow.signedIn(true, 'social', false, promo)}
      />
    );
  } else {
    body = config.socialOnly ? (
      social('login')
    ) : (
      <SignInView
        eager={config.validationStrategy === 'eager'}
        onView={setAuthView}
        onSignedIn={() => flow.signedIn(false, 'form')}
        onBlocked={() => close()}
        social={social('login')}
      />
    );
  }

  return (
    <Layout $banner={!compact}>
      <AuthBanner compact={compact} />
      <Body data-view={view}>
        {flow.socialError ? <Notice role="alert">{flow.socialError}</Notice> : null}
        {body}
      </Body>
    </Layout>
  );
}

/** The dialog's title follows the view (the shell draws it; it names the dialog). */
export function AuthTitle({ props }: { props: AuthPopupProps }) {
  const view = useAuthView(props.view);
  switch (view) {
    case 'registration':
      return <Trans id="auth.title.registration">Create your account</Trans>;
    case 'restore':
      return <Trans id="auth.title.restore">Reset your password</Trans>;
    case 'twofa':
      return <Trans id="auth.title.twofa">Two-step verification</Trans>;
    case 'socialRegistration':
      return <Trans id="auth.title.socialRegistration">Complete your registration</Trans>;
    default:
      return <Trans id="auth.title.authorization">Sign in to Northstar</Trans>;
  }
}
