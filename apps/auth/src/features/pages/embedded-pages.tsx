import { useEffect, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { localizePath } from '@northstar/i18n/locales';
import {
  refreshSession,
  routePath,
  sameOriginPath,
  useShellNavigation,
  useSiteContent,
} from '@northstar/shell-sdk';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { useAuthFlow } from '../popup/auth-popup.tsx';
import { FormSkeleton } from '../shared/form-skeleton.tsx';
import { announceSignUpPromo, signUpPromoOf, type SignUpPromo } from '../shared/finish.ts';
import { RegistrationView } from '../registration/registration-view.tsx';
import { Notice } from '../shared/parts.tsx';
import { SignInView } from '../sign-in/sign-in-view.tsx';
import { TwoFactorView } from '../sign-in/two-factor-view.tsx';
import { holdTwoFactor } from '../sign-in/two-factor-state.ts';
import { RestoreView } from '../restore/restore-view.tsx';
import {
  SOCIAL_MESSAGE,
  socialOutcome,
  takeSocialReturn,
  type SocialOutcome,
} from '../social/social-login.ts';
import type { AuthView } from '../shared/view-store.ts';
import {
  EMBED_MESSAGE,
  postToParent,
  registrationRedirect,
  type EmbedMessage,
} from './embedded-messaging.ts';

const Page = styled.main`
  box-sizing: border-box;
  width: 100%;
  max-width: 480px;
  margin: 0 auto;
  padding: 24px 16px 40px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0 0 4px;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 26px;
  }
`;

function embedOrigins(siteConfig: unknown): string[] {
  const listed = (siteConfig as { embedOrigins?: unknown } | undefined)?.embedOrigins;
  return Array.isArray(listed) ? listed.filter((o): o is string => typeof o === 'string') : [];
}

const noSubscription = () => () => undefined;

/** Whether this page runs in a frame; null while rendering on the server. */
function useFramed(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.parent !== window,
    () => null,
  );
}

/** Whether a page of this site opened this window (the social provider's popup). */
function useSameOriginOpener(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => {
      const opener = window.opener as Window | null;
      if (!opener || opener === window) return false;
      try {
        return opener.location.origin === window.location.origin;
      } catch {
        return false; // a foreign opener
      }
    },
    () => null,
  );
}

/**
 * The messages an embedded form sends, and what it does when it is not framed (opened on its
 * own, it behaves like the popup: signs in and goes on).
 */
function useEmbedding() {
  const navigation = useShellNavigation();
  const content = useSiteContent();
  const origins = embedOrigins(content?.siteConfig);
  const framed = useFramed();
  const flow = useAuthFlow();
  const post = (message: EmbedMessage) => postToParent(message, origins);

  // §2 "A same-origin iframe page posts its path to the parent".
  const path = `${navigation.pathname}${navigation.search}`;
  useEffect(() => {
    if (!framed) return;
    try {
      if (window.parent.location.origin !== window.location.origin) return;
    } catch {
      return; // a foreign parent: its location cannot be read
    }
    postToParent({ type: EMBED_MESSAGE, action: 'path', path }, origins);
  }, [framed, path, origins]);

  const signedIn = async (registered: boolean, method: string, promo?: SignUpPromo) => {
    if (framed && post({ type: EMBED_MESSAGE, action: 'refresh-user' })) {
      await refreshSession();
      // §4: what the sign-up's code gave is said here too (the server activated it); the parent
      // page stays where it is.
      if (promo)
        announceSignUpPromo(promo, navigation.pathname, navigation.locale, flow.onPromoRefused);
      return;
    }
    await flow.signedIn(registered, method, false, promo);
  };
  /** To the main site's registration popup, coming back to where the player was. */
  const toRegistration = () => {
    const back = sameOriginPath(safeReferrerPath()) ?? null;
    const url = registrationRedirect(localizePath('/', navigation.locale), back);
    if (!(framed && post({ type: EMBED_MESSAGE, action: 'redirect', url })))
      navigation.navigate(url);
  };
  return { framed, flow, signedIn, toRegistration };
}

