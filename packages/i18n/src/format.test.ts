import { describe, expect, it } from 'vitest';
import {
  currencyStyle,
  DEFAULT_DATE_TIME_JOINER,
  formatAmount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDateTimeAtFixedOffset,
  formatTime,
  normalizeAmount,
  resolveLocaleSegments,
  type AmountInput,
} from './format.ts';

/** Intl groups ru-RU thousands with a no-break space; write it visibly in the table. */
const NBSP = '\u00a0';

describe('formatCurrency (§9)', () => {
  it.each<[AmountInput, string, string, string]>([
    ['12.50', 'USD', 'en-US', '$ 12.50'],
    ['12.50', 'EUR', 'es-ES', '12,50 €'],
    ['12.50', 'EUR', 'en-US', '€ 12.50'],
    ['12.50', 'BRL', 'pt-BR', 'R$ 12,50'],
    ['12.50', 'RUB', 'ru-RU', '12,50 ₽'],
    ['1234567.89', 'USD', 'en-US', '$ 1,234,567.89'],
    ['1234567.89', 'RUB', 'ru-RU', `1${NBSP}234${NBSP}567,89 ₽`],
    ['12345.5', 'EUR', 'es-ES', '12.345,50 €'],
    ['12', 'EUR', 'es-ES', '12,00 €'],
    ['1000', 'JPY', 'en-US', '¥ 1,000'],
    ['-5.25', 'USD', 'en-US', '$ -5.25'],
    ['0.001', 'EUR', 'en-US', '€ 0.001'],
    ['12.5', 'USDT', 'en-US', '12.5 USDT'],
    [12.5, 'USD', 'en-US', '$ 12.50'],
    // zero if empty
    [null, 'USD', 'en-US', '0'],
    [undefined, 'EUR', 'es-ES', '0'],
    ['', 'EUR', 'es-ES', '0'],
    ['  ', 'EUR', 'es-ES', '0'],
    ['abc', 'EUR', 'es-ES', '0'],
    [Number.NaN, 'EUR', 'es-ES', '0'],
  ])('%j %s in %s → %j', (amount, currency, locale, expected) => {
    expect(formatCurrency(amount, currency, locale)).toBe(expected);
  });

  it('never rounds through floating point', () => {
    expect(formatCurrency('12345678901234567.89', 'USD', 'en-US')).toBe(
      '$ 12,345,678,901,234,567.89',
    );
    expect(formatCurrency('0.10', 'USD', 'en-US')).toBe('$ 0.10');
    expect(formatCurrency('1.005', 'USD', 'en-US')).toBe('$ 1.005');
    expect(formatCurrency('9007199254740993.01', 'EUR', 'es-ES')).toBe(
      '9.007.199.254.740.993,01 €',
    );
  });

  it('takes the symbol and side from options (general info’s available_currencies)', () => {
    expect(formatCurrency('10.00', 'EUR', 'en-US', { symbol: 'EUR', position: 'after' })).toBe(
      '10.00 EUR',
    );
    expect(formatCurrency('10', 'USD', 'es-ES', { symbol: 'US$', position: 'before' })).toBe(
      'US$ 10,00',
    );
    expect(formatCurrency('10', 'USD', 'en-US', { symbol: '' })).toBe('10.00');
    expect(formatCurrency('10', 'USD', 'en-US', { minimumFractionDigits: 0 })).toBe('$ 10');
  });

  it('knows where each locale puts the symbol', () => {
    expect(currencyStyle('USD', 'en-US')).toEqual({
      symbol: '$',
      position: 'before',
      fractionDigits: 2,
    });
    expect(currencyStyle('EUR', 'es-ES').position).toBe('after');
    expect(currencyStyle('BRL', 'pt-BR').position).toBe('before');
    expect(currencyStyle('RUB', 'ru-RU').position).toBe('after');
  });
});

