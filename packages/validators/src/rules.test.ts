import { describe, expect, it } from 'vitest';
import {
  address,
  allowedCharacters,
  cardHolder,
  cardNumber,
  custom,
  date,
  email,
  fakename,
  iban,
  maskComplete,
  maxLength,
  maxValue,
  minLength,
  minValue,
  name,
  password,
  phone,
  postcode,
  regex,
  required,
  sum,
  username,
  verificationCode,
  type FieldRule,
} from './rules.ts';
import { firstMessage } from './test-utils.ts';

type Case = [input: string, expected: string | null];

/** Each rule: inputs that pass (null) and fail (the encoded message). */
const TABLE: [string, FieldRule[], Case[]][] = [
  [
    'required',
    [required()],
    [
      ['x', null],
      [' a ', null],
      ['', 'required'],
      ['   ', 'required'],
      ['\t\n', 'required'],
    ],
  ],
  [
    'required (phone text)',
    [required({ kind: 'phone' })],
    [
      ['1', null],
      ['', 'required?kind=phone'],
    ],
  ],
  [
    'email',
    [email()],
    [
      ['', null],
      ['player@example.com', null],
      ['first.last+tag@mail.example.com', null],
      ['ñandú@correo.es', null],
      [' player@example.com ', null],
      ['player@example', 'email'],
      ['player@a.b.c.d', 'email'],
      ['player@@example.com', 'email'],
      ['play er@example.com', 'email'],
      ['player@exa mple.com', 'email'],
      ['@example.com', 'email'],
      ['player@.com', 'email'],
      ['player@example.', 'email'],
      ['player.example.com', 'email'],
    ],
  ],
  [
    'min_length',
    [minLength(3)],
    [
      ['', null],
      ['abc', null],
      ['ñáé', null],
      ['ab', 'min_length?min=3'],
    ],
  ],
  [
    'max_length',
    [maxLength(3)],
    [
      ['', null],
      ['abc', null],
      ['👍👍👍', null],
      ['abcd', 'max_length?max=3'],
    ],
  ],
  [
    'phone',
    [phone()],
    [
      ['', null],
      ['+34 612 345 678', null],
      ['34612345678', null],
      ['+1 213 373 4253', null],
      ['+44 7400 123456', null],
      ['+7 912 345-67-89', null],
      ['+55 11 91234-5678', null],
      ['+49 1512 3456789', null],
      ['123', 'phone'],
      ['+34 12', 'phone'],
      ['+999 1234567', 'phone'],
      ['+1 123 456 78901234', 'phone'],
    ],
  ],
  [
    'phone (national for a default country)',
    [phone({ defaultCountry: 'ES' })],
    [
      ['612345678', null],
      ['12', 'phone'],
    ],
  ],
  [
    'fakename',
    [fakename()],
    [
      ['', null],
      ['Lucky7', null],
      ['Игрок', null],
      ['abcd', null],
      ['abc', 'min_length?min=4'],
      ['lucky,7', 'fakename'],
      ['lucky_7', 'fakename'],
      ['lucky 7', 'fakename'],
      ['lucky"7', 'fakename'],
      ["lucky'7", 'fakename'],
      ['lucky-7', 'fakename'],
      ['lucky!7', 'fakename'],
      ['lucky@7', 'fakename'],
    ],
  ],
  [
    'password',
    [password()],
    [
      ['', null],
      ['abc123', null],
      ['P@ssw0rd!#$%^&*()_+', null],
      ['a'.repeat(20), null],
      ['abc12', 'min_length?min=6'],
      ['a'.repeat(21), 'max_length?max=20'],
      ['pass word', 'password?chars=+'],
      ['pässwörd', 'password?chars=%C3%A4%C3%B6'],
      ['пароль12', 'password?chars=%D0%BF%D0%B0%D1%80%D0%BE%D0%BB%D1%8C'],
    ],
  ],
  [
    'name',
    [name()],
    [
      ['', null],
      ['María José', null],
      ["O'Brien-Smith", null],
      ['Иван', null],
      ['John2', 'name'],
      ...'@_"!?#$%^&*(){}[]|/\\<>~§+:;`'.split('').map((c): Case => [`Jo${c}hn`, 'name']),
    ],
  ],
  [
    'address',
    [address()],
    [
      ['', null],
      ['Calle Mayor 12, 3/4', null],
      ['Main St. 5 | Apt 2', null],
      ["O'Connell St-1", null],
      ...'@_"!?#$%^&*(){}[]\\<>~§+:;`'.split('').map((c): Case => [`Main ${c} 5`, 'address']),
    ],
  ],
  [
    'regex',
    [regex(/^[A-Z]{2}\d+$/g)],
    [
      ['', null],
      ['AB12', null],
      ['AB34', null],
      ['ab12', 'regex'],
    ],
  ],
  [
    'regex from a string pattern',
    [regex('^\\d{3}$')],
    [
      ['123', null],
      ['1234', 'regex'],
    ],
  ],
  [
    'card_number',
    [cardNumber()],
    [
      ['', null],
      ['new', null],
      ['NEW', 'card_number'],
      ['New', 'card_number'],
      ['411111...1111', null],
      ['4111 1111 1111 1111', null],
      ['4111-1111-1111-1111', null],
      ['4111111111111112', 'card_number'],
      ['41111...1111', 'card_number'],
      ['411111..1111', 'card_number'],
      ['newer', 'card_number'],
      ['0', 'card_number'],
      ['4111abcd11111111', 'card_number'],
    ],
  ],
  [
    'min_value',
    [minValue(10)],
    [
      ['', null],
      ['10', null],
      ['10.5', null],
      ['1,000', null],
      ['9.99', 'min_value?min=10'],
      ['abc', 'min_value?min=10'],
      ['-20', 'min_value?min=10'],
    ],
  ],
  [
    'max_value',
    [maxValue(1000)],
    [
      ['', null],
      ['1,000', null],
      ['999.99', null],
      ['1,000.01', 'max_value?max=1000'],
      ['1,500', 'max_value?max=1000'],
      ['ten', 'max_value?max=1000'],
    ],
  ],
  [
    'date',
    [date({ min: '1900-01-01', max: '2008-06-30' })],
    [
      ['', null],
      ['31.12.1990', null],
      ['1.2.1990', null],
      ["31'12'1990", null],
      ['31,12,1990', null],
      ['31-12-1990', null],
      ['1990-12-31', null],
      ['30.06.2008', null],
      ['01.01.1900', null],
      ['01.07.2008', 'date?max=2008-06-30'],
      ['31.12.1899', 'date?min=1900-01-01'],
      ['31.12.90', 'date'],
      ['31/12/1990', 'date'],
      ['31.02.1990', 'date'],
      ['29.02.2001', 'date'],
      ['32.01.1990', 'date'],
      ['12.13.1990', 'date'],
      ['yesterday', 'date'],
    ],
  ],
  [
    'date (leap day, no bounds)',
    [date()],
    [
      ['29.02.2000', null],
      ['29.02.1900', 'date'],
    ],
  ],
  [
    'verification_code',
    [verificationCode()],
    [
      ['', null],
      ['012345', null],
      ['12345', 'verification_code'],
      ['1234567', 'verification_code'],
      ['12345a', 'verification_code'],
      ['123 456', 'verification_code'],
    ],
  ],
  [
    'sum',
    [sum({ min: 10, max: 5000, currency: 'EUR' })],
    [
      ['', null],
      ['10', null],
      ['5000', null],
      ['250', null],
      ['0', 'sum'],
      ['010', 'sum'],
      ['10.5', 'sum'],
      ['-10', 'sum'],
      ['1,000', 'sum'],
      ['ten', 'sum'],
      ['9', 'sum_range?min=10&max=5000&currency=EUR'],
      ['5001', 'sum_range?min=10&max=5000&currency=EUR'],
    ],
  ],
  [
    'postcode',
    [postcode()],
    [
      ['', null],
      ['28013', null],
      ['12345678', null],
      ['123456789', 'postcode'],
      ['SW1A 1AA', 'postcode'],
      ['12-345', 'postcode'],
    ],
  ],
  [
    'postcode with a custom pattern',
    [postcode(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/)],
    [
      ['SW1A 1AA', null],
      ['28013', 'postcode'],
    ],
  ],
  [
    'card_holder',
    [cardHolder()],
    [
      ['', null],
      ['JOHN SMITH', null],
      ["Anne-Marie O'Neil Jr.", null],
      ['José Núñez', null],
      ['John Smith 2', 'card_holder'],
      ['John_Smith', 'card_holder'],
    ],
  ],
  [
    'username',
    [username()],
    [
      ['', null],
      ['lucky_player.7', null],
      ['lucky player', 'username'],
      ['lucky-player', 'username'],
      ['lucky"player', 'username'],
      ['lucky,player', 'username'],
    ],
  ],
  [
    'allowed_characters',
    [allowedCharacters()],
    [
      ['', null],
      ['Hello, world!', null],
      ['Привет, мир.', null],
      ['Jānis Bērziņš; Rīga', null],
      ['Grüße', 'allowed_characters?chars=%C3%BC%C3%9F'],
      ['你好', 'allowed_characters?chars=%E4%BD%A0%E5%A5%BD'],
    ],
  ],
  [
    'mask',
    [maskComplete(['### ###', '### ### ###'])],
    [
      ['', null],
      ['123 456', null],
      ['123 456 789', null],
      ['123 45', 'mask'],
      ['123 456 78', 'mask'],
      ['123-456', 'mask'],
    ],
  ],
  [
    'custom with a pattern',
    [custom('^ok$')],
    [
      ['ok', null],
      ['', null],
      ['no', 'regex'],
    ],
  ],
  [
    'custom without a pattern',
    [custom(null)],
    [
      ['anything', null],
      ['', 'required'],
    ],
  ],
];

describe.each(TABLE)('%s', (_rule, rules, cases) => {
  it.each(cases)('%j → %j', (input, expected) => {
    expect(firstMessage(input, ...rules)).toBe(expected);
  });
});

describe('rule order in a field', () => {
  it('reports required before the other rules', () => {
    expect(firstMessage('', required(), email())).toBe('required');
    expect(firstMessage(null, required(), email())).toBe('required');
    expect(firstMessage(undefined, required())).toBe('required');
    expect(firstMessage('bad', required(), email())).toBe('email');
  });

  it('accepts numbers from numeric inputs', () => {
    expect(firstMessage(25, required(), minValue(10))).toBeNull();
    expect(firstMessage(5, minValue(10))).toBe('min_value?min=10');
  });

  it('lets optional fields stay empty', () => {
    expect(firstMessage('', email(), minLength(3), phone(), iban())).toBeNull();
  });
});
