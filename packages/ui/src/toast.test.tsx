// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ToastRegion, type ToastSource, type ToastView } from './toast.tsx';
import { setup } from './testing/setup.tsx';
import { ThemeProvider } from './theme-provider.tsx';

afterEach(cleanup);

/** A toast source as the page's queue is one, without its timers (shell-sdk tests those). */
function fakeSource() {
  let items: readonly ToastView[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const source: ToastSource & { show: (item: ToastView) => void } = {
    show(item) {
      items = [...items, item];
      emit();
    },
    dismiss: vi.fn((id: string) => {
      items = items.filter((t) => t.id !== id);
      emit();
    }),
    pause: vi.fn(),
    resume: vi.fn(),
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return source;
}

function renderRegion() {
  const source = fakeSource();
  const result = setup(<ToastRegion source={source} closeLabel="Dismiss" label="Notifications" />);
  return { source, ...result };
}

describe('ToastRegion', () => {
  it('is a polite live region that shows each toast with its tone', () => {
    const { source } = renderRegion();
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => source.show({ id: 't1', text: 'Deposit received', tone: 'success' }));
    expect(region.textContent).toContain('Deposit received');
    expect(region.querySelector('[data-toast-tone="success"]')).not.toBeNull();
  });

  it('shows the title above the text', () => {
    const { source } = renderRegion();
    act(() => source.show({ id: 't1', title: 'Bonus', text: '10 free spins', tone: 'info' }));
    expect(screen.getByText('Bonus').tagName).toBe('STRONG');
    expect(screen.getByText('10 free spins').tagName).toBe('P');
  });

  it('closes from its close button', async () => {
    const { source, user } = renderRegion();
    act(() => source.show({ id: 't1', text: 'Bonus activated', tone: 'info' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(source.dismiss).toHaveBeenCalledWith('t1');
    expect(screen.queryByText('Bonus activated')).toBeNull();
  });

  it('pauses its timer while hovered and lets it run again after', async () => {
    const { source, user } = renderRegion();
    act(() => source.show({ id: 't1', text: 'Read me', tone: 'info' }));
    await user.hover(screen.getByText('Read me'));
    expect(source.pause).toHaveBeenCalledWith('t1');
    expect(source.resume).not.toHaveBeenCalled();
    await user.unhover(screen.getByText('Read me'));
    expect(source.resume).toHaveBeenCalledWith('t1');
  });

  it('pauses while its close button has focus', async () => {
    const { source, user } = renderRegion();
    act(() => source.show({ id: 't1', text: 'Read me', tone: 'info' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBe(document.activeElement);
    expect(source.pause).toHaveBeenCalledWith('t1');
    await user.tab();
    expect(source.resume).toHaveBeenCalledWith('t1');
  });
});

describe('ToastRegion on a server-drawn page', () => {
  it('hydrates without a mismatch when a toast came before it hydrated, and shows it after', async () => {
    const source = fakeSource();
    const region = (
      <ThemeProvider>
        <ToastRegion source={source} closeLabel="Dismiss" label="Notifications" />
      </ThemeProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(region);
    document.body.append(container);
    // An effect elsewhere on the page shows a toast before this region hydrates.
    source.show({ id: 't1', text: 'Confirm your contact', tone: 'info' });
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, region, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Confirm your contact');
    container.remove();
  });
});
