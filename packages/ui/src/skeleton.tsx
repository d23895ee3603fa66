import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { background-position: -200px 0; }
  to { background-position: calc(200px + 100%) 0; }
`;

/** A loading placeholder. Hidden from assistive tech; pair it with an `aria-busy` region. */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $radius?: string;
}>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '16px'};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radii.sm};
  background: ${({ theme }) =>
    `linear-gradient(90deg, ${theme.colors.surface} 0, ${theme.colors.surfaceRaised} 40%, ${theme.colors.surface} 80%)`};
  background-size: 200px 100%;
  background-repeat: no-repeat;
  background-color: ${({ theme }) => theme.colors.surface};
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
