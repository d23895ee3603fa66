import { describe, expect, it } from 'vitest';
import type { PaymentMethod, WithdrawSettings } from '../shared/api.ts';
import { validateWithdrawal, withdrawalRequest, withdrawMethods } from './withdraw-model.ts';

const card: PaymentMethod = {
  sysname: 'card',
  name: 'Card',
  type: 'card',
  min: '10',
  max: '1000',
  currencies: ['EUR'],
  requisites: 'card',
};
const bank: PaymentMethod = { ...card, sysname: 'sepa', type: 'bank', requisites: 'iban' };
const settings: WithdrawSettings = {
  currency: 'EUR',
  methods: [card, bank, { ...card, sysname: 'usd', currencies: ['USD'] }],
  available: { amount: '200.00', currency: 'EUR' },
  can_cancel: true,
  daily_limit: { amount: '5000.00', currency: 'EUR' },
  used_today: { amount: '0.00', currency: 'EUR' },
};

describe('withdraw form model', () => {
  it('offers the methods of the player currency', () => {
    expect(withdrawMethods(settings).map((m) => m.sysname)).toEqual(['card', 'sepa']);
  });

  it('checks the amount against the method and the available balance', () => {
    const values = { amount: '250', requisites: '424242...4242', bank: '' };
    expect(validateWithdrawal(values, card, settings).amount).toMatch(/^sum_range\?.*max=200/);
    expect(validateWithdrawal({ ...values, amount: '200' }, card, settings)).toEqual({});
  });

  it('checks a card number for card methods', () => {
    const errors = validateWithdrawal(
      { amount: '50', requisites: '1234 5678 9012 3456', bank: '' },
      card,
      settings,
    );
    expect(errors).toEqual({ requisites: 'card_number' });
  });

  it('checks the IBAN and asks for a bank for bank methods', () => {
    expect(
      validateWithdrawal({ amount: '50', requisites: 'ES00 1234', bank: '' }, bank, settings),
    ).toEqual({
      requisites: 'iban',
      bank: 'required',
    });
  });

  it('sends requisites without spaces and the bank only for bank methods', () => {
    expect(
      withdrawalRequest({ amount: ' 50 ', requisites: '4242 4242 4242 4242', bank: 'x' }, card),
    ).toEqual({ method: 'card', amount: '50', requisites: '4242424242424242' });
    expect(
      withdrawalRequest(
        { amount: '50', requisites: 'es91 2100 0418 4502 0005 1332', bank: 'b1' },
        bank,
      ),
    ).toEqual({
      method: 'sepa',
      amount: '50',
      requisites: 'ES9121000418450200051332',
      bank: 'b1',
    });
  });
});
