import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { formatCurrency } from '@northstar/i18n/format';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Icon, media, Skeleton } from '@northstar/ui';
import type { GameWinner, JackpotWinner } from '../shared/api.ts';
import { ago, newWinners } from './lobby-model.ts';

/** The pieces the lobby pages and the home sections share: headings, rows, live figures. */

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const PageTitle = styled.h1`
  font-size: 28px;
  ${media.from('tablet')} {
    font-size: 36px;
  }
`;

export const Lead = styled.p`
  margin: 8px 0 0;
  max-width: 640px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  margin: 0 0 12px;
  h2 {
    margin: 0;
    font-size: 20px;
    min-width: 0;
    ${media.from('tablet')} {
      font-size: 22px;
    }
  }
`;

const SeeAll = styled.a`
  flex: none;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 4px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  font-size: 14px;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** A section's heading with its "see all" link; the link names the section for screen readers. */
export function SectionHead({
  id,
  title,
  seeAll,
}: {
  id: string;
  title: ReactNode;
  seeAll?: { href: string; label: string };
}) {
  return (
    <Head>
      <h2 id={id}>{title}</h2>
      {seeAll ? <SeeAllLink href={seeAll.href} label={seeAll.label} /> : null}
    </Head>
  );
}

function SeeAllLink({ href, label }: { href: string; label: string }) {
  const link = useLinkProps(href);
  return (
    <SeeAll {...link} aria-label={label}>
      <Trans id="casino.lobby.seeAll">See all</Trans>
    </SeeAll>
  );
}

/**
 * A horizontal row that scrolls by touch, trackpad or keyboard (its tiles are links, so Tab
 * walks it) and snaps to whole items: plain CSS, no carousel script.
 */
export const ScrollRow = styled.ul<{ $item: string }>`
  list-style: none;
  margin: 0;
  padding: 2px 2px 10px;
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: ${({ $item }) => $item};
  gap: 12px;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x mandatory;
  scroll-padding: 0 2px;
  scrollbar-width: thin;
  > li {
    scroll-snap-align: start;
    min-width: 0;
  }
  ${media.from('tablet')} {
    gap: 16px;
  }
`;

export const Section = styled.section`
  margin-top: 32px;
`;

/** Fraction digits shown while a figure moves: those of the target amount. */
const digitsOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

const TWEEN_MS = 900;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A live money figure (a jackpot pool): the server's amount, and when a newer one arrives the
 * figure counts up to it in under a second, unless the player asked for reduced motion. The
 * first render (server and hydration) is the exact amount; the tween runs in effects only.
 */
export function LiveAmount({ amount, currency }: { amount: string; currency: string }) {
  const { locale } = useShellNavigation();
  const [shown, setShown] = useState<string | null>(null);
  const previous = useRef(amount);
  useEffect(() => {
    const from = Number(previous.current);
    const to = Number(amount);
    previous.current = amount;
    if (from === to || !Number.isFinite(from) || !Number.isFinite(to) || prefersReducedMotion()) {
      setShown(null);
      return;
    }
    const digits = digitsOf(amount);
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / TWEEN_MS);
      if (progress >= 1) {
        setShown(null);
        return;
      }
      const eased = 1 - (1 - progress) ** 3;
      setShown((from + (to - from) * eased).toFixed(digits));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [amount]);
  return (
    <span data-amount={amount} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatCurrency(shown ?? amount, currency, locale)}
    </span>
  );
}

/**
 * "2 minutes ago", measured from when the list was fetched (the query's `dataUpdatedAt`), which
 * the server render and the hydrating browser share: the text is the same on both.
 */
export function TimeAgo({ at, now }: { at: string; now: number }) {
  const { locale } = useShellNavigation();
  const { value, unit } = ago(at, now);
  const text = useMemo(
    () =>
      new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }).format(value, unit),
    [locale, value, unit],
  );
  return <time dateTime={at}>{text}</time>;
}

const arrive = keyframes`
  from { background-color: rgba(245, 184, 65, 0.22); transform: translateY(-6px); opacity: 0.4; }
  to { background-color: transparent; transform: none; opacity: 1; }
