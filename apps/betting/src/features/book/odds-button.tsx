import { useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '@northstar/ui';
import { thousandthsOf } from '../shared/book-model.ts';

/**
 * One price (issue #29): a toggle that puts the outcome in the slip or takes it out. It says
 * which way the price last moved for a few seconds (an arrow and a colour, and in words for a
 * screen reader), and locks while the outcome is suspended.
 */

const Price = styled.button<{ $move: 'up' | 'down' | null; $wide: boolean }>`
  position: relative;
  display: flex;
  flex-direction: ${({ $wide }) => ($wide ? 'row' : 'column')};
  align-items: center;
  justify-content: ${({ $wide }) => ($wide ? 'space-between' : 'center')};
  gap: ${({ $wide }) => ($wide ? '8px' : '2px')};
  min-width: 0;
  min-height: 48px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  transition:
    background 120ms ease,
    border-color 120ms ease;
  &:hover:not([aria-disabled='true']):not([aria-pressed='true']) {
    background: ${({ theme }) => theme.colors.surfaceHover};
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.gradients.gold};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  ${({ $move, theme }) =>
    $move &&
    css`
      border-color: ${$move === 'up' ? theme.colors.success : theme.colors.danger};
    `}
`;

const Name = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  [aria-pressed='true'] > & {
    color: inherit;
  }
`;

const Odds = styled.span<{ $move: 'up' | 'down' | null }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  font-weight: 800;
  font-size: 15px;
  font-variant-numeric: tabular-nums;
  color: ${({ $move, theme }) =>
    $move === 'up' ? theme.colors.success : $move === 'down' ? theme.colors.danger : 'inherit'};
  [aria-pressed='true'] > & {
    color: inherit;
  }
`;

const Arrow = styled.span`
  font-size: 11px;
`;

/** Which way a price moved, shown for this long. */
const MOVE_SHOWN_MS = 4_000;

function useMove(odds: string | null): 'up' | 'down' | null {
  const previous = useRef(odds);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = odds;
    if (before === null || odds === null || before === odds) return undefined;
    const next = thousandthsOf(odds) > thousandthsOf(before) ? 'up' : 'down';
    const show = setTimeout(() => setMove(next), 0);
    const hide = setTimeout(() => setMove(null), MOVE_SHOWN_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [odds]);
  return move;
}

export interface OddsButtonProps {
  /** The outcome's name in full (said after what the button shows, with the event). */
  name: string;
  /** What the button shows above the odds (1, X, 2 in lists; the name on an event's page). */
  label: string;
  /** The event, said after the price ("X 3.40, Arsenal – Chelsea: Draw"). */
  context: string;
  odds: string | null;
  open: boolean;
  selected: boolean;
  wide?: boolean;
  outcomeId: number;
  onToggle(): void;
}

export function OddsButton({
  name,
  label,
  context,
  odds,
  open,
  selected,
  wide = false,
  outcomeId,
  onToggle,
}: OddsButtonProps) {
  const { t } = useLingui();
  const move = useMove(odds);
  const price = odds ?? '–';
  const moved =
    move === 'up'
      ? t({ id: 'betting.odds.up', message: 'odds up' })
      : move === 'down'
        ? t({ id: 'betting.odds.down', message: 'odds down' })
        : '';
  const state = open ? moved : t({ id: 'betting.odds.suspended', message: 'suspended' });
  // The name is the button's own text (what it shows, then what a sighted player reads around it),
  // so it always begins with the visible words.
  const around = [wide ? context : `${context}: ${name}`, state].filter(Boolean).join(', ');
  return (
    <Price
      type="button"
      aria-pressed={selected}
      aria-disabled={!open && !selected ? true : undefined}
      data-outcome={outcomeId}
      data-odds={odds ?? ''}
      $move={move}
      $wide={wide}
      onClick={() => {
        // A suspended price cannot be added; one in the slip can still be taken out.
        if (!open && !selected) return;
        onToggle();
      }}
    >
      <Name>{label}</Name>{' '}
      <Odds $move={move}>
        {open ? (
          <>
            {price}
            {move ? <Arrow aria-hidden="true">{move === 'up' ? '▲' : '▼'}</Arrow> : null}
          </>
        ) : (
          <Icon name="lock" size={14} />
        )}
      </Odds>
      <span className="visually-hidden">, {around}</span>
    </Price>
  );
}