function safeReferrerPath(): string | null {
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin
      ? `${referrer.pathname}${referrer.search}`
      : null;
  } catch {
    return null;
  }
}

/**
 * The provider's window came back here (`?social=done…`): it tells the page that opened it and
 * closes; without an opener it finishes here (§4 social login).
 */
function SocialReturn({ outcome }: { outcome: SocialOutcome }) {
  const navigation = useShellNavigation();
  const toOpener = useSameOriginOpener();
  useEffect(() => {
    if (toOpener === null) return;
    if (toOpener) {
      (window.opener as Window).postMessage(
        { type: SOCIAL_MESSAGE, outcome },
        window.location.origin,
      );
      window.close();
      return;
    }
    if (outcome.status === 'done') {
      const back = takeSocialReturn();
      void refreshSession().then(() =>
        navigation.navigate(sameOriginPath(back) ?? localizePath('/', navigation.locale)),
      );
    }
    // Once, for the outcome the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toOpener]);
  if (toOpener !== false || outcome.status === 'done') return <FormSkeleton />;
  if (outcome.status === 'two-factor') {
    holdTwoFactor({
      via: 'social',
      login: '',
      password: '',
      resendTime: outcome.resendTime,
      method: outcome.method,
    });
    return (
      <TwoFactorView
        onView={() => navigation.navigate(navigation.pathname)}
        onSignedIn={async () => {
          const back = takeSocialReturn();
          await refreshSession();
          navigation.navigate(sameOriginPath(back) ?? localizePath('/', navigation.locale));
        }}
      />
    );
  }
  return (
    <Notice role="alert">
      <Trans id="auth.social.failed">
        We could not sign you in with that account. Try again or use your e-mail.
      </Trans>
    </Notice>
  );
}

/** §2 `/forms/sign_in`: the sign-in form alone, in the empty layout, for a frame. */
export function SignInFormPage() {
  const { search } = useShellNavigation();
  const outcome = socialOutcome(search);
  const { framed, flow, signedIn, toRegistration } = useEmbedding();
  const [view, setView] = useState<AuthView>('authorization');
  const config = flow.config;
  let body: React.ReactNode;
  if (outcome) body = <SocialReturn outcome={outcome} />;
  else if (!config || framed === null) body = <FormSkeleton />;
  else if (view === 'twofa') {
    body = <TwoFactorView onView={setView} onSignedIn={() => signedIn(false, 'two-factor')} />;
  } else if (view === 'restore') {
    body = <RestoreView onView={setView} onSignedIn={() => signedIn(false, 'restore')} />;
  } else {
    body = (
      <SignInView
        eager={config.validationStrategy === 'eager'}
        onView={(next) => (next === 'registration' ? toRegistration() : setView(next))}
        onSignedIn={() => signedIn(false, 'form')}
      />
    );
  }
  return (
    <Page data-remote="auth" data-embedded={framed ? 'framed' : 'page'}>
      <h1>
        <Trans id="auth.title.authorization">Sign in to Northstar</Trans>
      </h1>
      {body}
    </Page>
  );
}

/**
 * §2 `/forms/sign_up`: the registration form alone, in the empty layout, for a frame. Social
 * sign-up is left to the main site (a provider's window opened from a frame is blocked by many
 * browsers); "Sign in" goes to the embedded sign-in form.
 */
export function SignUpFormPage() {
  const navigation = useShellNavigation();
  const { framed, flow, signedIn } = useEmbedding();
  const config = flow.config;
  return (
    <Page data-remote="auth" data-embedded={framed ? 'framed' : 'page'}>
      <h1>
        <Trans id="auth.title.registration">Create your account</Trans>
      </h1>
      {!config || framed === null ? (
        <FormSkeleton />
      ) : (
        <RegistrationView
          config={config}
          loading={<FormSkeleton />}
          onView={() => navigation.navigate(routePath('signInForm', {}, navigation.locale))}
          onRegistered={async (payload) => {
            // §4: the server activates the promo code entered here, as for the popup.
            const answer = await authApi.send(AUTH_METHODS.register, payload);
            await signedIn(true, 'form', signUpPromoOf(answer));
          }}
        />
      )}
    </Page>
  );
}
