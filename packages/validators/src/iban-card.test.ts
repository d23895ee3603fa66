import { describe, expect, it } from 'vitest';
import { isValidCardNumber, passesLuhn } from './card.ts';
import { cardNumber, iban } from './rules.ts';
import { firstMessage } from './test-utils.ts';

// Example IBANs published in the SWIFT IBAN registry and the national banks' documentation.
const IBANS: [country: string, iban: string][] = [
  ['Andorra', 'AD1200012030200359100100'],
  ['United Arab Emirates', 'AE070331234567890123456'],
  ['Albania', 'AL47212110090000000235698741'],
  ['Austria', 'AT611904300234573201'],
  ['Azerbaijan', 'AZ21NABZ00000000137010001944'],
  ['Bosnia and Herzegovina', 'BA391290079401028494'],
  ['Belgium', 'BE68539007547034'],
  ['Bulgaria', 'BG80BNBG96611020345678'],
  ['Bahrain', 'BH67BMAG00001299123456'],
  ['Brazil', 'BR1800360305000010009795493C1'],
  ['Switzerland', 'CH9300762011623852957'],
  ['Costa Rica', 'CR05015202001026284066'],
  ['Cyprus', 'CY17002001280000001200527600'],
  ['Czechia', 'CZ6508000000192000145399'],
  ['Germany', 'DE89370400440532013000'],
  ['Denmark', 'DK5000400440116243'],
  ['Dominican Republic', 'DO28BAGR00000001212453611324'],
  ['Estonia', 'EE382200221020145685'],
  ['Spain', 'ES9121000418450200051332'],
  ['Finland', 'FI2112345600000785'],
  ['Faroe Islands', 'FO6264600001631634'],
  ['France', 'FR1420041010050500013M02606'],
  ['United Kingdom', 'GB29NWBK60161331926819'],
  ['Georgia', 'GE29NB0000000101904917'],
  ['Gibraltar', 'GI75NWBK000000007099453'],
  ['Greenland', 'GL8964710001000206'],
  ['Greece', 'GR1601101250000000012300695'],
  ['Guatemala', 'GT82TRAJ01020000001210029690'],
  ['Croatia', 'HR1210010051863000160'],
  ['Hungary', 'HU42117730161111101800000000'],
  ['Ireland', 'IE29AIBK93115212345678'],
  ['Israel', 'IL620108000000099999999'],
  ['Iceland', 'IS140159260076545510730339'],
  ['Italy', 'IT60X0542811101000000123456'],
  ['Jordan', 'JO94CBJO0010000000000131000302'],
  ['Kuwait', 'KW81CBKU0000000000001234560101'],
  ['Kazakhstan', 'KZ86125KZT5004100100'],
  ['Lebanon', 'LB62099900000001001901229114'],
  ['Liechtenstein', 'LI21088100002324013AA'],
  ['Lithuania', 'LT121000011101001000'],
  ['Luxembourg', 'LU280019400644750000'],
  ['Latvia', 'LV80BANK0000435195001'],
  ['Monaco', 'MC5811222000010123456789030'],
  ['Moldova', 'MD24AG000225100013104168'],
  ['Montenegro', 'ME25505000012345678951'],
  ['North Macedonia', 'MK07250120000058984'],
  ['Mauritania', 'MR1300020001010000123456753'],
  ['Malta', 'MT84MALT011000012345MTLCAST001S'],
  ['Mauritius', 'MU17BOMM0101101030300200000MUR'],
  ['Netherlands', 'NL91ABNA0417164300'],
  ['Norway', 'NO9386011117947'],
  ['Pakistan', 'PK36SCBL0000001123456702'],
  ['Poland', 'PL61109010140000071219812874'],
  ['Palestine', 'PS92PALS000000000400123456702'],
  ['Portugal', 'PT50000201231234567890154'],
  ['Qatar', 'QA58DOHB00001234567890ABCDEFG'],
  ['Romania', 'RO49AAAA1B31007593840000'],
  ['Serbia', 'RS35260005601001611379'],
  ['Saudi Arabia', 'SA0380000000608010167519'],
  ['Sweden', 'SE4550000000058398257466'],
  ['Slovenia', 'SI56263300012039086'],
  ['Slovakia', 'SK3112000000198742637541'],
  ['San Marino', 'SM86U0322509800000000270100'],
  ['Tunisia', 'TN5910006035183598478831'],
  ['Turkey', 'TR330006100519786457841326'],
  ['Ukraine', 'UA213223130000026007233566001'],
  ['British Virgin Islands', 'VG96VPVG0000012345678901'],
  ['Kosovo', 'XK051212012345678906'],
];