`;

const WinList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const WinItem = styled.li<{ $fresh: boolean }>`
  display: grid;
  grid-template-columns: 36px minmax(0, 1fr) auto;
  align-items: center;
  gap: 12px;
  padding: 10px 14px;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  ${({ $fresh }) =>
    $fresh &&
    css`
      animation: ${arrive} 1.2s ease-out;
      @media (prefers-reduced-motion: reduce) {
        animation: none;
      }
    `}
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.primary};
  background: rgba(245, 184, 65, 0.1);
  border: 1px solid rgba(245, 184, 65, 0.3);
`;

const Who = styled.span`
  display: grid;
  min-width: 0;
  font-size: 14px;
  strong {
    font-weight: 600;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
    text-decoration-color: ${({ theme }) => theme.colors.borderStrong};
    text-underline-offset: 2px;
  }
`;

const Amount = styled.span`
  display: grid;
  justify-items: end;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    font-size: 15px;
    color: ${({ theme }) => theme.colors.success};
    font-variant-numeric: tabular-nums;
  }
`;

type AnyWin = (GameWinner | JackpotWinner) & { round?: string };

const keyOf = (win: AnyWin) => win.round ?? `${win.won_at}-${win.game.sysname}-${win.amount}`;

function GameLink({ sysname, name }: { sysname: string; name: string }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('game', { sysname }, locale));
  return <a {...link}>{name}</a>;
}

/**
 * A live list of wins, newest first. A win that was not in the list shown before slides in
 * highlighted (not under reduced motion); the list itself is not a live region, as a feed that
 * changes every few seconds would talk over everything else.
 */
export function WinnersList({
  wins,
  fetchedAt,
  label,
  testId,
}: {
  wins: readonly AnyWin[];
  fetchedAt: number;
  label: string;
  testId?: string;
}) {
  const { locale } = useShellNavigation();
  const keyed = wins.map((win) => ({ ...win, round: keyOf(win) }));
  const keys = keyed.map((win) => win.round).join(' ');
  // The list shown before and what was new in it, kept across renders; a new list (a poll
  // brought wins) is compared with it while rendering (React's "adjust state on change").
  const [shown, setShown] = useState(() => ({ keys, list: keyed, fresh: new Set<string>() }));
  let fresh = shown.fresh;
  if (shown.keys !== keys) {
    fresh = newWinners(shown.list, keyed);
    setShown({ keys, list: keyed, fresh });
  }
  return (
    <WinList aria-label={label} data-testid={testId}>
      {keyed.map((win) => (
        <WinItem key={win.round} $fresh={fresh.has(win.round)} data-round={win.round}>
          <Avatar aria-hidden="true">
            <Icon name={'jackpot' in win ? 'coins' : 'trophy'} size={18} />
          </Avatar>
          <Who>
            <strong>{win.player}</strong>
            <span>
              <GameLink sysname={win.game.sysname} name={win.game.name} />
              {'jackpot' in win ? ` · ${win.jackpot.name}` : null}
            </span>
          </Who>
          <Amount>
            <strong>{formatCurrency(win.amount, win.currency, locale)}</strong>
            <TimeAgo at={win.won_at} now={fetchedAt} />
          </Amount>
        </WinItem>
      ))}
    </WinList>
  );
}

export const Empty = styled.p`
  margin: 0;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/** What a failed read shows in its section, with a way to try again. */
/**
 * A list's states around its content: a skeleton of its height while it loads, the retry line when
 * it failed, `empty` when it has no item; otherwise `children` draws the items.
 */
export function ListStates<Item>({
  query,
  height,
  empty,
  children,
}: {
  query: { data?: { items: Item[] }; isError: boolean; refetch: () => unknown };
  height: string;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  if (query.data) {
    return query.data.items.length > 0 ? children(query.data.items) : <Empty>{empty}</Empty>;
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <Skeleton $height={height} $radius="16px" />;
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Empty role="alert">
      <Trans id="casino.lobby.loadError">This could not be loaded.</Trans>{' '}
      <RetryButton type="button" onClick={onRetry}>
        <Trans id="casino.lobby.retry">Try again</Trans>
      </RetryButton>
    </Empty>
  );
}

const RetryButton = styled.button`
  min-height: 44px;
  padding: 0 8px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;
