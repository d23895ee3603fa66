import { useEffect, useRef } from 'react';
import { refreshSession, useShellNavigation, useSiteContent } from '@northstar/shell-sdk';

/**
 * The parent side of the embedded forms (§2): a page of this site that frames `/forms/sign_in` or
 * `/forms/sign_up` hears them ask to refresh the user after a sign-in, or to go to the main site's
 * registration popup. Messages count only from this site's own origin and the site config's
 * `embedOrigins`; anything else is ignored. A redirect goes through the shell's navigation, which
 * refuses a target off the site.
 */
export function useEmbedMessages(): void {
  const navigation = useShellNavigation();
  const origins = (useSiteContent()?.siteConfig as { embedOrigins?: unknown } | undefined)
    ?.embedOrigins;
  const latest = useRef({ navigation, origins });
  useEffect(() => {
    latest.current = { navigation, origins };
  });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; action?: unknown; url?: unknown } | null;
      if (!data || data.type !== 'northstar:embed') return;
      const allowed = Array.isArray(latest.current.origins) ? latest.current.origins : [];
      const known =
        event.origin === window.location.origin ||
        allowed.some(
          (origin) => typeof origin === 'string' && origin.replace(/\/$/, '') === event.origin,
        );
      if (!known) return;
      if (data.action === 'refresh-user') void refreshSession();
      else if (data.action === 'redirect' && typeof data.url === 'string') {
        latest.current.navigation.navigate(data.url);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
