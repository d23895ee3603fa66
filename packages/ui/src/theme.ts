/**
 * Design tokens. A dark casino theme: deep navy surfaces, a warm gold accent for the primary
 * action, a violet for highlights and a green for money going in. Breakpoints are those of §9.
 */
export const breakpoints = {
  mobile: 0, // up to 767
  tablet: 768, // 768–991
  laptop: 992, // 992–1279
  largeLaptop: 1280, // 1280–1365
  smallDesktop: 1366, // 1366–1439
  desktop: 1440, // 1440–1695
  mediumDesktop: 1696, // 1696–1919
  largeDesktop: 1920, // 1920 and up
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** `${media.from('tablet')} { … }` */
export const media = {
  from: (bp: Breakpoint) => `@media (min-width: ${breakpoints[bp]}px)`,
  below: (bp: Breakpoint) => `@media (max-width: ${breakpoints[bp] - 1}px)`,
};

/** §9 banner sizes (CSS px): phones 360×240 (148 high when compact), tablets 360×520. */
export const bannerSizes = {
  mobile: { width: 360, height: 240, compactHeight: 148 },
  tablet: { width: 360, height: 520 },
} as const;

export const theme = {
  colors: {
    background: '#0a0e1a',
    surface: '#121a2e',
    surfaceRaised: '#1a2440',
    surfaceHover: '#222e50',
    border: '#2a3658',
    borderStrong: '#3a4a75',
    text: '#f2f4fa',
    textMuted: '#a9b3cf',
    primary: '#f5b841',
    primaryHover: '#ffcb5c',
    primaryDeep: '#d9901a',
    onPrimary: '#1a1204',
    accent: '#8b6cff',
    success: '#2fd27a',
    warning: '#ffb020',
    danger: '#ff6b7a',
    info: '#5aa9ff',
    focus: '#8fb8ff',
    overlay: 'rgba(4, 7, 15, 0.76)',
  },
  gradients: {
    gold: 'linear-gradient(180deg, #ffd36e 0%, #f5b841 55%, #e59a12 100%)',
    hero: 'radial-gradient(90% 120% at 85% 10%, rgba(139, 108, 255, 0.5), transparent 60%), radial-gradient(70% 90% at 10% 100%, rgba(245, 184, 65, 0.32), transparent 60%), linear-gradient(135deg, #1b2546, #0e1428)',
  },
  fonts: {
    // Each web font, then its metric-matched local fallback (fonts.css), then system fonts.
    body: "'Inter Variable', 'Inter Fallback', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif",
    display:
      "'Montserrat Variable', 'Montserrat Fallback', 'Inter Variable', 'Segoe UI', Roboto, Arial, system-ui, sans-serif",
  },
  radii: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  shadows: {
    raised: '0 8px 24px rgba(0, 0, 0, 0.35)',
    modal: '0 24px 64px rgba(0, 0, 0, 0.55)',
    gold: '0 6px 18px rgba(245, 184, 65, 0.25)',
  },
  space: (n: number) => `${n * 4}px`,
  /** Stacking order: page chrome, then dialogs, then toasts above everything. */
  zIndex: { header: 100, bottomMenu: 100, dialog: 1000, toast: 1100 },
  headerHeight: { mobile: 56, desktop: 72 },
  bottomMenuHeight: 64,
  /** §9: a toast stays 5000 ms unless told otherwise. */
  toastDuration: 5000,
  /** §9: select list items are at least 36 px high. */
  selectItemMinSize: 36,
  breakpoints,
  bannerSizes,
} as const;

export type Theme = typeof theme;
