// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ConfirmDialog, DialogFrame, type DialogFrameProps } from './dialog.tsx';
import { setup } from './testing/setup.tsx';

afterEach(cleanup);

/** A page with an opener button, the dialog it opens, and a button behind the dialog. */
function Page(props: Partial<DialogFrameProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const { onClosed, ...frame } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <DialogFrame
        title="Sign in"
        closeLabel="Close"
        {...frame}
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
      >
        <label>
          Login <input name="login" />
        </label>
        <button type="button">Submit</button>
      </DialogFrame>
    </>
  );
}

describe('DialogFrame', () => {
  it('is a labelled modal dialog that focuses its first field and locks the page scroll', async () => {
    const { user } = setup(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Login'));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Esc, unlocks the scroll and gives focus back to the opener', async () => {
    const onClosed = vi.fn();
    const { user } = setup(<Page onClosed={onClosed} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('closes on an overlay click but not on a click inside the panel', async () => {
    const onClosed = vi.fn();
    const { user } = setup(<Page onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('heading', { name: 'Sign in' }));
    expect(onClosed).not.toHaveBeenCalled();
    const overlay = screen.getByRole('dialog').parentElement!;
    await user.click(overlay);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = setup(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const login = screen.getByLabelText('Login');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(document.activeElement).toBe(login);
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(login);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(submit);
    // Focus never reached the page behind the dialog.
    expect(screen.getByRole('button', { name: 'Behind', hidden: true })).not.toBe(
      document.activeElement,
    );
  });

  it('brings focus back when it lands on the page behind', async () => {
    const { user } = setup(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('button', { name: 'Behind', hidden: true }).focus();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('with preventClose: no close button, Esc and the overlay do nothing (§2 prevent_close)', async () => {
    const onClosed = vi.fn();
    const { user } = setup(<Page preventClose onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('with hideClose: no close button, but Esc still closes', async () => {
    const onClosed = vi.fn();
    const { user } = setup(<Page hideClose onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('defaults to a medium popup; a curtain slides from the left unless told right', async () => {
    const { user, unmount } = setup(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog').dataset.dialogKind).toBe('popup');
    unmount();
    const curtain = setup(<Page kind="curtain" />);
    await curtain.user.click(screen.getByRole('button', { name: 'Open' }));
    const overlay = screen.getByRole('dialog').parentElement!;
    expect(getComputedStyle(overlay).justifyContent).toBe('flex-start');
    curtain.unmount();
    const right = setup(<Page kind="curtain" side="right" />);
    await right.user.click(screen.getByRole('button', { name: 'Open' }));
    expect(getComputedStyle(screen.getByRole('dialog').parentElement!).justifyContent).toBe(
      'flex-end',
    );
  });

  it('nested dialogs: Esc closes only the top one and the scroll stays locked under it', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <>
          <DialogFrame
            open={outer}
            title="Outer"
            closeLabel="Close"
            onClose={() => setOuter(false)}
          >
            <p>outer</p>
          </DialogFrame>
          <DialogFrame
            open={inner}
            title="Inner"
            closeLabel="Close"
            onClose={() => setInner(false)}
          >
            <p>inner</p>
          </DialogFrame>
        </>
      );
    }
    const { user } = setup(<Nested />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('ConfirmDialog', () => {
  it('asks with reject and agree buttons, focusing the reject one', async () => {
    const onAgree = vi.fn();
    const onClose = vi.fn();
    const { user } = setup(
      <ConfirmDialog
        open
        title="Remove the bonus?"
        closeLabel="Close"
        onClose={onClose}
        rejectLabel="Keep it"
        agreeLabel="Remove"
        onAgree={onAgree}
      >
        The bonus and its winnings are lost.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the bonus?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onAgree).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('draws only the buttons it has labels for (§2: either may be missing)', () => {
    setup(
      <ConfirmDialog open title="Email sent" closeLabel="Close" onClose={() => {}} agreeLabel="OK">
        Check your inbox.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(2); // OK and the close button
    cleanup();
    setup(
      <ConfirmDialog open title="Notice" closeLabel="Close" onClose={() => {}} hideClose>
        Nothing to answer.
      </ConfirmDialog>,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
