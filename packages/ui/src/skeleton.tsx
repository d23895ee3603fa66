import styled, { keyframes } from 'styled-components';

/** The light sweeping across: moved, not repainted (a transform runs on the compositor). */
const shimmer = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`;

/**
 * A loading placeholder. Hidden from assistive tech; pair it with an `aria-busy` region.
 *
 * Its sweep is a gradient layer moved by `transform` (issue #28): animating the background's
 * position instead made the browser recalculate style and repaint every placeholder on every
 * frame, on the main thread — on the game hall, with a row of tile placeholders per category
 * below the fold, that was seconds of main-thread work while the page loaded (Lighthouse's
 * "Rendering" and "Style & Layout"), counted in its blocking time.
 */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $radius?: string;
}>`
  position: relative;
  display: block;
  overflow: hidden;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '16px'};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radii.sm};
  background-color: ${({ theme }) => theme.colors.surface};
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: ${({ theme }) =>
      `linear-gradient(90deg, transparent 0, ${theme.colors.surfaceRaised} 50%, transparent 100%)`};
    transform: translateX(-100%);
    animation: ${shimmer} 1.4s ease-in-out infinite;
    will-change: transform;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after {
      animation: none;
      display: none;
    }
  }
`;
