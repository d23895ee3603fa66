/**
 * The design system's line icons (24×24, stroked with currentColor): each icon's path. The site
 * draws them from one sprite, `/_icons/sprite.svg` (icon-sprite.ts, served by the platform), so
 * these strings stay out of the pages' JS; only the sprite itself and the `/_icons` page read
 * them. After a change here run `node tools/generate-icon-sprite.ts` (the sprite's version).
 */
export const ICON_PATHS = {
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  casino: 'M4 5h16v14H4zM9 9l6 3-6 3z',
  sports: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18',
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7a3 3 0 10-3-3c0 2 3 3 3 3zm0 0a3 3 0 113-3c0 2-3 3-3 3',
  wallet: 'M3 7h18v12H3zM3 11h18M16 15h2',
  trophy: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM7 6H4a3 3 0 003 4M17 6h3a3 3 0 01-3 4',
  coins:
    'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  star: 'M12 2l2.4 7.6L22 12l-7.6 2.4L12 22l-2.4-7.6L2 12l7.6-2.4z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4M12 15v2',
  support:
    'M4 13v-1a8 8 0 0116 0v1M4 13h3v6H5a1 1 0 01-1-1zM20 13h-3v6h2a1 1 0 001-1zM17 19c0 1.5-2 2-4 2',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c1-4 4-6 8-6s7 2 8 6',
  ticket: 'M3 7h18v3a2 2 0 000 4v3H3v-3a2 2 0 000-4zM14 7v10',
  heart: 'M12 20s-8-5-8-11a4 4 0 018-1 4 4 0 018 1c0 6-8 11-8 11z',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l8-6',
  instagram: 'M4 4h16v16H4zM12 8a4 4 0 100 8 4 4 0 000-8zM17 7h.01',
  x: 'M4 4l16 16M20 4L4 20',
  back: 'M15 5l-7 7 7 7',
} as const;

export type IconName = keyof typeof ICON_PATHS;
