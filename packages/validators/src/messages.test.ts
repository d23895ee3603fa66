import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  defaultMessages,
  encodeMessage,
  FIELD_ERROR_CODES,
  translateMessage,
} from './messages.ts';

describe('messages', () => {
  it('has an English text for every code', () => {
    for (const code of FIELD_ERROR_CODES) expect(defaultMessages[code]).toBeTruthy();
  });

  it('uses the §5 default dictionary names as codes', () => {
    const dictionary = [
      'required',
      'email',
      'min_length',
      'max_length',
      'phone',
      'fakename',
      'password',
      'name',
      'address',
      'iban',
      'same_as',
      'regex',
      'card_number',
      'min_value',
      'max_value',
      'date',
    ];
    expect(FIELD_ERROR_CODES.slice(0, dictionary.length)).toEqual(dictionary);
    expect(new Set(FIELD_ERROR_CODES).size).toBe(FIELD_ERROR_CODES.length);
  });

  it.each([
    ['required', undefined, 'required'],
    ['min_length', { min: 6 }, 'min_length?min=6'],
    ['password', { chars: ' &=?' }, 'password?chars=+%26%3D%3F'],
    ['email', {}, 'email'],
  ] as const)('encodes %s %j as %j and back', (code, params, encoded) => {
    expect(encodeMessage(code, params)).toBe(encoded);
    const decoded = decodeMessage(encoded);
    expect(decoded.code).toBe(code);
    expect(decoded.params).toEqual(
      Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)])),
    );
  });

  it.each([
    ['required', 'Value required'],
    ['required?kind=phone', 'Insert phone number'],
    ['required?kind=email', 'Insert email address'],
    ['required?kind=unknown', 'Value required'],
    ['min_length?min=6', 'Min length 6'],
    ['max_length?max=20', 'Max length 20'],
    ['password?chars=+%26', 'Forbidden characters:  &'],
    ['same_as?other=password&kind=password', 'Passwords not equal'],
    ['same_as?other=email', 'Same as email'],
    ['sum', 'Wrong field'],
    ['name', 'Wrong field'],
    ['email', 'Wrong email address'],
    ['phone', 'Wrong phone format'],
    ['some_server_code', 'some_server_code'],
  ])('translates %j to %j', (message, text) => {
    expect(translateMessage(message)).toBe(text);
  });

  it('prefers the given dictionary, falls back to English, formats parameters', () => {
    const es = { min_length: 'Mínimo {min} caracteres', sum_range: 'De {min} a {max}' };
    expect(translateMessage('min_length?min=6', es)).toBe('Mínimo 6 caracteres');
    expect(translateMessage('email', es)).toBe('Wrong email address');
    expect(
      translateMessage('sum_range?min=10&max=500&currency=EUR', es, (name, value) =>
        name === 'min' || name === 'max' ? `${value} €` : value,
      ),
    ).toBe('De 10 € a 500 €');
    expect(translateMessage('min_length', es)).toBe('Mínimo {min} caracteres');
  });
});
