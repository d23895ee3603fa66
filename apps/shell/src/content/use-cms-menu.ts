import { useQuery } from '@tanstack/react-query';
import { useShellNavigation } from '@northstar/shell-sdk';

/** A link of the content backend's menus (§3 common content: menuLinks, footerLinks, …). */
export interface CmsLink {
  label: string;
  /** A site path without the locale prefix (`/promotions`), or an external URL. */
  url: string;
  order?: number;
}

type MenuKey = 'menuLinks' | 'footerLinks' | 'mobileBottomMenu' | 'profileLinks' | 'userMenuLinks';

interface CmsConfig {
  commonContent: Partial<Record<MenuKey, CmsLink[]>>;
}

/**
 * The menus an operator edits in the content backend, from `/nfx/cms-config/{locale}`. Loading
 * fails softly (§8): until it answers, or when it cannot, the caller keeps its built-in menu.
 */
export function useCmsMenu(key: MenuKey): CmsLink[] | null {
  const { locale } = useShellNavigation();
  const { data } = useQuery({
    queryKey: ['cms-config', locale],
    queryFn: async ({ signal }): Promise<CmsConfig | null> => {
      const response = await fetch(`/nfx/cms-config/${encodeURIComponent(locale)}`, { signal });
      return response.ok ? ((await response.json()) as CmsConfig) : null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  const links = data?.commonContent[key];
  if (!Array.isArray(links) || links.length === 0) return null;
  return [...links]
    .filter((link) => typeof link.label === 'string' && typeof link.url === 'string')
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
