import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiQueryKey } from '@northstar/shell-sdk';
import {
  analyticsQueue,
  consentCookie,
  consentFromCookies,
  type ConsentChoice,
} from '@northstar/shell-sdk/analytics';
import { Button, media } from '@northstar/ui';
import { SHELL_METHODS, shellApi } from '../session/shell-api.ts';
import { AnalyticsDispatcher } from './dispatcher.ts';
import { scheduleSecurityHit, sendVisitHit } from './hits.ts';
import { sinksFrom } from './sinks.ts';
import { COOKIE_SETTINGS_HASH } from './settings-event.ts';

/** One dispatcher per page: the layouts that mount this replace each other. */
let dispatcher: AnalyticsDispatcher | null = null;
let securityHitScheduled = false;
/** The landing address, as the page first opened (an affiliate's `td_…`, the referrer). */
let landing: { search: string; referrer: string } | null = null;

/** Whether the address asks for the cookie settings; answering takes the fragment off it. */
function takeCookieSettingsRequest(): boolean {
  if (location.hash !== COOKIE_SETTINGS_HASH) return false;
  history.replaceState(history.state, '', location.pathname + location.search);
  return true;
}

const generalInfoQuery = {
  queryKey: apiQueryKey(SHELL_METHODS.getgeneralinfo.module, SHELL_METHODS.getgeneralinfo.method),
  queryFn: () => shellApi.send(SHELL_METHODS.getgeneralinfo),
  staleTime: Infinity,
};

/**
 * The site's analytics on the page (issue #28), loaded once the page has settled (layouts.tsx):
 * the cookie banner for a visitor who has not answered, the dispatcher that hands the queued
 * events to general info's sinks once they accept (dispatcher.ts, sinks.ts), the visit's tracking
 * image after consent and the security hit when `is_seon_enabled` (hits.ts).
 *
 * `banner={false}` on the game page: the game keeps the room; the events wait there until the
 * visitor answers on another page.
 */
export function Analytics({ banner = true }: { banner?: boolean }) {
  const info = useQuery(generalInfoQuery).data;
  // This part is never drawn on the server (layouts.tsx mounts it after the page's load), so the
  // cookie is read as its state begins.
  const [consent, setConsent] = useState<ConsentChoice | null>(() =>
    consentFromCookies(document.cookie),
  );
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    landing ??= { search: location.search, referrer: document.referrer };
  }, []);

  useEffect(() => {
    if (!info || dispatcher) return;
    const queue = analyticsQueue();
    if (!queue) return;
    dispatcher = new AnalyticsDispatcher({
      queue,
      sinks: sinksFrom(info.analytic, {
        api: shellApi,
        page: window as unknown as Record<string, unknown>,
      }),
      consent: consentFromCookies(document.cookie),
      onSinkError: (sink, error) =>
        console.warn(`[analytics] ${sink} did not take an event`, error),
    });
    dispatcher.start();
  }, [info]);

  useEffect(() => {
    if (!info?.is_seon_enabled || securityHitScheduled) return;
    securityHitScheduled = true;
    return scheduleSecurityHit(
      window as { seon?: { getSession?: () => unknown } },
      landing?.search ?? location.search,
    );
  }, [info?.is_seon_enabled]);

  useEffect(() => {
    if (consent === 'all' && landing) sendVisitHit(landing);
  }, [consent]);

  useEffect(() => {
    const open = () => {
      if (takeCookieSettingsRequest()) setSettingsOpen(true);
    };
    // Followed before this part came: open now.
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);

  const choose = (choice: ConsentChoice) => {
    document.cookie = consentCookie(choice, location.protocol === 'https:');
    dispatcher?.setConsent(choice);
    setConsent(choice);
    setSettingsOpen(false);
  };

  const show = settingsOpen || (banner && consent === null);
  return show ? <ConsentBanner current={consent} onChoose={choose} /> : null;
}

const Bar = styled.section`
  position: fixed;
  left: 12px;
  right: 12px;
  /* Phones: above the bottom menu. */
  bottom: calc(${({ theme }) => theme.bottomMenuHeight + 12}px + env(safe-area-inset-bottom));
  z-index: ${({ theme }) => theme.zIndex.dialog - 10};
  max-width: 760px;
  margin: 0 auto;
  padding: 16px;
  display: grid;
  gap: 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.modal};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  line-height: 1.45;
  animation: consent-in 220ms ease-out;
  @keyframes consent-in {
    from {
      opacity: 0;
      transform: translateY(12px);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  ${media.from('tablet')} {
    bottom: 16px;
    grid-template-columns: 1fr auto;
    align-items: center;
    padding: 18px 20px;
  }
  h2 {
    margin: 0 0 4px;
    font-size: 15px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  > * {
    flex: 1 1 auto;
  }
`;

/**
 * The cookie banner: a non-modal region at the bottom (the page stays usable; dialogs draw over
 * it), two equal choices (refusing is as easy as accepting), the page's padding grown by its
 * height so nothing of the page stays under it.
 */
function ConsentBanner({
  current,
  onChoose,
}: {
  current: ConsentChoice | null;
  onChoose: (choice: ConsentChoice) => void;
}) {
  const { t } = useLingui();
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const fit = () => (body.style.paddingBottom = `${element.offsetHeight + 24}px`);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, []);
  return (
    <Bar
      ref={bar}
      aria-labelledby="consent-title"
      data-testid="cookie-consent"
      data-current={current ?? ''}
    >
      <div>
        <h2 id="consent-title">
          <Trans id="consent.title">Cookies on this site</Trans>
        </h2>
        <p>
          <Trans id="consent.text">
            Necessary cookies keep you signed in, remember your language and protect your account.
            With your consent we also count visits, sign-ups, deposits and games opened, to improve
            the site. You can change your choice at any time under Cookie settings at the bottom of
            the page.
          </Trans>
        </p>
      </div>
      <Choices>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={current === 'necessary' ? true : undefined}
          onClick={() => onChoose('necessary')}
        >
          {t({ id: 'consent.necessary', message: 'Necessary only' })}
        </Button>
        <Button
          size="sm"
          aria-pressed={current === 'all' ? true : undefined}
          onClick={() => onChoose('all')}
        >
          {t({ id: 'consent.all', message: 'Accept all' })}
        </Button>
      </Choices>
    </Bar>
  );
}
