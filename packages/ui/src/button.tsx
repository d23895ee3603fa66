import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $block: boolean;
}

const heights: Record<ButtonSize, number> = { sm: 36, md: 44, lg: 52 };

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ $size }) => heights[$size]}px;
  padding: 0 ${({ $size }) => ($size === 'sm' ? 12 : 22)}px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid transparent;
  font-weight: 700;
  font-size: ${({ $size }) => ($size === 'sm' ? 14 : 15)}px;
  letter-spacing: 0.01em;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background 120ms ease,
    border-color 120ms ease,
    transform 80ms ease;
  &:active {
    transform: translateY(1px);
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: linear-gradient(
            180deg,
            ${theme.colors.primaryHover},
            ${theme.colors.primary}
          );
          color: ${theme.colors.onPrimary};
          box-shadow: 0 6px 18px rgba(245, 184, 65, 0.25);
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
          }
        `;
      case 'secondary':
        return css`
          background: ${theme.colors.surfaceRaised};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) {
            border-color: ${theme.colors.textMuted};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled) {
            background: ${theme.colors.surfaceRaised};
          }
        `;
    }
  }}
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;
const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export type ButtonProps = CommonProps & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block = false, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton ref={ref} type={type} $variant={variant} $size={size} $block={block} {...rest} />
  );
});

export type ButtonLinkProps = CommonProps & AnchorHTMLAttributes<HTMLAnchorElement>;

/** A link that looks like a button (navigation is a link, an action is a button). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = 'primary', size = 'md', block = false, ...rest },
  ref,
) {
  return <StyledAnchor ref={ref} $variant={variant} $size={size} $block={block} {...rest} />;
});
