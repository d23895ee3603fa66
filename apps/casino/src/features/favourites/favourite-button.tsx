import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '@northstar/ui';

const Toggle = styled.button<{ $on: boolean }>`
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 1px solid rgba(255, 255, 255, 0.18);
  background: rgba(10, 14, 26, 0.72);
  color: ${({ $on, theme }) => ($on ? theme.colors.primary : theme.colors.text)};
  cursor: pointer;
  transition:
    transform 0.12s ease,
    background 0.12s ease;
  svg {
    fill: ${({ $on }) => ($on ? 'currentColor' : 'none')};
  }
  &:hover {
    background: rgba(10, 14, 26, 0.9);
    transform: scale(1.06);
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;

export interface FavouriteButtonProps {
  gameName: string;
  on: boolean;
  /** The games config's `favouriteIcon`. */
  icon: 'heart' | 'star';
  onToggle: () => void;
}

/** The tile's favourite toggle: a pressed button, named after its game. */
export function FavouriteButton({ gameName, on, icon, onToggle }: FavouriteButtonProps) {
  const { t } = useLingui();
  return (
    <Toggle
      type="button"
      $on={on}
      aria-pressed={on}
      aria-label={t({ id: 'casino.favourites.toggle', message: `Favourite: ${gameName}` })}
      onClick={onToggle}
      data-favourite={on ? 'on' : 'off'}
    >
      <Icon name={icon} size={18} />
    </Toggle>
  );
}
