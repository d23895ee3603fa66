// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { confirm, createDialogQueue, dialogQueue, dialogSettings, useDialogs } from './dialogs.ts';

const ids = (queue: ReturnType<typeof createDialogQueue>) =>
  queue.getSnapshot().map((entry) => entry.id);

describe('the dialog queue (§2)', () => {
  it('shows one dialog at a time, in the order they were opened', () => {
    const queue = createDialogQueue();
    void queue.open({ id: 'cashback', title: 'Cashback' });
    void queue.open({ id: 'campaign', title: 'Spring' });
    void queue.open({ id: 'confirm-email', title: 'Confirm' });
    expect(queue.getSnapshot()[0]?.id).toBe('cashback');
    expect(ids(queue)).toEqual(['cashback', 'campaign', 'confirm-email']);
  });

  it('shows the next one when the current one closes, and resolves with the close result', async () => {
    const queue = createDialogQueue();
    const first = queue.open({ id: 'a', title: 'A' });
    void queue.open({ id: 'b', title: 'B' });
    queue.close('a', 'done');
    expect(ids(queue)).toEqual(['b']);
    await expect(first).resolves.toBe('done');
    queue.close('b');
    expect(ids(queue)).toEqual([]);
  });

  it('closing a queued dialog drops it without touching the one on screen', () => {
    const queue = createDialogQueue();
    void queue.open({ id: 'a', title: 'A' });
    void queue.open({ id: 'b', title: 'B' });
    void queue.open({ id: 'c', title: 'C' });
    queue.close('b');
    expect(ids(queue)).toEqual(['a', 'c']);
  });

  it('dedupes by id: opening an open or queued id updates it in place, never adds one', async () => {
    const queue = createDialogQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    const first = queue.open({ id: 'a', title: 'A', props: { step: 1 } });
    void queue.open({ id: 'b', title: 'B' });
    const again = queue.open({ id: 'a', title: 'A', props: { step: 2 } });
    void queue.open({ id: 'b', title: 'B again' });
    expect(ids(queue)).toEqual(['a', 'b']);
    expect(queue.getSnapshot()[0]?.props).toEqual({ step: 2 });
    expect(queue.getSnapshot()[1]?.title).toBe('B again');
    expect(again).toBe(first);
    queue.close('a', 42);
    await expect(again).resolves.toBe(42);
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it('keeps where focus goes back to from the first opening', () => {
    const queue = createDialogQueue();
    const opener = { id: 'opener' } as unknown as HTMLElement;
    void queue.open({ id: 'a', title: 'A' }, opener);
    void queue.open({ id: 'a', title: 'A' }, null);
    expect(queue.getSnapshot()[0]?.returnFocus).toBe(opener);
  });

  it('refuses a dialog without an accessible name, unless a remote names it', () => {
    const queue = createDialogQueue();
    expect(() => queue.open({ id: 'nameless' })).toThrow(/title or an ariaLabel/);
    expect(() => queue.open({ id: 'labelled', ariaLabel: 'Search games' })).not.toThrow();
    expect(() => queue.open({ id: 'campaign', remote: 'promo' })).not.toThrow();
    expect(ids(queue)).toEqual(['labelled', 'campaign']);
  });

  it('closing an id that is not there does nothing', () => {
    const queue = createDialogQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.close('ghost');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('dialogSettings (§2 rules)', () => {
  it('defaults to a medium popup, and a curtain from the left', () => {
    expect(dialogSettings({})).toEqual({
      kind: 'popup',
      size: 'medium',
      side: 'left',
      closable: true,
      showClose: true,
    });
    expect(dialogSettings({ kind: 'curtain' }).side).toBe('left');
    expect(dialogSettings({ kind: 'curtain', side: 'right' }).side).toBe('right');
  });

  it('prevented closing: Esc and the overlay do nothing and the close button is hidden', () => {
    expect(dialogSettings({ preventClose: true })).toMatchObject({
      closable: false,
      showClose: false,
    });
  });

  it('a hidden close button still lets Esc and the overlay close', () => {
    expect(dialogSettings({ hideClose: true })).toMatchObject({ closable: true, showClose: false });
  });

  it("the opener's choice wins over the remote's defaults, which win over §2's", () => {
    const remote = { kind: 'curtain', size: 'large', side: 'right' } as const;
    expect(dialogSettings({}, remote)).toMatchObject(remote);
    expect(dialogSettings({ size: 'small' }, remote).size).toBe('small');
  });
});

describe('confirm', () => {
  it('queues a confirm with its buttons and resolves true only for agree', async () => {
    const agreed = confirm({
      id: 'sign-out',
      title: 'Sign out?',
      agreeLabel: 'Yes',
      rejectLabel: 'No',
    });
    const entry = dialogQueue.getSnapshot().find((e) => e.id === 'sign-out');
    expect(entry).toMatchObject({
      kind: 'confirm',
      props: { agreeLabel: 'Yes', rejectLabel: 'No' },
    });
    dialogQueue.close('sign-out', true);
    await expect(agreed).resolves.toBe(true);

    const rejected = confirm({ id: 'burn', title: 'Burn bonuses?', agreeLabel: 'Burn' });
    expect(dialogQueue.getSnapshot().find((e) => e.id === 'burn')?.props).toEqual({
      text: undefined,
      agreeLabel: 'Burn',
      rejectLabel: undefined,
    });
    dialogQueue.close('burn');
    await expect(rejected).resolves.toBe(false);
  });
});

describe('useDialogs on a server-drawn page', () => {
  it('hydrates without a mismatch when a dialog opened before the host hydrated', async () => {
    const queue = createDialogQueue();
    function Host() {
      const { current } = useDialogs(queue);
      return <div>{current ? <p role="dialog">{String(current.title)}</p> : null}</div>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Host />);
    document.body.append(container);
    void queue.open({ id: 'quest', title: 'Quest complete' });
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Host />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('Quest complete');
    container.remove();
  });
});
