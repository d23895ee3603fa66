import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_CONFIG_SECTION_DEFAULTS } from '@northstar/contract';
import { isGamePath, startBalanceRefresh, type BalanceRefreshSettings } from './balance-refresh.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function start(overrides: Partial<BalanceRefreshSettings> = {}) {
  const refresh = vi.fn();
  const scheduler = startBalanceRefresh(
    { ...SITE_CONFIG_SECTION_DEFAULTS.balanceRefresh, ...overrides },
    refresh,
  );
  return { scheduler, refresh };
}

describe('balance refresh', () => {
  it('game pages are the paths containing /game/', () => {
    expect(isGamePath('/game/book-of-north')).toBe(true);
    expect(isGamePath('/es-ES/game/book-of-north')).toBe(true);
    expect(isGamePath('/gamehall')).toBe(false);
    expect(isGamePath('/es-ES/gamehall/slots')).toBe(false);
  });
});

describe('the interval poll', () => {
  it('asks every countSecondsForInterval seconds', () => {
    const { refresh } = start({ countSecondsForInterval: 10 });
    vi.advanceTimersByTime(9_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('does not poll when isEnabledInterval is off', () => {
    const { refresh } = start({ isEnabledInterval: false });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('stops when stopped', () => {
    const { scheduler, refresh } = start();
    vi.advanceTimersByTime(10 * SECOND);
    scheduler.stop();
    scheduler.click();
    scheduler.activity();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the switch-off after minutes without activity', () => {
  it('stops asking once countMinutesAfterWhichRequestsTurnedOff pass without activity', () => {
    const { refresh } = start({ countMinutesAfterWhichRequestsTurnedOff: 5 });
    vi.advanceTimersByTime(5 * MINUTE);
    // 10 s, 20 s … 290 s; the tick at 300 s finds five idle minutes and switches off.
    expect(refresh).toHaveBeenCalledTimes(29);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(29);
  });

  it('activity keeps it polling past the limit', () => {
    const { scheduler, refresh } = start({ countMinutesAfterWhichRequestsTurnedOff: 5 });
    vi.advanceTimersByTime(4 * MINUTE);
    scheduler.activity();
    vi.advanceTimersByTime(4 * MINUTE); // 8 minutes in, 4 since the activity
    expect(refresh).toHaveBeenCalledTimes(48);
  });

  it('a click revives it: one ask at once, then the interval again', () => {
    const { scheduler, refresh } = start({ countMinutesAfterWhichRequestsTurnedOff: 5 });
    vi.advanceTimersByTime(20 * MINUTE);
    refresh.mockClear();
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('a key press (any activity) revives it too', () => {
    const { scheduler, refresh } = start();
    vi.advanceTimersByTime(20 * MINUTE);
    refresh.mockClear();
    scheduler.activity();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps polling for good when isEnabledTurnOffRequests is off', () => {
    const { refresh } = start({ isEnabledTurnOffRequests: false });
    vi.advanceTimersByTime(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(360);
  });
});

describe('the click refresh', () => {
  it('asks on a click, at most once per countSecondsForDelayBetweenClick', () => {
    const { scheduler, refresh } = start({
      isEnabledInterval: false,
      countSecondsForDelayBetweenClick: 2,
    });
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_999);
    scheduler.click();
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does not ask again right after a poll', () => {
    const { scheduler, refresh } = start({ countSecondsForDelayBetweenClick: 1 });
    vi.advanceTimersByTime(10 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    scheduler.click();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('clicks ask nothing when isEnabledRequestsAfterClick is off', () => {
    const { scheduler, refresh } = start({
      isEnabledInterval: false,
      isEnabledRequestsAfterClick: false,
    });
    for (let i = 0; i < 5; i++) {
      scheduler.click();
      vi.advanceTimersByTime(5 * SECOND);
    }
    expect(refresh).not.toHaveBeenCalled();
  });
});
