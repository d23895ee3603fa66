import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { routePath, useShellNavigation, type DialogContentProps } from '@northstar/shell-sdk';
import { fixedImage } from '@northstar/shell-sdk/images';
import { Icon, Skeleton } from '@northstar/ui';
import { CASINO_METHODS, casinoApi, casinoKey, type Game, type GamesQuery } from '../shared/api.ts';
import { gameImage, gameName } from '../shared/game-tile.tsx';
import { useProviderNames } from '../shared/catalogue-queries.ts';
import { SearchIcon } from './search-icon.tsx';
import { debounce, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, searchTerm } from './debounce.ts';

/** A result's 72×48 thumbnail (/_ipx), or none. */
const thumbnail = (image: string | null) =>
  image ? fixedImage(image, 72, 48) : { src: undefined };

/** How many games the popup lists: a short list to pick from, not a second hall. */
export const SEARCH_LIMIT = 12;

const searchQuery = (term: string) => ({
  queryKey: casinoKey('games', { search: term, limit: SEARCH_LIMIT }),
  // react-query aborts this signal when the key changes before the answer: the next key typed
  // cancels the previous call (api-client passes it to fetch).
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    casinoApi.send(
      CASINO_METHODS.games,
      {
        options: JSON.stringify({ search: term, limit: SEARCH_LIMIT } satisfies GamesQuery),
      },
      { signal },
    ),
  staleTime: 60_000,
  retry: false,
});

const Field = styled.div`
  position: relative;
  svg {
    position: absolute;
    left: 14px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    width: 100%;
    min-height: 48px;
    padding: 0 14px 0 44px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 16px;
    &::placeholder {
      color: ${({ theme }) => theme.colors.textMuted};
    }
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
`;

const Results = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 4px;
  min-height: 240px;
  align-content: start;
`;

const Result = styled.a`
  display: grid;
  grid-template-columns: 72px minmax(0, 1fr) auto;
  align-items: center;
  gap: 12px;
  padding: 6px 10px 6px 6px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: inherit;
  text-decoration: none;
  img {
    width: 72px;
    height: 48px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 12px;
  }
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
    outline: none;
  }
  &:focus-visible {
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.focus};
  }
`;

const Name = styled.span`
  display: grid;
  font-weight: 600;
`;

const Status = styled.p`
  margin: 16px 4px 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hint = styled.p`
  margin: 12px 4px 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * GamesSearchPopup (§2): results as the player types, asked for after a 250 ms pause and the
 * previous call cancelled by the next key. Arrow keys (or Tab) move through the results, Enter
 * opens a game's page, Esc closes (the dialog frame).
 */
export function GamesSearchPopup({ close }: DialogContentProps) {
  const { t } = useLingui();
  const { locale, navigate } = useShellNavigation();
  const providerNames = useProviderNames();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  // The frame focuses its first control when it opens, which may be before this lazy content
  // arrived: the field takes focus itself once it is there.
  useEffect(() => inputRef.current?.focus(), []);

  const debounced = useMemo(
    () => debounce((value: string) => setTerm(searchTerm(value)), SEARCH_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => debounced.cancel(), [debounced]);

  const results = useQuery({
    ...searchQuery(term ?? ''),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
  const games = term === null ? [] : ((results.data?.items ?? []) as Game[]);
  const waiting = debounced.pending || (term !== null && results.isFetching);

  const open = (game: Game) => {
    close();
    navigate(routePath('game', { sysname: game.sysname }, locale));
  };

  const links = () => Array.from(listRef.current?.querySelectorAll('a') ?? []);
  const onListKey = (event: KeyboardEvent<HTMLElement>) => {
    // The field's own keys are handled by the field (this handler sees them bubble up).
    if (event.target === inputRef.current) return;
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[Math.min(items.length - 1, index + 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) inputRef.current?.focus();
      else items[index - 1]?.focus();
    }
  };
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter before the pause ended searches now; once results show, it opens the first.
      if (debounced.pending) debounced.flush();
      else if (games[0]) open(games[0]);
    }
  };

  let status: string;
  if (term === null) {
    status =
      input.trim().length > 0
        ? t({ id: 'casino.search.tooShort', message: 'Type at least two letters.' })
        : t({ id: 'casino.search.prompt', message: 'Type a game’s name to search.' });
  } else if (results.isError) {
    status = t({
      id: 'casino.search.failed',
      message: 'The search did not answer. Please try again in a moment.',
    });
  } else if (results.isPending || results.isPlaceholderData) {
    // The previous term's games stay on screen meanwhile (no jump), but are not counted as this
    // term's.
    status = t({ id: 'casino.search.searching', message: 'Searching…' });
  } else if (games.length === 0) {
    status = t({ id: 'casino.search.none', message: `No games match “${term}”.` });
  } else {
    const total = results.data?.total ?? games.length;
    status = t({
      id: 'casino.search.count',
      message: plural(total, {
        one: `# game matches “${term}”.`,
        other: `# games match “${term}”.`,
      }),
    });
  }

  return (
    <div onKeyDown={onListKey}>
      <Field>
        <SearchIcon />
        <input
          ref={inputRef}
          id={`${statusId}-input`}
          type="search"
          value={input}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-label={t({ id: 'casino.search.label', message: 'Game name' })}
          placeholder={t({ id: 'casino.search.placeholder', message: 'Search by game name' })}
          aria-describedby={statusId}
          aria-controls={`${statusId}-results`}
          onKeyDown={onInputKey}
          onChange={(event) => {
            setInput(event.target.value);
            debounced.call(event.target.value);
          }}
        />
      </Field>
      <Status id={statusId} role="status" aria-live="polite" aria-busy={waiting}>
        {status}
      </Status>
      <Results
        ref={listRef}
        id={`${statusId}-results`}
        aria-label={t({ id: 'casino.search.results', message: 'Search results' })}
        aria-busy={waiting}
      >
        {term !== null && results.isPending
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <Skeleton $height="60px" $radius="10px" />
              </li>
            ))
          : games.map((game) => (
              <li key={game.sysname}>
                <Result
                  href={routePath('game', { sysname: game.sysname }, locale)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                      return;
                    event.preventDefault();
                    open(game);
                  }}
                  data-game={game.sysname}
                >
                  <img
                    {...thumbnail(gameImage(game))}
                    alt=""
                    width={72}
                    height={48}
                    loading="lazy"
                  />
                  <Name>
                    <span>{gameName(game)}</span>
                    <small>
                      {providerNames.get(game.provider.sysname) ?? game.provider.sysname}
                    </small>
                  </Name>
                  <Icon name="casino" size={18} />
                </Result>
              </li>
            ))}
      </Results>
      <Hint>
        <Trans id="casino.search.keys">
          ↑ ↓ to move through the results, Enter to open a game, Esc to close.
        </Trans>
      </Hint>
    </div>
  );
}
