// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createToastStore, ToastRegion } from './toast.tsx';
import { setup } from './testing/setup.tsx';

beforeEach(() => {
  // shouldAdvanceTime: Testing Library waits for a real 0 ms timeout after each user event.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderRegion() {
  const store = createToastStore();
  const result = setup(<ToastRegion store={store} closeLabel="Dismiss" label="Notifications" />, {
    fakeTimers: true,
  });
  return { store, ...result };
}

describe('ToastRegion', () => {
  it('is a polite status region and shows a toast', () => {
    const { store } = renderRegion();
    const region = screen.getByRole('status', { name: 'Notifications' });
    act(() => void store.show({ message: 'Deposit received', tone: 'success' }));
    expect(region.textContent).toContain('Deposit received');
  });

  it('dismisses a toast by itself after 5000 ms by default (§9)', () => {
    const { store } = renderRegion();
    act(() => void store.show({ message: 'Saved' }));
    act(() => void vi.advanceTimersByTime(4800));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours its own duration, and 0 keeps it until dismissed', () => {
    const { store } = renderRegion();
    act(() => {
      store.show({ message: 'Quick', duration: 1000 });
      store.show({ message: 'Sticky', duration: 0 });
    });
    act(() => void vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Quick')).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Sticky')).not.toBeNull();
  });

  it('closes from its close button', async () => {
    const { store, user } = renderRegion();
    act(() => void store.show({ message: 'Bonus activated', duration: 0 }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Bonus activated')).toBeNull();
  });

  it('pauses while hovered', async () => {
    const { store, user } = renderRegion();
    act(() => void store.show({ message: 'Read me' }));
    await user.hover(screen.getByText('Read me'));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Read me')).not.toBeNull();
    await user.unhover(screen.getByText('Read me'));
    act(() => void vi.advanceTimersByTime(5100));
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('dedupes by id: the same id replaces the toast on screen', () => {
    const { store } = renderRegion();
    act(() => {
      store.show({ id: 'promo', message: 'First' });
      store.show({ id: 'promo', message: 'Second' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  });
});
