import { describe, expect, it } from 'vitest';
import type { DepositSettings, PaymentMethod } from '../shared/api.ts';
import {
  chooseMethod,
  chosenOffer,
  depositMethods,
  depositRequest,
  offerFromQuery,
  offersForMethod,
} from './deposit-model.ts';

const method = (sysname: string, currencies = ['EUR']): PaymentMethod => ({
  sysname,
  name: sysname,
  type: 'card',
  min: '10',
  max: '1000',
  currencies,
  requisites: 'none',
});

const settings = {
  currency: 'EUR',
  methods: [method('card'), method('skrill'), method('pix', ['BRL']), method('sepa', [])],
  presets: [],
  offers: [{ id: 3, title: 'Welcome', description: '100%', min_deposit: '20' }],
  excluded_methods: ['skrill'],
  first_deposit: true,
  limit: {
    available_amount: null,
    can_edit: true,
    expired_at: null,
    limit_amount: null,
    period: 'none',
    currency: 'EUR',
    limits: [],
  },
} satisfies DepositSettings;

describe('deposit model', () => {
  it('leaves out excluded methods and other currencies', () => {
    expect(depositMethods(settings).map((m) => m.sysname)).toEqual(['card', 'sepa']);
  });

  it('picks the method the path names, or says it is not available', () => {
    const methods = depositMethods(settings);
    expect(chooseMethod(methods, 'sepa')).toEqual({ method: methods[1], unknown: false });
    expect(chooseMethod(methods, 'skrill')).toEqual({ method: methods[0], unknown: true });
    expect(chooseMethod(methods, undefined)).toEqual({ method: methods[0], unknown: false });
  });

  it('sends the offer only when one is chosen', () => {
    const card = method('card');
    expect(depositRequest(card, ' 50 ', undefined)).toEqual({ method: 'card', amount: '50' });
    const offer = chosenOffer(settings.offers, 3);
    expect(depositRequest(card, '50', offer)).toEqual({
      method: 'card',
      amount: '50',
      campaign_offer_id: 3,
    });
    expect(chosenOffer(settings.offers, 99)).toBeUndefined();
  });

  it('offers with a method only the offers that do not exclude it (issue #26 exclude_methods)', () => {
    const offers = [
      { id: 3, title: 'Welcome', description: '', min_deposit: '20' },
      { id: 4, title: 'Reload', description: '', min_deposit: '10', exclude_methods: ['skrill'] },
    ];
    expect(offersForMethod(offers, method('card')).map((o) => o.id)).toEqual([3, 4]);
    expect(offersForMethod(offers, method('skrill')).map((o) => o.id)).toEqual([3]);
  });

  it('preselects the offer a link names, only when the player may take it', () => {
    expect(offerFromQuery(settings.offers, '?campaign_offer_id=3')).toBe(3);
    expect(offerFromQuery(settings.offers, '?campaign_offer_id=9')).toBeNull();
    expect(offerFromQuery(settings.offers, '')).toBeNull();
  });
});
