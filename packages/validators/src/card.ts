/** §5 card number: Luhn, or the masked form of a saved card, or the literal `new`. */

/** The masked form of a saved card: 6 digits, three dots, 4 digits (`411111...1111`). */
export const MASKED_CARD_PATTERN = /^\d{6}\.{3}\d{4}$/;

/** The Luhn (mod 10) checksum over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** §5: the literal word `new` (a new card, its details taken by the provider), lower case only. */
export const NEW_CARD = 'new';

/** Card numbers are 12 to 19 digits (ISO/IEC 7812); spaces and dashes between groups are fine. */
export function isValidCardNumber(value: string): boolean {
  const text = value.trim();
  // §5 names the literal `new`: `NEW` or `New` is not that word, so it is refused like any text.
  if (text === NEW_CARD || MASKED_CARD_PATTERN.test(text)) return true;
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}
