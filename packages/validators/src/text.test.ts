import { describe, expect, it } from 'vitest';
import {
  applyMask,
  applyMasks,
  isMaskComplete,
  maskSlots,
  pickMask,
  sortMasks,
  stripEmoji,
  unmask,
} from './text.ts';

describe('stripEmoji', () => {
  it.each([
    ['Lucky 🍀 player', 'Lucky  player'],
    ['👍🏽 ok', ' ok'],
    ['family 👨‍👩‍👧‍👦!', 'family !'],
    ['flag 🇪🇸', 'flag '],
    ['heart ❤️', 'heart '],
    ['keycap 1️⃣', 'keycap 1'],
    ['plain text, ñ, ü, ж, 中文, # * 0-9', 'plain text, ñ, ü, ж, 中文, # * 0-9'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripEmoji(input)).toBe(expected);
  });
});

describe('masks (# digit, @ letter, * letter or digit)', () => {
  it.each([
    ['1234567890', '(###) ###-####', '(123) 456-7890'],
    ['123', '(###) ###-####', '(123'],
    ['', '(###) ###-####', ''],
    ['(123) 456', '(###) ###-####', '(123) 456'],
    ['12a3b4', '###-###', '123-4'],
    ['123456789012', '### ###', '123 456'],
    ['ab12', '@@-##', 'ab-12'],
    ['1a2b', '@@-##', 'ab'],
    ['a1b2c3', '***-***', 'a1b-2c3'],
    ['ж1', '@#', 'ж1'],
  ])('applyMask(%j, %j) → %j', (input, mask, expected) => {
    expect(applyMask(input, mask)).toBe(expected);
  });

  it('counts the slots of a mask', () => {
    expect(maskSlots('(###) ###-####')).toBe(10);
    expect(maskSlots('@@-**')).toBe(4);
  });

  it('sorts several masks by length and picks the shortest that holds the input', () => {
    const masks = ['### ### ###', '### ###', '### ## ## ###'];
    expect(sortMasks(masks)).toEqual(['### ###', '### ### ###', '### ## ## ###']);
    expect(pickMask('123', masks)).toBe('### ###');
    expect(pickMask('1234567', masks)).toBe('### ### ###');
    expect(pickMask('1234567890', masks)).toBe('### ## ## ###');
    expect(pickMask('12345678901234', masks)).toBe('### ## ## ###');
    expect(pickMask('1', [])).toBeUndefined();
    expect(applyMasks('1234567', masks)).toBe('123 456 7');
    expect(applyMasks('1234567', '##-##')).toBe('12-34');
    expect(applyMasks('1234567', [])).toBe('1234567');
  });

  it.each([
    ['123 456', ['### ###'], true],
    ['123 45', ['### ###'], false],
    ['123 456 789', ['### ###', '### ### ###'], true],
    ['123-456', ['### ###'], false],
    ['abc 456', ['### ###'], false],
    ['ab-12', '@@-##', true],
  ])('isMaskComplete(%j, %j) → %s', (value, masks, complete) => {
    expect(isMaskComplete(value, masks)).toBe(complete);
  });

  it('unmasks to the typed characters', () => {
    expect(unmask('(123) 456-7890', '(###) ###-####')).toBe('1234567890');
    expect(unmask('(123) 4', '(###) ###-####')).toBe('1234');
  });
});
