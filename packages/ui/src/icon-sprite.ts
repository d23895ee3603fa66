import { ICON_PATHS } from './icon-paths.ts';

/**
 * The icons' sprite (issue #28, §2 `/_icons`): a `<symbol>` per icon, its id the icon's name, for
 * `<use href="/_icons/sprite.svg?v=…#home">`. The platform serves it; `Icon` (icons.tsx) draws
 * from it with the stroke it sets on its own `<svg>`, which the symbol's path inherits.
 */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS)
    .map(([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}
