import { describe, expect, it } from 'vitest';
import { applyToggle, isFavourite, rollbackToggle, toggleFor } from './favourite-model.ts';

describe('favourite toggle', () => {
  it('toggles added ↔ removed', () => {
    const added = applyToggle([], toggleFor([], 'dice'));
    expect(added).toEqual(['dice']);
    expect(isFavourite(added, 'dice')).toBe(true);
    expect(toggleFor(added, 'dice')).toEqual({ sysname: 'dice', action: 'remove' });
    const removed = applyToggle(added, toggleFor(added, 'dice'));
    expect(removed).toEqual([]);
    expect(isFavourite(removed, 'dice')).toBe(false);
    expect(isFavourite(undefined, 'dice')).toBe(false);
  });

  it('never holds a game twice', () => {
    expect(applyToggle(['a', 'b'], { sysname: 'a', action: 'add' })).toEqual(['b', 'a']);
  });

  it('rolls back a failed add, keeping a toggle of another game made meanwhile', () => {
    const before = ['a'];
    const failed = toggleFor(before, 'b'); // add b
    const optimistic = applyToggle(before, failed);
    const meanwhile = applyToggle(optimistic, toggleFor(optimistic, 'c')); // add c, succeeds
    expect(rollbackToggle(meanwhile, failed, before)).toEqual(['a', 'c']);
  });

  it('rolls back a failed remove, putting the game back where it was', () => {
    const before = ['a', 'b', 'c'];
    const failed = toggleFor(before, 'b');
    expect(failed.action).toBe('remove');
    const optimistic = applyToggle(before, failed);
    expect(optimistic).toEqual(['a', 'c']);
    expect(rollbackToggle(optimistic, failed, before)).toEqual(['a', 'b', 'c']);
    // The games after it were removed meanwhile: it goes to the end.
    expect(rollbackToggle(['a'], failed, before)).toEqual(['a', 'b']);
    // Already back (a second click re-added it): nothing to do.
    expect(rollbackToggle(['a', 'b'], failed, before)).toEqual(['a', 'b']);
  });
});
