import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_DIALOG_ID, openAuthDialog } from './auth-dialog.ts';
import { closeDialog, dialogQueue, openDialog } from './dialogs.ts';

afterEach(() => {
  for (const entry of dialogQueue.getSnapshot()) closeDialog(entry.id);
});

describe('openAuthDialog', () => {
  it("queues the auth remote's popup on the asked view and resolves when it closes", async () => {
    let closed = false;
    const opened = openAuthDialog('registration').then(() => (closed = true));
    expect(dialogQueue.getSnapshot()).toEqual([
      expect.objectContaining({
        id: AUTH_DIALOG_ID,
        remote: 'auth',
        props: { view: 'registration' },
      }),
    ]);
    await Promise.resolve();
    expect(closed).toBe(false);
    closeDialog(AUTH_DIALOG_ID);
    await opened;
    expect(closed).toBe(true);
  });

  it('shares the one popup the URL flags open: the same id, so never a second one', async () => {
    const fromFlags = openDialog({
      id: AUTH_DIALOG_ID,
      remote: 'auth',
      props: { view: 'authorization' },
    });
    const fromPage = openAuthDialog('registration');
    expect(dialogQueue.getSnapshot()).toHaveLength(1);
    expect(dialogQueue.getSnapshot()[0]?.props).toEqual({ view: 'registration' });
    closeDialog(AUTH_DIALOG_ID);
    await expect(Promise.all([fromFlags, fromPage])).resolves.toBeDefined();
  });
});
