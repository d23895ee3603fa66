import type { ReactNode } from 'react';
import { routePath, useLinkProps, useShellNavigation, type RouteId } from '@northstar/shell-sdk';
import { localizePath, splitLocalePath } from '@northstar/i18n';

/**
 * A link to a route (or to a site path from the content backend) in the current locale, marked
 * as the current page when it is.
 */
export function NavLink({
  route,
  path,
  children,
  className,
}: {
  route?: RouteId;
  path?: string;
  children: ReactNode;
  className?: string;
}) {
  const { locale, pathname } = useShellNavigation();
  const href = route ? routePath(route as 'home', {}, locale) : localizePath(path ?? '/', locale);
  const link = useLinkProps(href);
  const target = splitLocalePath(href).path;
  const here = splitLocalePath(pathname).path;
  const current = target === '/' ? here === '/' : here === target || here.startsWith(`${target}/`);
  return (
    <a {...link} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
