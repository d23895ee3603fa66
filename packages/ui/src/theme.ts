/**
 * Design tokens. A dark casino theme: deep navy surfaces, a warm gold accent for the primary
 * action, and a green for money going in. Breakpoints are those of §9.
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

export const theme = {
  colors: {
    background: '#0b0f1c',
    surface: '#131a2c',
    surfaceRaised: '#1b2440',
    border: '#2a3557',
    text: '#f2f4fa',
    textMuted: '#a7b0cc',
    primary: '#f5b841',
    primaryHover: '#ffcb5c',
    onPrimary: '#1a1204',
    accent: '#7c5cff',
    success: '#2fd27a',
    danger: '#ff5c6c',
    focus: '#8fb8ff',
    overlay: 'rgba(5, 8, 16, 0.72)',
  },
  fonts: {
    body: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif",
    display: "'Montserrat', 'Inter', 'Segoe UI', Roboto, Arial, system-ui, sans-serif",
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  headerHeight: { mobile: 56, desktop: 72 },
  bottomMenuHeight: 64,
  breakpoints,
} as const;

export type Theme = typeof theme;
