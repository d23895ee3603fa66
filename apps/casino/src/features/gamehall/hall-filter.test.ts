import { describe, expect, it } from 'vitest';
import { gamehallByCategory, gamehallByProviders } from '@northstar/shell-sdk';
import {
  DEFAULT_HALL_FILTER,
  isFiltered,
  knownHallFilter,
  MAX_PROVIDERS,
  parseHallFilter,
  resolveHallView,
  serializeHallFilter,
  toggleProvider,
} from './hall-filter.ts';

describe('parseHallFilter', () => {
  it('reads category, comma-joined providers and sort', () => {
    expect(parseHallFilter('?category=slots&providers=aurora,vega&sort=rtp')).toEqual({
      category: 'slots',
      providers: ['aurora', 'vega'],
      sort: 'rtp',
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(parseHallFilter('')).toEqual(DEFAULT_HALL_FILTER);
  });

  it('drops values it does not know: a bad sort, an empty or odd category, junk providers', () => {
    expect(
      parseHallFilter('?category=%3Cscript%3E&providers=,aurora,,aurora, vega ,a%20b&sort=cheap'),
    ).toEqual({ category: null, providers: ['aurora', 'vega'], sort: 'popular' });
    expect(parseHallFilter('?category=&providers=')).toEqual(DEFAULT_HALL_FILTER);
    expect(parseHallFilter(`?category=${'x'.repeat(129)}`).category).toBeNull();
  });

  it('keeps at most MAX_PROVIDERS providers', () => {
    const many = Array.from({ length: 50 }, (_, i) => `p${i}`).join(',');
    expect(parseHallFilter(`?providers=${many}`).providers).toHaveLength(MAX_PROVIDERS);
  });

  it('reads the links the §2 helpers build', () => {
    expect(parseHallFilter(new URL(gamehallByCategory('table'), 'http://x').search)).toEqual({
      ...DEFAULT_HALL_FILTER,
      category: 'table',
    });
    const byProviders = new URL(gamehallByProviders(['aurora', 'northstar']), 'http://x');
    expect(parseHallFilter(byProviders.search).providers).toEqual(['aurora', 'northstar']);
  });
});

describe('serializeHallFilter', () => {
  it('omits the defaults', () => {
    expect(serializeHallFilter(DEFAULT_HALL_FILTER)).toBe('');
    expect(serializeHallFilter({ ...DEFAULT_HALL_FILTER, sort: 'new' })).toBe('?sort=new');
  });

  it('joins providers with commas as the §2 helper does', () => {
    const filter = { category: 'slots', providers: ['aurora', 'vega'], sort: 'name' as const };
    expect(serializeHallFilter(filter)).toBe('?category=slots&providers=aurora,vega&sort=name');
    expect(serializeHallFilter({ ...DEFAULT_HALL_FILTER, providers: ['aurora'] })).toBe(
      new URL(gamehallByProviders(['aurora']), 'http://x').search,
    );
  });

  it('keeps the parameters the hall does not own and replaces its own', () => {
    expect(
      serializeHallFilter(
        { ...DEFAULT_HALL_FILTER, category: 'table' },
        '?category=slots&show_popup_auth=1&sort=new',
      ),
    ).toBe('?category=table&show_popup_auth=1');
  });

  it('round-trips: parse(serialize(f)) is f', () => {
    const filters = [
      DEFAULT_HALL_FILTER,
      { category: 'provably-fair', providers: ['northstar'], sort: 'rtp' as const },
      { category: null, providers: ['a', 'b', 'c'], sort: 'new' as const },
    ];
    for (const filter of filters) {
      expect(parseHallFilter(serializeHallFilter(filter))).toEqual(filter);
    }
  });
});

describe('knownHallFilter', () => {
  const filter = { category: 'gone', providers: ['aurora', 'closed'], sort: 'popular' as const };

  it('drops a category and providers the catalogue does not have', () => {
    expect(
      knownHallFilter(filter, { categories: ['slots'], providers: ['aurora', 'vega'] }),
    ).toEqual({ category: null, providers: ['aurora'], sort: 'popular' });
  });

  it('keeps everything while the lists are not loaded, and returns the same object when all is known', () => {
    expect(knownHallFilter(filter, {})).toBe(filter);
    const known = { category: 'slots', providers: ['vega'], sort: 'new' as const };
    expect(knownHallFilter(known, { categories: ['slots'], providers: ['vega'] })).toBe(known);
  });
});

describe('toggleProvider and isFiltered', () => {
  it('adds a provider at the end and removes it again', () => {
    const one = toggleProvider(DEFAULT_HALL_FILTER, 'aurora');
    const two = toggleProvider(one, 'vega');
    expect(two.providers).toEqual(['aurora', 'vega']);
    expect(toggleProvider(two, 'aurora').providers).toEqual(['vega']);
  });

  it('says whether the filter narrows or orders the hall', () => {
    expect(isFiltered(DEFAULT_HALL_FILTER)).toBe(false);
    expect(isFiltered({ ...DEFAULT_HALL_FILTER, sort: 'name' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_HALL_FILTER, category: 'slots' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_HALL_FILTER, providers: ['vega'] })).toBe(true);
  });
});

describe('resolveHallView', () => {
  const studios = [{ sysname: 'aurora', name: 'Aurora Gaming' }];

  it('names the hall, the collections and a studio', () => {
    expect(resolveHallView(undefined, undefined, false)).toEqual({ kind: 'hall' });
    expect(resolveHallView('all', undefined, false)).toEqual({ kind: 'all' });
    expect(resolveHallView('favourites', undefined, false)).toEqual({ kind: 'favourites' });
    expect(resolveHallView('aurora', studios, false)).toEqual({
      kind: 'provider',
      sysname: 'aurora',
      name: 'Aurora Gaming',
    });
  });

  it('waits for the providers before calling an id unknown', () => {
    expect(resolveHallView('aurora', undefined, false)).toBeNull();
    expect(resolveHallView('nope', studios, false)).toEqual({ kind: 'unknown', id: 'nope' });
    expect(resolveHallView('aurora', undefined, true)).toEqual({ kind: 'failed' });
  });
});
