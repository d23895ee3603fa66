import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { serverRender as renderOnServer, TEST_PLAYER } from '@northstar/shell-sdk/testing';
import { cashierKey, type DepositInfo, type DepositSettings } from '../shared/api.ts';
import { DepositPage } from '../deposit/deposit-page.tsx';
import { CashierPayPendingTransactionPage } from '../pay-result/pay-result-pages.tsx';

// The Lingui macro is compiled away in the app's build; here its texts render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  useLingui: () => ({ i18n, t: (d: { message: string }) => d.message }),
}));

/** Renders as the server does (`@northstar/shell-sdk/testing`) for a signed-in player. */
const serverRender = (ui: ReactNode, data: [readonly unknown[], unknown][]) =>
  renderOnServer(ui, { session: TEST_PLAYER, pathname: '/cashier/deposit', data });

const method = (sysname: string, name: string) => ({
  sysname,
  name,
  type: 'card' as const,
  min: '10',
  max: '1000',
  currencies: ['EUR'],
  requisites: 'none' as const,
});

const settings = (firstDeposit: boolean): DepositSettings => ({
  currency: 'EUR',
  methods: [method('card', 'Visa / Mastercard'), method('skrill', 'Skrill')],
  presets: [{ currency: 'EUR', amount: [{ value: 20 }, { value: 50 }, { value: 5000 }] }],
  offers: [{ id: 4, title: 'Welcome 100%', description: 'Double it', min_deposit: '20' }],
  excluded_methods: ['skrill'],
  first_deposit: firstDeposit,
  limit: {
    available_amount: '40',
    can_edit: true,
    expired_at: '2025-01-02T10:00:00Z',
    limit_amount: '100',
    period: '1',
    currency: 'EUR',
    limits: [
      {
        period: '1',
        limit_amount: '100',
        available_amount: '40',
        expired_at: '2025-01-02T10:00:00Z',
        pending: { limit_amount: '200', applies_at: '2025-01-02T09:00:00Z' },
      },
    ],
  },
});

const history = { items: [], total: 0 };

describe('deposit page on the server', () => {
  it('offers the methods that are not excluded, the presets and the offers', () => {
    const html = serverRender(<DepositPage />, [
      [cashierKey('getdepositsettings'), settings(false)],
      [cashierKey('gethistory', { offset: 0, count: 4 }), history],
    ]);
    expect(html).toContain('Visa / Mastercard');
    expect(html).not.toContain('Skrill');
    expect(html).toContain('€ 20');
    expect(html).toContain('€ 50');
    // 5000 is over the method maximum: shown, but it cannot be picked.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>€ 5,000<\/button>/);
    expect(html).toContain('Welcome 100%');
    expect(html).toContain('From € 10 to € 1,000');
    expect(html).not.toContain('Set a deposit limit first?');
  });

  it('invites a first-time depositor to set a limit and shows pending changes', () => {
    const html = serverRender(<DepositPage />, [
      [cashierKey('getdepositsettings'), settings(true)],
      [cashierKey('gethistory', { offset: 0, count: 4 }), history],
    ]);
    expect(html).toContain('Set a deposit limit first?');
    // The server renders at the §9 fixed UTC+3 offset.
    expect(html).toContain('€ 40 left until 02.01.2025 13:00');
    expect(html).toContain('Changes to € 200 on 02.01.2025 12:00');
  });

  it('says so when the path names a method that cannot be used', () => {
    const html = serverRender(<DepositPage sysname="skrill" />, [
      [cashierKey('getdepositsettings'), settings(false)],
      [cashierKey('gethistory', { offset: 0, count: 4 }), history],
    ]);
    expect(html).toContain('That payment method is not available now');
  });
});

describe('pay result pages show the real state', () => {
  const info = (status: DepositInfo['status']): DepositInfo => ({
    id: 42,
    requisites: null,
    method: 'card',
    type: 'deposit',
    created_at: '2025-01-01T10:00:00Z',
    updated_at: '2025-01-01T10:01:00Z',
    amount: { amount: '25.00', currency: 'EUR' },
    status,
    reason_code: status === 'failed' ? 'card_declined' : null,
    domain: 'example.test',
  });
  const page = (status: DepositInfo['status']) =>
    serverRender(
      <CashierPayPendingTransactionPage params={{ transaction: '42' }} locale="en-US" />,
      [[cashierKey('getdepositinfo', { id: 42 }), info(status)]],
    );

  it('shows pending with the spinner while the deposit is pending', () => {
    const html = page('pending');
    expect(html).toContain('data-system-page="pay-pending"');
  });

  it('turns the pending page into success once the deposit settled', () => {
    const html = page('success');
    expect(html).toContain('data-system-page="pay-success"');
    expect(html).toContain('€ 25.00 is on your balance.');
  });

  it('shows the failure reason when it failed', () => {
    const html = page('failed');
    expect(html).toContain('data-system-page="pay-fail"');
    expect(html).toContain('Your bank declined the card payment.');
  });
});
