import type { SVGProps } from 'react';
import type { IconName } from './icon-paths.ts';
import { ICON_SPRITE_VERSION } from './icon-sprite-version.ts';

export type { IconName };

/**
 * Every icon's name, in the order of icon-paths.ts (a test keeps the two equal; the shell's
 * `/_icons` page lists them all).
 */
export const ICON_NAMES = [
  'home',
  'casino',
  'sports',
  'gift',
  'wallet',
  'trophy',
  'coins',
  'star',
  'menu',
  'shield',
  'bolt',
  'lock',
  'support',
  'globe',
  'user',
  'ticket',
  'heart',
  'telegram',
  'instagram',
  'x',
  'back',
] as const satisfies readonly IconName[];

/** Whether a name (an icon URL's file name, say) is one of these icons. */
export function isIconName(name: string): name is IconName {
  return (ICON_NAMES as readonly string[]).includes(name);
}

/**
 * The icons' sprite (issue #28, §2 `/_icons`): one file for every icon of the site, asked once and
 * kept for a year (its version is in the URL). Same origin, as `<use>` requires.
 */
export const ICON_SPRITE_URL = `/_icons/sprite.svg?v=${ICON_SPRITE_VERSION}`;

/** Line icons (24×24, currentColor). Decorative by default: pair them with visible text. */
export function Icon({
  name,
  size = 24,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
