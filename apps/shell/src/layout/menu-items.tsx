import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Icon, isIconName, type IconName } from '@northstar/ui';
import { isExternalUrl, useCmsLinks, type CmsLink, type CmsMenuKey } from '@northstar/shell-sdk';
import type { RouteId } from '@northstar/shell-sdk';
import { NavLink } from './nav-link.tsx';

/**
 * The shell's built-in menus: what a menu shows until the content backend's menu (§3 common
 * content) answers, or when it cannot.
 */
export interface MenuItem {
  route: RouteId;
  icon: IconName;
  label: ReactNode;
}

export const HOME_ITEM: MenuItem = {
  route: 'home',
  icon: 'home',
  label: <Trans id="bottomMenu.home">Home</Trans>,
};

export const MAIN_MENU: MenuItem[] = [
  { route: 'gamehall', icon: 'casino', label: <Trans id="menu.casino">Casino</Trans> },
  { route: 'betting', icon: 'sports', label: <Trans id="menu.betting">Sports</Trans> },
  { route: 'promotions', icon: 'gift', label: <Trans id="menu.promotions">Promotions</Trans> },
  {
    route: 'tournaments',
    icon: 'trophy',
    label: <Trans id="menu.tournaments">Tournaments</Trans>,
  },
  { route: 'jackpots', icon: 'coins', label: <Trans id="menu.jackpots">Jackpots</Trans> },
  { route: 'loyalty', icon: 'star', label: <Trans id="menu.loyalty">VIP Club</Trans> },
];

/** Icon names of the content backend that differ from ours. */
const ICON_ALIASES: Record<string, IconName> = { jackpot: 'coins' };

/**
 * A content-backend icon: an icon URL whose file name is one of ours (`/icons/casino.svg`) is
 * drawn inline in the current colour; any other URL is a decorative image. An operator's svg is
 * never inlined: it would run on the site's origin.
 */
function CmsIcon({ url, size }: { url: string; size: number }) {
  const name = /([\w-]+)\.svg$/.exec(url)?.[1] ?? '';
  const known = ICON_ALIASES[name] ?? name;
  if (isIconName(known)) return <Icon name={known} size={size} />;
  return <img src={url} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}

/** One content-backend link: a site path in the current locale, or an external URL. */
function CmsLinkContent({ link, icons }: { link: CmsLink; icons?: number }) {
  const content = (
    <>
      {icons && link.icon ? <CmsIcon url={link.icon} size={icons} /> : null}
      <span>{link.label}</span>
    </>
  );
  return isExternalUrl(link.url) ? (
    <a href={link.url} rel="noopener noreferrer" target="_blank">
      {content}
    </a>
  ) : (
    <NavLink path={link.url}>{content}</NavLink>
  );
}

function BuiltInItems({ items, icons }: { items: readonly MenuItem[]; icons?: number }) {
  return items.map((item) => (
    <li key={item.route}>
      <NavLink route={item.route}>
        {icons ? <Icon name={item.icon} size={icons} /> : null}
        <span>{item.label}</span>
      </NavLink>
    </li>
  ));
}

/**
 * A menu's `<li>` items: the content backend's menu `cmsKey` once it answers, the built-in
 * `fallback` items until then (or when it cannot answer); `leading` items always come first.
 * `icons` is the icon size, if any; `limit` caps the count.
 */
export function MenuItems({
  cmsKey,
  fallback,
  leading = [],
  icons,
  limit,
}: {
  cmsKey: CmsMenuKey;
  fallback: readonly MenuItem[];
  leading?: readonly MenuItem[];
  icons?: number;
  limit?: number;
}) {
  const links = useCmsLinks(cmsKey);
  return (
    <>
      <BuiltInItems items={leading} icons={icons} />
      {links ? (
        links.slice(0, limit).map((link) => (
          <li key={`${link.url}|${link.label}`}>
            <CmsLinkContent link={link} icons={icons} />
          </li>
        ))
      ) : (
        <BuiltInItems items={fallback.slice(0, limit)} icons={icons} />
      )}
    </>
  );
}

/** Built-in player menu, until the operator's userMenuLinks answer. */
export const USER_MENU: MenuItem[] = [
  { route: 'cashierDeposit', icon: 'wallet', label: <Trans id="userMenu.deposit">Deposit</Trans> },
  { route: 'profileSettings', icon: 'user', label: <Trans id="userMenu.profile">Profile</Trans> },
  { route: 'profileBonuses', icon: 'gift', label: <Trans id="userMenu.bonuses">Bonuses</Trans> },
];
