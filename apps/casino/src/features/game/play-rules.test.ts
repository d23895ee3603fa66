import { describe, expect, it } from 'vitest';
import { gameMode, isLaunchRefusal, playUrl, realPlayBlock } from './play-rules.ts';

describe('how a game opens', () => {
  it('uses the §2 play link with the mode', () => {
    expect(playUrl('northstar-dice', 'real', 'en-US')).toBe(
      '/platform/game/northstar-dice/play?mode=real&lang=en-US',
    );
    expect(playUrl('a b', 'fun', 'es-ES')).toBe('/platform/game/a%20b/play?mode=fun&lang=es-ES');
  });

  it('opens real money for a player, asks a visitor, and never gives a visitor real money', () => {
    expect(gameMode(null, true)).toBe('real');
    expect(gameMode(null, false)).toBeNull();
    expect(gameMode('fun', false)).toBe('fun');
    expect(gameMode('fun', true)).toBe('fun');
    expect(gameMode('real', false)).toBeNull();
    expect(gameMode('real', true)).toBe('real');
  });
});

describe('what stops real money before the frame', () => {
  const base = {
    selfExcluded: false,
    balance: '25.00',
    freespinsLeft: 0,
    zeroBalanceSlotAccess: false,
  };

  it('a self-exclusion, whatever the balance', () => {
    expect(realPlayBlock({ ...base, selfExcluded: true })).toBe('self-excluded');
    expect(realPlayBlock(base)).toBeNull();
  });

  it('an empty balance without free spins, when the games config says so', () => {
    expect(realPlayBlock({ ...base, balance: '0.00' })).toBe('empty-balance');
    expect(realPlayBlock({ ...base, balance: '0' })).toBe('empty-balance');
    expect(realPlayBlock({ ...base, balance: '0.01' })).toBeNull();
    expect(realPlayBlock({ ...base, balance: '0.00', freespinsLeft: 3 })).toBeNull();
    expect(realPlayBlock({ ...base, balance: '0.00', zeroBalanceSlotAccess: true })).toBeNull();
    // Not known yet: the frame is not held back on a guess.
    expect(realPlayBlock({ ...base, balance: null })).toBeNull();
  });
});

describe('a refused launch in the frame', () => {
  const doc = (contentType: string, refusal = false) => ({
    contentType,
    querySelector: (selector: string) =>
      refusal && selector === '.refusal' ? ({} as Element) : null,
  });

  it("is the launch's plain-text answer or the game server's refusal page", () => {
    expect(isLaunchRefusal(doc('text/plain'))).toBe(true);
    expect(isLaunchRefusal(doc('text/html', true))).toBe(true);
    expect(isLaunchRefusal(doc('text/html'))).toBe(false);
    // Another origin's frame cannot be read: its provider shows its own errors.
    expect(isLaunchRefusal(null)).toBe(false);
  });
});
