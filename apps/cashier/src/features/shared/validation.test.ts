import { describe, expect, it } from 'vitest';
import { cardField, fieldError, ibanField, sumField, translateFieldMessage } from './validation.ts';

describe('sum field (§5)', () => {
  const schema = sumField({ min: 10, max: 500 }, 'EUR');
  it('is required', () => {
    expect(fieldError(schema, '  ')).toBe('required');
  });
  it('refuses a leading zero, decimals, signs and letters as a wrong field', () => {
    for (const value of ['010', '10.5', '-10', '1e3', 'ten', '0']) {
      expect(fieldError(schema, value)).toBe('sum');
    }
  });
  it('reports an amount outside the range with the bounds and currency', () => {
    const message = fieldError(schema, '5');
    expect(message).toMatch(/^sum_range\?/);
    expect(translateFieldMessage(message!, 'en-US')).toBe('Enter an amount from € 10 to € 500');
    expect(fieldError(schema, '501')).toMatch(/^sum_range/);
  });
  it('passes a whole amount in range', () => {
    expect(fieldError(schema, '10')).toBeNull();
    expect(fieldError(schema, '500')).toBeNull();
  });
  it('translates the messages into the page language', () => {
    expect(translateFieldMessage('sum', 'es-ES')).toBe('Valor no válido');
    expect(translateFieldMessage(fieldError(schema, '1')!, 'es-ES')).toBe(
      'Introduce un importe entre 10 € y 500 €',
    );
  });
});

describe('card and IBAN fields (§5)', () => {
  it('accepts a Luhn-valid number and the masked form of a saved card', () => {
    expect(fieldError(cardField(), '4242 4242 4242 4242')).toBeNull();
    expect(fieldError(cardField(), '424242...4242')).toBeNull();
  });
  it('refuses a number that fails Luhn', () => {
    expect(fieldError(cardField(), '4242 4242 4242 4241')).toBe('card_number');
  });
  it('checks the IBAN structure and checksum', () => {
    expect(fieldError(ibanField(), 'ES91 2100 0418 4502 0005 1332')).toBeNull();
    expect(fieldError(ibanField(), 'ES91 2100 0418 4502 0005 1333')).toBe('iban');
    expect(fieldError(ibanField(), '')).toBe('required');
  });
});
