import { describe, expect, it } from 'vitest';
import { GAMES_CONFIG_DEFAULTS, readGamesConfig } from './games-config.ts';

describe('readGamesConfig', () => {
  it('takes every known value an operator set', () => {
    expect(
      readGamesConfig({
        itemOrientation: 'vertical',
        zeroBalanceSlotAccess: false,
        favouriteIcon: 'star',
        fullScreenVisibility: 'telegram',
        hallType: 'items',
        providers: ['northstar', 'aurora'],
        showRtp: false,
      }),
    ).toEqual({
      itemOrientation: 'vertical',
      zeroBalanceSlotAccess: false,
      favouriteIcon: 'star',
      fullScreenVisibility: 'telegram',
      hallType: 'items',
      providers: ['northstar', 'aurora'],
      showRtp: false,
    });
  });

  it('keeps the default for values it does not know, and for a missing config', () => {
    expect(
      readGamesConfig({
        itemOrientation: 'diagonal',
        zeroBalanceSlotAccess: 'no',
        fullScreenVisibility: 'sometimes',
        providers: ['ok', 7],
        showRtp: 'no',
      }),
    ).toEqual({ ...GAMES_CONFIG_DEFAULTS, providers: ['ok'] });
    expect(readGamesConfig(undefined)).toEqual(GAMES_CONFIG_DEFAULTS);
  });
});
