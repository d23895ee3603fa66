import * as v from 'valibot';
import {
  cardNumber,
  field,
  iban,
  messagesFor,
  required,
  sum,
  translateMessage,
  type FieldSchema,
} from '@northstar/validators';
import { formatWhole, type SumBounds } from './money.ts';

/** The encoded §5 message of the first failure of `value`, or null when it passes. */
export function fieldError(schema: FieldSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'wrong_field');
}

/** §5 sum: required, a whole positive number without a leading zero, within the bounds. */
export function sumField(bounds: SumBounds, currency: string): FieldSchema {
  return field(required(), sum({ ...bounds, currency }));
}

/** §5 card number (Luhn, `123456...1234`, or `new`), required. */
export function cardField(): FieldSchema {
  return field(required(), cardNumber());
}

/** §5 IBAN (country structure and mod-97), required. */
export function ibanField(): FieldSchema {
  return field(required(), iban());
}

export function requiredField(): FieldSchema {
  return field(required());
}

/**
 * A field message in the page's language (the validators' dictionaries, §5), with the bounds of
 * a sum-range message formatted in the message's currency (`Enter an amount from € 10 to € 5,000`).
 */
export function translateFieldMessage(message: string, locale: string): string {
  const currency = new URLSearchParams(message.split('?')[1] ?? '').get('currency');
  return translateMessage(message, messagesFor(locale), (name, value) =>
    currency && (name === 'min' || name === 'max') ? formatWhole(value, currency, locale) : value,
  );
}
