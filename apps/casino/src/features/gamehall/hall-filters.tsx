import { useEffect, useId, useRef, type RefObject } from 'react';
import styled, { css } from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import type { GameSort } from '../shared/api.ts';
import { useCategoryLabel } from './category-names.ts';
import {
  DEFAULT_HALL_FILTER,
  HALL_SORTS,
  serializeHallFilter,
  toggleProvider,
  type HallFilter,
} from './hall-filter.ts';

/** A row of chips that scrolls sideways on its own on a phone, never the page. */
const ChipRow = styled.div`
  position: relative;
  display: flex;
  gap: 8px;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;
  padding: 2px 2px 8px;
  margin: 0 -2px;
  min-width: 0;
`;

const chip = css<{ $on: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ $on, theme }) => ($on ? theme.colors.primary : theme.colors.border)};
  background: ${({ $on, theme }) => ($on ? 'rgba(245, 184, 65, 0.14)' : theme.colors.surface)};
  color: ${({ $on, theme }) => ($on ? theme.colors.primaryHover : theme.colors.text)};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    border-color: ${({ $on, theme }) => ($on ? theme.colors.primaryHover : theme.colors.borderStrong)};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  small {
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ChipLink = styled.a<{ $on: boolean }>`
  ${chip}
`;
const ChipButton = styled.button<{ $on: boolean }>`
  ${chip}
`;

const Group = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
`;

const GroupLabel = styled.span`
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SortLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  select {
    min-height: 40px;
    padding: 0 32px 0 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
`;

/** Brings the row's chosen chip into view (a phone shows a few chips of the row at a time). */
function useChosenChipInView(row: RefObject<HTMLDivElement | null>, key: string) {
  useEffect(() => {
    const element = row.current;
    const chosen = element?.querySelector<HTMLElement>(
      '[aria-current="true"], [aria-pressed="true"]',
    );
    if (!element || !chosen) return;
    // Only the row scrolls, never the page.
    element.scrollTo({ left: chosen.offsetLeft - 16 });
  }, [row, key]);
}

/** Moves the hall to another filter: the URL is the state, replaced rather than stacked. */
export function useFilterNavigation() {
  const { pathname, search, hash, navigate } = useShellNavigation();
  return {
    href: (filter: HallFilter) => `${pathname}${serializeHallFilter(filter, search)}`,
    go: (filter: HallFilter) =>
      navigate(`${pathname}${serializeHallFilter(filter, search)}${hash}`, { replace: true }),
  };
}

function CategoryChip({
  filter,
  category,
  label,
  count,
}: {
  filter: HallFilter;
  category: string | null;
  label: string;
  count?: number;
}) {
  const { href, go } = useFilterNavigation();
  const target = { ...filter, category };
  const on = filter.category === category;
  return (
    <ChipLink
      href={href(target)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        go(target);
      }}
      $on={on}
      aria-current={on ? 'true' : undefined}
      data-category={category ?? ''}
    >
      {label}
      {count !== undefined ? <small>{count}</small> : null}
    </ChipLink>
  );
}

export function CategoryChips({
  filter,
  categories,
}: {
  filter: HallFilter;
  categories: readonly { sysname: string; count: number }[];
}) {
  const { t } = useLingui();
  const label = useCategoryLabel();
  const id = useId();
  const row = useRef<HTMLDivElement>(null);
  useChosenChipInView(row, filter.category ?? '');
  return (
    <Group role="group" aria-labelledby={id}>
      <GroupLabel id={id}>
        <Trans id="casino.hall.categories">Categories</Trans>
      </GroupLabel>
      <ChipRow ref={row}>
        <CategoryChip
          filter={filter}
          category={null}
          label={t({ id: 'casino.hall.allCategories', message: 'All' })}
        />
        {categories.map((c) => (
          <CategoryChip
            key={c.sysname}
            filter={filter}
            category={c.sysname}
            label={label(c.sysname)}
            count={c.count}
          />
        ))}
      </ChipRow>
    </Group>
  );
}

export function ProviderChips({
  filter,
  providers,
}: {
  filter: HallFilter;
  providers: readonly { sysname: string; name: string }[];
}) {
  const { go } = useFilterNavigation();
  const id = useId();
  const row = useRef<HTMLDivElement>(null);
  // The first chosen provider, once: later toggles happen where the player already is.
  useChosenChipInView(row, filter.providers.length > 0 ? 'some' : '');
  return (
    <Group role="group" aria-labelledby={id}>
      <GroupLabel id={id}>
        <Trans id="casino.hall.providers">Providers</Trans>
      </GroupLabel>
      <ChipRow ref={row}>
        {providers.map((p) => {
          const on = filter.providers.includes(p.sysname);
          return (
            <ChipButton
              key={p.sysname}
              type="button"
              $on={on}
              aria-pressed={on}
              onClick={() => go(toggleProvider(filter, p.sysname))}
              data-provider={p.sysname}
            >
              {p.name}
            </ChipButton>
          );
        })}
      </ChipRow>
    </Group>
  );
}

export function SortSelect({ filter }: { filter: HallFilter }) {
  const { t } = useLingui();
  const { go } = useFilterNavigation();
  const names: Record<GameSort, string> = {
    popular: t({ id: 'casino.sort.popular', message: 'Most popular' }),
    new: t({ id: 'casino.sort.new', message: 'Newest' }),
    name: t({ id: 'casino.sort.name', message: 'Name (A–Z)' }),
    rtp: t({ id: 'casino.sort.rtp', message: 'Highest RTP' }),
  };
  return (
    <SortLabel>
      <Trans id="casino.sort.label">Sort by</Trans>
      <select
        value={filter.sort}
        onChange={(event) => {
          const sort = event.target.value as GameSort;
          go({ ...filter, sort: HALL_SORTS.includes(sort) ? sort : DEFAULT_HALL_FILTER.sort });
        }}
      >
        {HALL_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {names[sort]}
          </option>
        ))}
      </select>
    </SortLabel>
  );
}
