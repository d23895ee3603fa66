import type { PaymentMethod, WithdrawSettings } from '../shared/api.ts';
import { cardField, fieldError, ibanField, requiredField, sumField } from '../shared/validation.ts';
import { sumBounds } from '../shared/money.ts';

export interface WithdrawValues {
  amount: string;
  requisites: string;
  bank: string;
}

export type WithdrawField = keyof WithdrawValues;

/** The methods in the player's currency (all, when a method names none). */
export function withdrawMethods(settings: WithdrawSettings): PaymentMethod[] {
  return settings.methods.filter(
    (method) => method.currencies.length === 0 || method.currencies.includes(settings.currency),
  );
}

/** Amounts a withdrawal takes: the method's min and max, never more than what is available. */
export function withdrawBounds(settings: WithdrawSettings, method: PaymentMethod | undefined) {
  return sumBounds(method, { available: settings.available.amount });
}

/**
 * The encoded §5 message of each failing field: the sum; a card number (full or
 * `123456...1234`) for card methods; an IBAN and a bank for bank methods.
 */
export function validateWithdrawal(
  values: WithdrawValues,
  method: PaymentMethod,
  settings: WithdrawSettings,
): Partial<Record<WithdrawField, string>> {
  const errors: Partial<Record<WithdrawField, string>> = {};
  const amount = fieldError(
    sumField(withdrawBounds(settings, method), settings.currency),
    values.amount,
  );
  if (amount) errors.amount = amount;
  if (method.requisites === 'card') {
    const card = fieldError(cardField(), values.requisites);
    if (card) errors.requisites = card;
  }
  if (method.requisites === 'iban') {
    const iban = fieldError(ibanField(), values.requisites);
    if (iban) errors.requisites = iban;
    const bank = fieldError(requiredField(), values.bank);
    if (bank) errors.bank = bank;
  }
  return errors;
}

/** What makewithdrawal receives: requisites as typed without spaces (IBAN upper-cased). */
export function withdrawalRequest(values: WithdrawValues, method: PaymentMethod) {
  const requisites = values.requisites.replace(/\s+/g, '');
  return {
    method: method.sysname,
    amount: values.amount.trim(),
    ...(method.requisites === 'card' ? { requisites } : {}),
    ...(method.requisites === 'iban'
      ? { requisites: requisites.toUpperCase(), bank: values.bank }
      : {}),
  };
}
