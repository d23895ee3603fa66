import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { hasMessage } from '@northstar/i18n';
import { useLinkProps, useSiteContent } from '@northstar/shell-sdk';
import type { DefaultImageKey } from '@northstar/contract';
import type { SystemPageAction } from '@northstar/ui/system-page';

/** The icon of a system page from the site config's default images (§2), if the operator set one. */
export function useDefaultImage(key: DefaultImageKey): string | undefined {
  return useSiteContent()?.siteConfig.defaultImages?.[key];
}

/**
 * A system page's button (§2): drawn only while the active catalog has a text for `id` (an
 * operator removes it by blanking the translation in the content backend). Re-checked when the
 * catalogs or overrides change, since `useLingui` re-renders on every load.
 */
export function useOptionalAction(
  id: string,
  href: string,
  label: ReactNode,
  options: { clientSide?: boolean } = {},
): SystemPageAction | null {
  const { i18n } = useLingui();
  const link = useLinkProps(href);
  if (!hasMessage(id, i18n.locale)) return null;
  // A full page load when asked (maintenance's "try again" asks the server again).
  return options.clientSide === false ? { href, label } : { ...link, label };
}
