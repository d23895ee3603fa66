import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { bookLabels, signedLine } from './index.ts';

const english = bookLabels(setupI18n({ locale: 'en-US', messages: { 'en-US': {} } }));

describe('the sportsbook’s words', () => {
  it('names markets and outcomes from their keys, lines signed for handicaps', () => {
    expect(english.market('1x2', null)).toBe('Match result');
    expect(english.market('total', '2.5')).toBe('Total 2.5');
    expect(english.market('handicap', '1.5')).toBe('Handicap +1.5');
    expect(english.market('handicap', '-1.5')).toBe('Handicap -1.5');
    const naming = { home: 'Arsenal', away: 'Chelsea' };
    expect(english.outcome({ ...naming, market: 'handicap', line: '-1.5', outcome: 'home' })).toBe(
      'Arsenal -1.5',
    );
    expect(english.outcome({ ...naming, market: 'handicap', line: '-1.5', outcome: 'away' })).toBe(
      'Chelsea +1.5',
    );
    expect(
      english.outcome({ ...naming, market: 'double-chance', line: null, outcome: 'home-away' }),
    ).toBe('Arsenal or Chelsea');
    expect(english.outcome({ ...naming, market: 'total', line: '2.5', outcome: 'over' })).toBe(
      'Over 2.5',
    );
    // An outright's outcome is its name.
    expect(
      english.outcome({ ...naming, market: 'outright', line: null, outcome: 'Northbridge FC' }),
    ).toBe('Northbridge FC');
    expect(english.short('1x2', 'draw', null)).toBe('X');
    expect(english.short('total', 'under', '3.5')).toBe('U 3.5');
    expect(signedLine('0')).toBe('0');
  });

  it('names bet types, named systems as the trade does', () => {
    expect(english.betKind('single', 1)).toBe('Single');
    expect(english.betKind('accumulator', 3)).toBe('Accumulator (3 folds)');
    expect(english.betKind('system:2', 4)).toBe('System 2/4');
    expect(english.betKind('lucky15', 4)).toBe('Lucky 15');
    expect(english.betStatus('cashed-out')).toBe('Cashed out');
    expect(english.legResult('half-won')).toBe('Half won');
  });

  it('says them in the page’s language from the app’s catalog', () => {
    const spanish = bookLabels(
      setupI18n({
        locale: 'es-ES',
        messages: {
          'es-ES': { 'bets.market.total': 'Total {line}', 'bets.outcome.draw': 'Empate' },
        },
      }),
    );
    expect(
      spanish.outcome({ market: '1x2', line: null, outcome: 'draw', home: 'A', away: 'B' }),
    ).toBe('Empate');
    expect(spanish.market('total', '2.5')).toBe('Total 2.5');
  });
});
