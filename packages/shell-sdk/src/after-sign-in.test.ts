import { describe, expect, it, vi } from 'vitest';
import { createAfterSignInRegistry } from './after-sign-in.ts';
import { createDialogQueue } from './dialogs.ts';

const context = { user: { uid: 7, login: 'demo@northstar.test', fakename: null } };
const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the after-sign-in queue (§4 After login)', () => {
  it('opens social registration, then unseen cashback, then campaign, whatever order they register and answer in', async () => {
    const registry = createAfterSignInRegistry();
    const queue = createDialogQueue();
    registry.register('campaign', () => ({ id: 'campaign', remote: 'promo' }));
    registry.register('unseen-cashback', () => later(20, { id: 'cashback', title: 'Cashback' }));
    registry.register('social-registration', () =>
      later(40, { id: 'social-registration', title: 'Finish signing up' }),
    );
    const opened = await registry.run(context, (dialog) => queue.open(dialog));
    expect(opened).toEqual(['social-registration', 'cashback', 'campaign']);
    expect(queue.getSnapshot().map((e) => e.id)).toEqual([
      'social-registration',
      'cashback',
      'campaign',
    ]);
  });

  it('skips the checks that find nothing or fail, and keeps the order of the rest', async () => {
    const registry = createAfterSignInRegistry();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    registry.register('social-registration', () => null);
    registry.register('unseen-cashback', () => Promise.reject(new Error('offline')));
    registry.register('campaign', () => ({ id: 'campaign', remote: 'promo' }));
    registry.register('campaign', () => ({ id: 'second-campaign', title: 'Summer' }));
    const open = vi.fn();
    expect(await registry.run(context, open)).toEqual(['campaign', 'second-campaign']);
    expect(open.mock.calls.map(([dialog]) => dialog.id)).toEqual(['campaign', 'second-campaign']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('gives each check the signed-in player and forgets a removed check', async () => {
    const registry = createAfterSignInRegistry();
    const check = vi.fn(() => null);
    const remove = registry.register('unseen-cashback', check);
    await registry.run(context, () => {});
    expect(check).toHaveBeenCalledWith(context);
    remove();
    await registry.run(context, () => {});
    expect(check).toHaveBeenCalledOnce();
  });
});
