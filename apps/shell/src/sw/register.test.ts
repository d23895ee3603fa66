import { describe, expect, it } from 'vitest';
import { isNewBuild } from './register.ts';

describe('a new build (§4 latest.json)', () => {
  it('is announced when latest.json names another build than the page runs', () => {
    expect(isNewBuild({ build: 'b2' }, 'b1')).toBe(true);
    expect(isNewBuild({ build: 'b1' }, 'b1')).toBe(false);
  });

  it('is not announced from an answer that names none', () => {
    for (const answer of [null, undefined, {}, { build: '' }, { build: 3 }, 'b2']) {
      expect(isNewBuild(answer, 'b1')).toBe(false);
    }
  });
});
