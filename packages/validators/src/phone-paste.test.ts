import { describe, expect, it } from 'vitest';
import { parsePhonePaste, type PhoneCountryOption } from './phone.ts';

const OPTIONS: PhoneCountryOption[] = [
  { country_code: 'US', phone_code: '1', name: 'United States', mask: '(###) ###-####' },
  {
    country_code: 'BR',
    phone_code: '55',
    name: 'Brazil',
    mask: ['(##) ####-####', '(##) #####-####'],
  },
  { country_code: 'ES', phone_code: '34', name: 'Spain', mask: '### ### ###' },
  { country_code: 'PT', phone_code: '351', name: 'Portugal', mask: '### ### ###' },
  { country_code: 'GB', phone_code: '44', name: 'United Kingdom', mask: '#### ######' },
  { country_code: 'RU', phone_code: '7', name: 'Russia', mask: '### ###-##-##' },
];
const byCode = (code: string) => OPTIONS.find((o) => o.country_code === code);

describe('parsePhonePaste', () => {
  it.each([
    ['+44 7700 900123', 'GB', '7700900123', '7700 900123'],
    ['+55 (11) 91234-5678', 'BR', '11912345678', '(11) 91234-5678'],
    ['+55 11 3456-7890', 'BR', '1134567890', '(11) 3456-7890'],
    ['0034 612 345 678', 'ES', '612345678', '612 345 678'],
    ['+7 912 345-67-89', 'RU', '9123456789', '912 345-67-89'],
    ['+351 912 345 678', 'PT', '912345678', '912 345 678'],
  ])('%s → %s %s', (text, country, digits, masked) => {
    const parsed = parsePhonePaste(text, OPTIONS);
    expect(parsed.option?.country_code).toBe(country);
    expect(parsed.digits).toBe(digits);
    expect(parsed.masked).toBe(masked);
    expect(parsed.overflow).toBe(false);
  });

  it('the longest phone code wins (351 over 3…)', () => {
    expect(parsePhonePaste('351912345678', OPTIONS).option?.country_code).toBe('PT');
  });

  it('flags a number longer than its mask and keeps every digit', () => {
    const parsed = parsePhonePaste('+34 612 345 678 99', OPTIONS);
    expect(parsed.option?.country_code).toBe('ES');
    expect(parsed.overflow).toBe(true);
    expect(parsed.digits).toBe('61234567899');
  });

  it('a number without a known prefix stays in the current country', () => {
    const parsed = parsePhonePaste('(212) 555-0123', OPTIONS.slice(1), byCode('US'));
    expect(parsed.option?.country_code).toBe('US');
    expect(parsed.digits).toBe('2125550123');
    expect(parsed.masked).toBe('(212) 555-0123');
  });
});
