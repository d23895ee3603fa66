import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, searchTerm, SEARCH_DEBOUNCE_MS } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, with the last arguments, after the pause', () => {
    const fn = vi.fn<(term: string) => void>();
    const d = debounce(fn, SEARCH_DEBOUNCE_MS);
    d.call('b');
    vi.advanceTimersByTime(100);
    d.call('bo');
    vi.advanceTimersByTime(100);
    d.call('boo');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('boo');
    expect(d.pending).toBe(false);
  });

  it('runs again for keys typed after a pause', () => {
    const fn = vi.fn<(term: string) => void>();
    const d = debounce(fn, 250);
    d.call('a');
    vi.advanceTimersByTime(250);
    d.call('ab');
    vi.advanceTimersByTime(250);
    expect(fn.mock.calls).toEqual([['a'], ['ab']]);
  });

  it('cancel forgets a waiting call; flush runs it at once', () => {
    const fn = vi.fn<(term: string) => void>();
    const d = debounce(fn, 250);
    d.call('gone');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d.call('now');
    d.flush();
    expect(fn).toHaveBeenCalledWith('now');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('searchTerm', () => {
  it('trims and collapses spaces, and refuses terms shorter than two characters', () => {
    expect(searchTerm('  book   of ')).toBe('book of');
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('')).toBeNull();
    expect(searchTerm('x'.repeat(300))).toHaveLength(128);
  });
});
