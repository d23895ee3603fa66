import { createGlobalStyle } from 'styled-components';
import { media } from './theme.ts';

/**
 * Page-wide rules. `--ns-header-height` follows the shell header's height at each breakpoint, so
 * anything pinned under the header (toasts, §2 "toast offset follows header height") reads it
 * instead of repeating the numbers; `--ns-bottom-menu-height` is the phone's bottom menu.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  :root {
    color-scheme: dark;
    --ns-header-height: ${({ theme }) => theme.headerHeight.mobile}px;
    --ns-bottom-menu-height: ${({ theme }) => theme.bottomMenuHeight}px;
    ${media.from('tablet')} {
      --ns-bottom-menu-height: 0px;
    }
    ${media.from('laptop')} {
      --ns-header-height: ${({ theme }) => theme.headerHeight.desktop}px;
    }
  }
  /* §1 the web-view app's host draws its own tab bar: ours is hidden and no room kept for it. */
  html[data-platform='webview'] { --ns-bottom-menu-height: 0px; }
  html[data-platform='webview'] [data-host-provides] { display: none; }
  html { -webkit-text-size-adjust: 100%; scrollbar-color: ${({ theme }) => `${theme.colors.borderStrong} ${theme.colors.background}`}; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }
  a { color: inherit; }
  h1, h2, h3 {
    font-family: ${({ theme }) => theme.fonts.display};
    font-weight: 800;
    line-height: 1.15;
    letter-spacing: -0.01em;
    margin: 0;
  }
  ::selection { background: rgba(245, 184, 65, 0.35); }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  button, input, select, textarea { font: inherit; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 1ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 1ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
