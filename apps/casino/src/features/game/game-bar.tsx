import styled, { css } from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import type { GameMode } from './play-rules.ts';

const Bar = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  grid-template-areas:
    'back title screen'
    'mode mode mode';
  align-items: center;
  gap: 8px 10px;
  ${media.from('tablet')} {
    grid-template-columns: auto minmax(0, 1fr) auto auto;
    grid-template-areas: 'back title mode screen';
    gap: 12px;
  }
`;

const control = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-width: 40px;
  min-height: 40px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    border-color 120ms ease,
    background 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  svg {
    flex: none;
  }
`;

const Back = styled.a`
  ${control}
  grid-area: back;
  /* On a phone the arrow alone; its text stays for assistive tech. */
  span {
    ${media.below('tablet')} {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
  ${media.below('tablet')} {
    padding: 0;
  }
`;

const Title = styled.div`
  grid-area: title;
  min-width: 0;
  h1 {
    margin: 0;
    font-size: 17px;
    line-height: 1.2;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    ${media.from('tablet')} {
      font-size: 22px;
    }
  }
  p {
    margin: 2px 0 0;
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Modes = styled.div`
  grid-area: mode;
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: 3px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  button {
    min-height: 34px;
    padding: 0 16px;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font: inherit;
    font-size: 14px;
    font-weight: 700;
    white-space: nowrap;
    cursor: pointer;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
    }
    &[aria-pressed='true'] {
      background: ${({ theme }) => theme.gradients.gold};
      color: ${({ theme }) => theme.colors.onPrimary};
      box-shadow: ${({ theme }) => theme.shadows.gold};
    }
  }
`;

const ScreenButton = styled.button`
  ${control}
  grid-area: screen;
  ${media.below('tablet')} {
    padding: 0;
  }
  span {
    ${media.below('laptop')} {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

const ArrowLeft = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M15 5l-7 7 7 7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export const ExpandIcon = ({ collapse = false }: { collapse?: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d={
        collapse
          ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5'
          : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'
      }
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export interface GameBarProps {
  name: string;
  provider: string | null;
  mode: GameMode | null;
  onMode: (mode: GameMode) => void;
  fullScreen: { visible: boolean; active: boolean; onToggle: () => void } | null;
}

/** The bar above the game: back to the hall, the game's name, real ↔ fun, full screen. */
export function GameBar({ name, provider, mode, onMode, fullScreen }: GameBarProps) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <Bar>
      <Back {...back}>
        <ArrowLeft />
        <span>
          <Trans id="casino.game.back">All games</Trans>
        </span>
      </Back>
      <Title>
        <h1>{name}</h1>
        {provider ? <p>{provider}</p> : null}
      </Title>
      <Modes role="group" aria-label={t({ id: 'casino.game.mode.label', message: 'How to play' })}>
        <button type="button" aria-pressed={mode === 'real'} onClick={() => onMode('real')}>
          <Trans id="casino.game.mode.real">Real money</Trans>
        </button>
        <button type="button" aria-pressed={mode === 'fun'} onClick={() => onMode('fun')}>
          <Trans id="casino.game.mode.fun">For fun</Trans>
        </button>
      </Modes>
      {fullScreen?.visible ? (
        <ScreenButton type="button" aria-pressed={fullScreen.active} onClick={fullScreen.onToggle}>
          <ExpandIcon />
          <span>
            <Trans id="casino.game.fullScreen">Full screen</Trans>
          </span>
        </ScreenButton>
      ) : null}
    </Bar>
  );
}
