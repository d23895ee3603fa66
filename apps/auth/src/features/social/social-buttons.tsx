import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import {
  isSocialMessage,
  openSocialWindow,
  saveSocialReturn,
  socialInitUrl,
  type SocialOutcome,
} from './social-login.ts';

const Buttons = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

const LABELS: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/** The page the provider's window comes back to (an auth page in the empty layout). */
export function socialReturnPage(locale: Parameters<typeof routePath>[2]): string {
  return `${routePath('signInForm', {}, locale)}?social=done`;
}

/**
 * The social sign-in buttons (§2). `beforeStart` may refuse (the registration form's terms box
 * must be ticked first, §4). The outcome comes back by `postMessage` from the provider's window,
 * accepted from this site's own origin only.
 */
export function SocialButtons({
  services,
  typeAuth,
  beforeStart,
  onOutcome,
}: {
  services: readonly string[];
  typeAuth: 'login' | 'register';
  beforeStart?: () => Promise<boolean>;
  onOutcome: (outcome: SocialOutcome) => void;
}) {
  const { t } = useLingui();
  const { locale, pathname, search } = useShellNavigation();
  const latest = useRef(onOutcome);
  useEffect(() => {
    latest.current = onOutcome;
  });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSocialMessage(event.data)) return;
      latest.current(event.data.outcome);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (services.length === 0) return null;
  const start = async (service: string) => {
    if (beforeStart && !(await beforeStart())) return;
    // Where the player was, without the popup's own flags.
    const query = new URLSearchParams(search);
    for (const key of ['show_popup_auth', 'show_popup_reg', 'prevent_close']) query.delete(key);
    const rest = query.toString();
    saveSocialReturn(`${pathname}${rest ? `?${rest}` : ''}`);
    openSocialWindow(socialInitUrl({ service, typeAuth, returnPage: socialReturnPage(locale) }));
  };
  return (
    <Buttons
      role="group"
      aria-label={t({ id: 'auth.social.group', message: 'Sign in with another account' })}
    >
      {services.map((service) => (
        <Button key={service} variant="secondary" onClick={() => void start(service)}>
          <Trans id="auth.social.with">Continue with {LABELS[service] ?? service}</Trans>
        </Button>
      ))}
    </Buttons>
  );
}
