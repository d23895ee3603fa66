// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  countdownLeft,
  formatCountdown,
  startCountdown,
  useCountdown,
  type Countdown,
} from './countdown.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the §4 resend countdown', () => {
  it('counts whole seconds down from its start and stops at 0', () => {
    const from = startCountdown(60, 10_000);
    expect(countdownLeft(from, 10_000)).toBe(60);
    expect(countdownLeft(from, 10_999)).toBe(60);
    expect(countdownLeft(from, 11_000)).toBe(59);
    expect(countdownLeft(from, 80_000)).toBe(0);
    expect(countdownLeft(null, 80_000)).toBe(0);
    // A clock behind the start (another device's time) never counts up.
    expect(countdownLeft(from, 5_000)).toBe(60);
  });

  it('writes the seconds as m:ss', () => {
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('ticks once a second in a component and a new countdown restarts it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(100_000);
    let restart: (from: Countdown) => void = () => {};
    function Probe() {
      const [from, setFrom] = useState<Countdown | null>(startCountdown(3));
      restart = setFrom;
      return <span data-testid="left">{useCountdown(from)}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId('left').textContent).toBe('3');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('left').textContent).toBe('2');
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('left').textContent).toBe('0');
    act(() => restart(startCountdown(30)));
    expect(screen.getByTestId('left').textContent).toBe('30');
  });
});
