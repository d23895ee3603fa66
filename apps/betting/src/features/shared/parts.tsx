import { useSyncExternalStore } from 'react';
import styled, { keyframes } from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { formatCurrency, formatDate, formatTime } from '@northstar/i18n/format';
import { useDisplayOffset, useShellNavigation } from '@northstar/shell-sdk';
import type { Money } from '@northstar/shell-sdk';
import { Skeleton } from '@northstar/ui';
import type { SbEvent } from './api.ts';
import { clockMinute } from './book-model.ts';

/** The betting pages' shared pieces (issue #29): the live mark, times, the clock, money. */

function subscribeMinute(notify: () => void) {
  const timer = setInterval(notify, 15_000);
  return () => clearInterval(timer);
}

/** Now, to the quarter minute, in the browser; null on the server (and while hydrating). */
function useNow(): number | null {
  return useSyncExternalStore(
    subscribeMinute,
    () => Math.floor(Date.now() / 15_000) * 15_000,
    () => null,
  );
}

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`;

const Live = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(255, 107, 122, 0.16);
  color: #ff8f9b;
  font-size: 12px;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  &::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
    animation: ${pulse} 1.6s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before {
      animation: none;
    }
  }
`;

export function LiveMark() {
  return (
    <Live>
      <Trans id="betting.live">Live</Trans>
    </Live>
  );
}

/** When an event starts (`12.06 20:45`), or its clock while it is live. */
export function EventWhen({ event }: { event: SbEvent }) {
  const offset = useDisplayOffset();
  const now = useNow();
  const options = offset === undefined ? {} : { offsetHours: offset };
  if (event.status === 'live') {
    const minute = clockMinute(event, now ?? Date.parse(event.clock?.at ?? event.starts_at));
    return (
      <span data-event-clock>
        <LiveMark /> {minute === null ? null : <span>{minute}′</span>}
      </span>
    );
  }
  if (event.status === 'ended') {
    return (
      <span>
        <Trans id="betting.event.ended">Ended</Trans>
      </span>
    );
  }
  if (event.status === 'cancelled') {
    return (
      <span>
        <Trans id="betting.event.cancelled">Cancelled</Trans>
      </span>
    );
  }
  const date = formatDate(event.starts_at, options).slice(0, 5);
  return (
    <time dateTime={event.starts_at}>
      {date} {formatTime(event.starts_at, options)}
    </time>
  );
}

/** Money in the page's language: `12,50 €`. */
export function useMoney(): (money: Money) => string {
  const { locale } = useShellNavigation();
  return (money) => formatCurrency(money.amount, money.currency, locale);
}

/** The gold-edged panel at the top of a betting page (the book's title, an event's score). */
export const HeroPanel = styled.header`
  display: grid;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.gradients.hero};
  border: 1px solid rgba(245, 184, 65, 0.3);
`;

/** Figures as a list of terms and values: the slip's totals, a bet's stake and return. */
export const Figures = styled.dl<{ $size?: 'sm' | 'md' }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ $size }) => ($size === 'md' ? '6px' : '4px')} 12px;
  margin: 0;
  font-size: ${({ $size }) => ($size === 'md' ? '14px' : '13px')};
  > dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  > dd {
    margin: 0;
    text-align: right;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Fallback = styled.div`
  display: grid;
  gap: 12px;
`;

export function PageFallback() {
  return (
    <Fallback aria-hidden="true">
      <Skeleton style={{ height: 48 }} />
      <Skeleton style={{ height: 96 }} />
      <Skeleton style={{ height: 96 }} />
      <Skeleton style={{ height: 96 }} />
    </Fallback>
  );
}