describe('amounts', () => {
  it.each<[AmountInput, string | null]>([
    ['12.50', '12.50'],
    [' 007.10 ', '7.10'],
    ['.5', '0.5'],
    ['-0.00', '0.00'],
    ['+3', '3'],
    [3, '3'],
    [1e21, null],
    ['1e3', null],
    ['12,50', null],
    ['', null],
    [null, null],
  ])('normalizeAmount(%j) → %j', (amount, expected) => {
    expect(normalizeAmount(amount)).toBe(expected);
  });

  it('formats a bare amount with the fraction it has', () => {
    expect(formatAmount('1234.5', 'en-US')).toBe('1,234.5');
    expect(formatAmount('1234.5', 'en-US', 2)).toBe('1,234.50');
    expect(formatAmount(null, 'en-US')).toBe('0');
  });
});

describe('dates (§9)', () => {
  // 2024-03-05 07:04 UTC and 2024-12-31 22:30 UTC
  const morning = '2024-03-05T07:04:00Z';
  const lateNight = Date.UTC(2024, 11, 31, 22, 30);

  it.each([
    [morning, 0, '05.03.2024', '7:04'],
    [morning, 3, '05.03.2024', '10:04'],
    [lateNight, 0, '31.12.2024', '22:30'],
    [lateNight, 3, '01.01.2025', '1:30'],
    [new Date(Date.UTC(2024, 0, 1, 0, 0)), -5, '31.12.2023', '19:00'],
    ['2024-06-15 12:09:00Z', 0, '15.06.2024', '12:09'],
  ])('%j at UTC%s: %s %s', (value, offsetHours, date, time) => {
    expect(formatDate(value, { offsetHours })).toBe(date);
    expect(formatTime(value, { offsetHours })).toBe(time);
  });

  it('uses the viewer’s zone without an offset', () => {
    const local = new Date(2024, 2, 5, 9, 7);
    expect(formatDate(local)).toBe('05.03.2024');
    expect(formatTime(local)).toBe('9:07');
    expect(formatDateTime(local)).toBe('05.03.2024 a las 9:07');
  });

  it('joins date and time with "a las" unless told otherwise', () => {
    expect(DEFAULT_DATE_TIME_JOINER).toBe('a las');
    expect(formatDateTime(morning, { offsetHours: 0 })).toBe('05.03.2024 a las 7:04');
    expect(formatDateTime(morning, { offsetHours: 0, joiner: 'at' })).toBe('05.03.2024 at 7:04');
  });

  it('has a helper at the fixed 3-hour offset', () => {
    expect(formatDateTimeAtFixedOffset(lateNight)).toBe('01.01.2025 a las 1:30');
    expect(formatDateTimeAtFixedOffset(morning, { joiner: 'в' })).toBe('05.03.2024 в 10:04');
  });

  it.each(['', 'not a date', Number.NaN, new Date('x')])('%j formats as empty', (value) => {
    expect(formatDate(value)).toBe('');
    expect(formatTime(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });
});

describe('resolveLocaleSegments (§3)', () => {
  it.each([
    ['##en-US:Hello;es-ES:Hola##', 'es-ES', 'Hola'],
    ['##en-US:Hello;es-ES:Hola##', 'en-US', 'Hello'],
    ['##en-US:Hello;es-ES:Hola##', 'ru-RU', 'Hello'],
    ['##es-ES:Hola;pt-BR:Olá##', 'ru-RU', 'Hola'],
    ['##en:Hello;es:Hola##', 'es-ES', 'Hola'],
    ['##EN-us:Hello;es_ES:Hola##', 'es-ES', 'Hola'],
    [
      'Welcome, ##en-US:friend;es-ES:amigo##! ##en-US:Play;es-ES:Juega## now',
      'es-ES',
      'Welcome, amigo! Juega now',
    ],
    ['##en-US:Time: 10:00;es-ES:Hora: 10:00##', 'es-ES', 'Hora: 10:00'],
    ['##en-US:a;b;es-ES:c##', 'en-US', 'a;b'],
    ['##en-US:##', 'en-US', ''],
    ['##en-US:Line one\nline two;es-ES:Una##', 'en-US', 'Line one\nline two'],
    ['No segments here', 'es-ES', 'No segments here'],
    ['## Heading\n## Another', 'es-ES', '## Heading\n## Another'],
    ['Price ##100## today', 'es-ES', 'Price ##100## today'],
  ])('%j in %s → %j', (text, locale, expected) => {
    expect(resolveLocaleSegments(text, locale, 'en-US')).toBe(expected);
  });
});
