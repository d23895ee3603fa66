import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue, TOAST_DURATION } from './toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const texts = (queue: ReturnType<typeof createToastQueue>) =>
  queue.getSnapshot().map((toast) => toast.text);

describe('toasts (§9)', () => {
  it('go by themselves after 5000 ms by default', () => {
    expect(TOAST_DURATION).toBe(5000);
    const queue = createToastQueue();
    queue.show({ text: 'Saved' });
    expect(queue.getSnapshot()[0]).toMatchObject({ tone: 'info', duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(texts(queue)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(texts(queue)).toEqual([]);
  });

  it('honour their own duration, and 0 keeps a toast until it is dismissed', () => {
    const queue = createToastQueue();
    queue.show({ text: 'Quick', duration: 1000 });
    const sticky = queue.show({ text: 'Sticky', duration: 0 });
    vi.advanceTimersByTime(999);
    expect(texts(queue)).toEqual(['Quick', 'Sticky']);
    vi.advanceTimersByTime(1);
    expect(texts(queue)).toEqual(['Sticky']);
    vi.advanceTimersByTime(60_000);
    expect(texts(queue)).toEqual(['Sticky']);
    queue.dismiss(sticky);
    expect(texts(queue)).toEqual([]);
  });

  it('pause while hovered or focused, then run for what was left', () => {
    const queue = createToastQueue();
    const id = queue.show({ text: 'Read me' });
    vi.advanceTimersByTime(3000);
    queue.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(texts(queue)).toEqual(['Read me']);
    queue.resume(id);
    vi.advanceTimersByTime(1999);
    expect(texts(queue)).toEqual(['Read me']);
    vi.advanceTimersByTime(1);
    expect(texts(queue)).toEqual([]);
  });

  it('dedupe by id: the same id replaces the toast and restarts its time', () => {
    const queue = createToastQueue();
    queue.show({ id: 'promo', text: 'First' });
    vi.advanceTimersByTime(4000);
    queue.show({ id: 'promo', text: 'Second', tone: 'success' });
    expect(texts(queue)).toEqual(['Second']);
    vi.advanceTimersByTime(4000);
    expect(texts(queue)).toEqual(['Second']);
    vi.advanceTimersByTime(1000);
    expect(texts(queue)).toEqual([]);
  });

  it('tell their listeners when one comes or goes', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.show({ text: 'Hi', duration: 100 });
    vi.advanceTimersByTime(100);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
