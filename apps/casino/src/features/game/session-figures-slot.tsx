import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { GAME_HEADER_SLOT_ID } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import { elapsedDuration, formatElapsed, formatNet, netDirection } from './session-figures.ts';

/**
 * From tablets up, two labelled figures side by side. On a phone the header has no room for
 * that: the two values stack, their labels kept for assistive tech only, a clock before the time.
 */
const Figures = styled.div`
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  padding: 3px 8px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${media.from('tablet')} {
    flex-direction: row;
    align-items: center;
    padding: 2px;
  }
`;

const Figure = styled.div`
  display: flex;
  margin: 0;
  ${media.from('tablet')} {
    flex-direction: column;
    align-items: flex-end;
    padding: 3px 12px;
    & + & {
      border-left: 1px solid ${({ theme }) => theme.colors.border};
    }
  }
  dt {
    ${media.below('tablet')} {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    font-size: 11px;
    line-height: 1.2;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  dd {
    display: flex;
    align-items: center;
    gap: 4px;
    margin: 0;
    font-weight: 700;
    font-size: 12px;
    line-height: 1.3;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    ${media.from('tablet')} {
      font-size: 15px;
      line-height: 1.2;
    }
  }
  dd[data-direction='up'] {
    color: ${({ theme }) => theme.colors.success};
  }
  dd[data-direction='down'] {
    color: ${({ theme }) => theme.colors.danger};
  }
  svg {
    color: ${({ theme }) => theme.colors.textMuted};
    ${media.from('tablet')} {
      display: none;
    }
  }
`;

const Clock = () => (
  <svg width="11" height="11" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    />
  </svg>
);

/** The page's clock in whole seconds, ticking while the figures show (none on the server). */
function subscribeSeconds(tick: () => void): () => void {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}
const nowInSeconds = () => Math.floor(Date.now() / 1000);

function useElapsed(startedAt: number): number {
  const seconds = useSyncExternalStore(subscribeSeconds, nowInSeconds, () => null);
  return seconds === null ? 0 : seconds * 1000 - startedAt;
}

export interface SessionFiguresProps {
  startedAt: number;
  net: { amount: string; currency: string } | null;
  locale: string;
}

/**
 * The header's session figures on the game page (UK RTS 14 and 2E): the time played since the
 * game opened and the net position (wins − stakes) of this session. Neither is a live region: a
 * clock announced every second would drown the game; both are read on demand.
 */
export function SessionFigures({ startedAt, net, locale }: SessionFiguresProps) {
  const { t } = useLingui();
  const elapsed = useElapsed(startedAt);
  return (
    <Figures
      role="group"
      aria-label={t({ id: 'casino.game.session.label', message: 'This game session' })}
    >
      <Figure as="dl">
        <dt>
          <Trans id="casino.game.session.time">Time</Trans>
        </dt>
        <dd data-testid="session-time">
          <Clock />
          <time dateTime={elapsedDuration(elapsed)}>{formatElapsed(elapsed)}</time>
        </dd>
      </Figure>
      <Figure as="dl">
        <dt>
          <Trans id="casino.game.session.net">Net</Trans>
        </dt>
        <dd
          data-testid="session-net"
          data-direction={net ? netDirection(net.amount) : 'even'}
          aria-busy={net ? undefined : true}
        >
          {net ? formatNet(net.amount, net.currency, locale) : '…'}
        </dd>
      </Figure>
    </Figures>
  );
}

/**
 * Puts the session figures into the shell's header on the game layout (its slot), through a
 * portal found after mount: the server's header stays empty there, so hydration agrees.
 */
const subscribeNothing = () => () => undefined;

export function SessionFiguresSlot(props: SessionFiguresProps) {
  const slot = useSyncExternalStore(
    subscribeNothing,
    () => document.getElementById(GAME_HEADER_SLOT_ID),
    () => null,
  );
  return slot ? createPortal(<SessionFigures {...props} />, slot) : null;
}
