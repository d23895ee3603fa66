import { createContext, useCallback, useContext, type MouseEvent } from 'react';
import type { Locale } from '@northstar/i18n/locales';

/**
 * What the shell gives remotes for navigation. Remotes never import the router: they navigate
 * through this, so the router stays in the shell only (and its size with it).
 */
export interface ShellNavigation {
  locale: Locale;
  pathname: string;
  search: string;
  hash: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const ShellNavigationContext = createContext<ShellNavigation | null>(null);

export function useShellNavigation(): ShellNavigation {
  const value = useContext(ShellNavigationContext);
  if (!value) throw new Error('useShellNavigation must be used inside the shell');
  return value;
}

/**
 * Props for an `<a>` that navigates client-side: a real href (so open-in-new-tab and crawlers
 * work), and a click handler that lets modified clicks through.
 */
export function useLinkProps(href: string): {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
} {
  const { navigate } = useShellNavigation();
  const onClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        event.currentTarget.target === '_blank'
      ) {
        return;
      }
      event.preventDefault();
      navigate(href);
    },
    [href, navigate],
  );
  return { href, onClick };
}
