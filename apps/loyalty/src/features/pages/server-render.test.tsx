import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import type { Session } from '@northstar/shell-sdk';
import {
  serverRender as renderOnServer,
  TEST_PLAYER as PLAYER,
  TEST_VISITOR as VISITOR,
} from '@northstar/shell-sdk/testing';
import type { LoyaltyInfo, LoyaltyLevel, LoyaltyProduct, LoyaltyProgram } from '../shared/api.ts';
import { loyaltyKey } from '../shared/api.ts';
import { LoyaltyOverview } from '../overview/loyalty-page.tsx';
import { ShopView } from '../shop/shop-page.tsx';
import { ProgramView } from '../program/program-page.tsx';

// The Lingui macro is compiled away in the app's build; here its texts render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  Plural: ({ value, one, other }: { value: number; one: string; other: string }) =>
    (value === 1 ? one : other).replace('#', new Intl.NumberFormat('en-US').format(value)),
  useLingui: () => ({ i18n, t: (d: { message: string }) => d.message }),
}));

/** Renders as the server does (`@northstar/shell-sdk/testing`), on the loyalty page's path. */
const serverRender = (ui: ReactNode, session: Session, data: [readonly unknown[], unknown][]) =>
  renderOnServer(ui, { session, pathname: '/loyalty', data });

const level = (n: number, name: string, from: number, cashback: number, discount: number) =>
  ({
    level: n,
    name,
    points_from: from,
    cashback_percent: cashback,
    shop_discount_percent: discount,
    image_url: null,
  }) satisfies LoyaltyLevel;
const LEVELS = [
  level(1, 'Bronze', 0, 0, 0),
  level(2, 'Silver', 1000, 2, 5),
  level(3, 'Gold', 5000, 5, 10),
];

const INFO: LoyaltyInfo = {
  id: 7,
  uid: 7,
  is_active: true,
  points: 1250,
  character: { id: 2, sysname: 'stargazer', name: 'The Stargazer', image_url: null },
  levels: LEVELS,
  pointsAlias: 'points',
  lifetime_points: 2000,
  level: LEVELS[1]!,
  next_level: LEVELS[2]!,
  points_to_next: 3000,
  progress: 25,
};

const PROGRAM: LoyaltyProgram = {
  id: 1,
  sysname: 'slot-week',
  title: 'Slot week',
  description: 'Play 50 rounds of any slot this week.',
  image_url: null,
  kind: 'rounds',
  category: 'slots',
  target: 50,
  period: 'week',
  reward: { type: 'points', amount: '250' },
  min_level: 1,
  starts_at: null,
  ends_at: null,
  progress: { value: 12, percent: 24, completed: false, reward_status: null },
};

const PRODUCT: LoyaltyProduct = {
  id: 3,
  sysname: 'spins',
  title: '10 free spins on Sunny Lemons Rising',
  description: '10 spins of €0.20.',
  image_url: null,
  type: 'freespins',
  list_price: 500,
  price: 475,
  amount: '10',
  currency: null,
  min_level: 1,
  refusal: null,
  can_buy: true,
};

describe('/loyalty on the server', () => {
  it('shows a player their level, the progress to the next, perks, character and quests', () => {
    const html = serverRender(<LoyaltyOverview />, PLAYER, [
      [loyaltyKey('info'), INFO],
      [loyaltyKey('programs', { viewer: 7 }), { items: [PROGRAM], total: 1 }],
    ]);
    expect(html).toContain('data-level="2"');
    expect(html).toContain('Silver');
    expect(html).toContain('1,250 points');
    // 1,000 of the 4,000 from Silver to Gold: 25 %, 3,000 to go.
    expect(html).toMatch(
      /role="progressbar"[^>]*aria-label="Progress to Gold"[^>]*aria-valuenow="25"/,
    );
    expect(html).toContain('3,000 points to Gold (25%)');
    expect(html).toContain('2% cashback');
    expect(html).toContain('5% off in the shop');
    expect(html).toContain('Your character: The Stargazer');
    expect(html).toContain('Slot week');
    expect(html).toMatch(/aria-label="Progress: Slot week"[^>]*aria-valuenow="24"/);
    expect(html).toContain('12 of 50 · 24%');
    expect(html).not.toContain('Sign in to join');
  });

  it('shows a visitor the levels and the sign-in call to action, no progress', () => {
    const html = serverRender(<LoyaltyOverview />, VISITOR, [
      [loyaltyKey('levels'), { items: LEVELS, total: 3 }],
      [
        loyaltyKey('programs', { viewer: 0 }),
        { items: [{ ...PROGRAM, progress: null }], total: 1 },
      ],
    ]);
    expect(html).toContain('Sign in to join');
    expect(html).toContain('Bronze');
    expect(html).toContain('Gold');
    expect(html).toContain('From 5,000 points');
    expect(html).toContain('Slot week');
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('data-level-state="current"');
  });
});

describe('/loyalty/shop on the server', () => {
  it('shows a player their points and the prices they pay, with the list price struck', () => {
    const html = serverRender(<ShopView />, PLAYER, [
      [loyaltyKey('info'), INFO],
      [
        loyaltyKey('products', { viewer: 7 }),
        {
          items: [
            PRODUCT,
            {
              ...PRODUCT,
              id: 4,
              sysname: 'cash',
              title: '€25 cash',
              type: 'cash',
              min_level: 3,
              refusal: 'level_too_low',
              can_buy: false,
            },
          ],
          total: 2,
        },
      ],
    ]);
    expect(html).toContain('1,250 points');
    expect(html).toContain('As Silver you pay 5% less.');
    expect(html).toContain('475 points<s>500 points</s>');
    expect(html).toMatch(/<button[^>]*aria-label="Buy: 10 free spins on Sunny Lemons Rising"/);
    // The level-locked product cannot be bought and says why.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Buy: €25 cash"/);
    expect(html).toContain('This product is for a higher level.');
  });

  it('asks a visitor to sign in to buy', () => {
    const html = serverRender(<ShopView />, VISITOR, [
      [
        loyaltyKey('products', { viewer: 0 }),
        { items: [{ ...PRODUCT, can_buy: false }], total: 1 },
      ],
    ]);
    expect(html).toContain('Sign in to buy');
    expect(html).not.toContain('Points to spend');
  });
});

describe('/loyalty/{sysname} on the server', () => {
  it('shows the rules, the progress and the reward', () => {
    const html = serverRender(<ProgramView sysname="slot-week" />, PLAYER, [
      [loyaltyKey('info'), INFO],
      [loyaltyKey('program', { sysname: 'slot-week', viewer: 7 }), PROGRAM],
    ]);
    expect(html).toContain('<h1');
    expect(html).toContain('Slot week');
    expect(html).toContain('250 points');
    expect(html).toContain('50 real-money rounds of any slot');
    expect(html).toContain('Every week, from Monday 00:00 UTC');
    expect(html).toContain('12 of 50 · 24%');
    expect(html).not.toContain('Sign in to take part');
  });
});