/** Bumps the last digit of the check digits (positions 2-3), which breaks the mod-97 sum. */
function withWrongCheckDigits(value: string): string {
  const check = Number(value.slice(2, 4));
  const wrong = String((check + 1) % 100).padStart(2, '0');
  return `${value.slice(0, 2)}${wrong}${value.slice(4)}`;
}

describe('iban', () => {
  it('covers at least 30 countries', () => {
    expect(new Set(IBANS.map(([, value]) => value.slice(0, 2))).size).toBeGreaterThanOrEqual(30);
  });

  it.each(IBANS)('%s: %s passes', (_country, value) => {
    expect(firstMessage(value, iban())).toBeNull();
  });

  it.each(IBANS)('%s: the printed form (groups of 4, lower case) passes', (_country, value) => {
    const printed = value.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(firstMessage(printed, iban())).toBeNull();
  });

  it.each(IBANS)('%s: wrong check digits fail', (_country, value) => {
    expect(firstMessage(withWrongCheckDigits(value), iban())).toBe('iban');
  });

  it.each(IBANS)('%s: a missing character fails', (_country, value) => {
    expect(firstMessage(value.slice(0, -1), iban())).toBe('iban');
  });

  it.each([
    ['unknown country', 'ZZ6800000000000000'],
    ['letters where the country wants digits', 'DE89370400440532O13000'],
    ['too long', 'DE8937040044053201300000'],
    ['not an IBAN', 'hello'],
    ['digits only', '1234567890123456'],
  ])('%s fails', (_label, value) => {
    expect(firstMessage(value, iban())).toBe('iban');
  });
});

// Public test card numbers (payment providers' sandboxes).
const CARDS: [brand: string, number: string][] = [
  ['Visa', '4111111111111111'],
  ['Visa', '4012888888881881'],
  ['Visa (13 digits)', '4222222222222'],
  ['Visa', '4242424242424242'],
  ['Mastercard', '5555555555554444'],
  ['Mastercard', '5105105105105100'],
  ['Mastercard (2-series)', '2223003122003222'],
  ['American Express', '378282246310005'],
  ['American Express', '371449635398431'],
  ['Discover', '6011111111111117'],
  ['Discover', '6011000990139424'],
  ['Diners Club', '30569309025904'],
  ['Diners Club', '38520000023237'],
  ['JCB', '3530111333300000'],
  ['JCB', '3566002020360505'],
  ['UnionPay', '6200000000000005'],
];

describe('card_number', () => {
  it.each(CARDS)('%s %s passes Luhn', (_brand, number) => {
    expect(passesLuhn(number)).toBe(true);
    expect(isValidCardNumber(number)).toBe(true);
    expect(firstMessage(number, cardNumber())).toBeNull();
  });

  it.each(CARDS)('%s %s with its last digit changed fails', (_brand, number) => {
    const last = Number(number.at(-1));
    const changed = `${number.slice(0, -1)}${(last + 1) % 10}`;
    expect(passesLuhn(changed)).toBe(false);
    expect(firstMessage(changed, cardNumber())).toBe('card_number');
  });

  it.each([
    ['the masked form of a saved card', '411111...1111', true],
    ['the literal new', 'new', true],
    ['the literal new, trimmed', ' new ', true],
    ['NEW in capitals (§5 names the lower-case word)', 'NEW', false],
    ['New capitalised', 'New', false],
    ['too short for a card, though Luhn-valid', '0000000000', false],
    ['twenty digits', '41111111111111111113', false],
    ['empty for Luhn', '', false],
  ])('%s', (_label, value, valid) => {
    expect(isValidCardNumber(value)).toBe(valid);
  });
});
