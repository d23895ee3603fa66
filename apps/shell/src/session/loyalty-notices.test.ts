import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOYALTY_POLL_MS,
  noticePresentation,
  noticeSettings,
  startLoyaltyNotices,
} from './loyalty-notices.ts';

const SETTINGS = noticeSettings();

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function fakes(batches: string[][]) {
  const shown: { notice: string; at: number; duration: number }[] = [];
  const chimes: { volume: number; at: number }[] = [];
  const start = Date.now();
  const fetch = vi.fn(async () => batches.shift() ?? []);
  return {
    shown,
    chimes,
    fetch,
    deps: {
      fetch,
      show: (notice: string, duration: number) =>
        shown.push({ notice, at: Date.now() - start, duration }),
      chime: (volume: number) => chimes.push({ volume, at: Date.now() - start }),
    },
  };
}

describe('loyalty notices (§4, §9)', () => {
  it('§9 defaults: 300 ms delay, 5 s on screen, chime at volume 0.5', () => {
    expect(SETTINGS).toEqual({ delayMs: 300, durationMs: 5000, volume: 0.5 });
    expect(noticeSettings({ noticeSeconds: 8, noticeSoundVolume: 3, noticeDelayMs: 100 })).toEqual({
      delayMs: 100,
      durationMs: 8000,
      volume: 1,
    });
  });

  it('shows each notice of a fetch 300 ms after it, for 5 s, with one chime at 0.5', async () => {
    const f = fakes([['level', 'quest']]);
    const stop = startLoyaltyNotices(SETTINGS, f.deps);
    await vi.advanceTimersByTimeAsync(299);
    expect(f.shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.shown).toEqual([
      { notice: 'level', at: 300, duration: 5000 },
      { notice: 'quest', at: 300, duration: 5000 },
    ]);
    expect(f.chimes).toEqual([{ volume: 0.5, at: 300 }]);
    stop();
  });

  it('asks at most every 30 s, and plays nothing when there is nothing new', async () => {
    const f = fakes([[], ['product']]);
    const stop = startLoyaltyNotices(SETTINGS, f.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LOYALTY_POLL_MS - 1);
    expect(f.fetch).toHaveBeenCalledTimes(1);
    expect(f.chimes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(f.shown.map((s) => [s.notice, s.at])).toEqual([['product', LOYALTY_POLL_MS + 300]]);
    stop();
  });

  it('a remount within 30 s of the last fetch waits for the rest of the 30 s', async () => {
    const last = { value: null as number | null };
    const first = fakes([[]]);
    const stopFirst = startLoyaltyNotices(SETTINGS, { ...first.deps, lastFetchAt: last });
    await vi.advanceTimersByTimeAsync(10_000);
    stopFirst();
    const second = fakes([[]]);
    const stop = startLoyaltyNotices(SETTINGS, { ...second.deps, lastFetchAt: last });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(second.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(second.fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops: no toast, chime or fetch after sign-out; a failed fetch is tried again', async () => {
    const f = fakes([]);
    f.fetch.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(['level']);
    const stop = startLoyaltyNotices(SETTINGS, f.deps);
    await vi.advanceTimersByTimeAsync(LOYALTY_POLL_MS);
    expect(f.fetch).toHaveBeenCalledTimes(2);
    stop(); // before the 300 ms
    await vi.advanceTimersByTimeAsync(LOYALTY_POLL_MS * 3);
    expect(f.shown).toEqual([]);
    expect(f.chimes).toEqual([]);
    expect(f.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('noticePresentation', () => {
  it('a completed quest is a popup on the loyalty pages (§2 LoyaltyQuestPopup)', () => {
    for (const path of [
      '/loyalty',
      '/es-ES/loyalty/slot-week',
      '/loyalty/shop',
      '/profile/loyalty',
    ]) {
      expect(noticePresentation({ trigger: 'quest' }, path), path).toBe('popup');
    }
    for (const trigger of ['register', 'profile', 'confirm', 'product', 'level']) {
      expect(noticePresentation({ trigger }, '/loyalty'), trigger).toBe('toast');
    }
  });

  it('anywhere else a quest is a toast: no popup stands in the way of play, a deposit or a withdrawal', () => {
    for (const path of [
      '/',
      '/game/northstar-sunny-lemons',
      '/pt-BR/cashier/deposit',
      '/cashier/withdrawal',
      '/profile/bonuses',
      '/loyalty-terms',
    ]) {
      expect(noticePresentation({ trigger: 'quest' }, path), path).toBe('toast');
    }
  });
});
