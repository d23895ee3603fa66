import type { ReactNode } from 'react';
import { routePath, useLinkProps, useShellNavigation, type RouteId } from '@northstar/shell-sdk';
import { splitLocalePath } from '@northstar/i18n';

/** A link to a route in the current locale, marked as the current page when it is. */
export function NavLink({
  route,
  children,
  className,
}: {
  route: RouteId;
  children: ReactNode;
  className?: string;
}) {
  const { locale, pathname } = useShellNavigation();
  const href = routePath(route as 'home', {}, locale);
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
