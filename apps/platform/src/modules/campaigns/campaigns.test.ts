import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { sharedTestServer } from '../../testing/test-server.ts';
import { PROMO_CHECKS_PER_WINDOW } from './handlers.ts';

const testServer = sharedTestServer();

describe('campaigns/checkPromocode', () => {
  it('answers a valid code in its canonical form, whatever its case and spaces', async () => {
    const answer = await post(testServer().browser(), 'campaigns/checkPromocode', {
      promo_code: '  welcome100 ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      promo_code: 'WELCOME100',
      description: '100% welcome bonus on the first deposit',
    });
  });

  it.each(['NOPE-123', 'SUMMER2025'])(
    'answers %s (unknown, expired) as not found: data null, not an error (§7)',
    async (code) => {
      const answer = await post(testServer().browser(), 'campaigns/checkPromocode', {
        promo_code: code,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.error).toBeUndefined();
      expect(answer.body.data).toBeNull();
    },
  );

  it('answers a switched-off code as not found', async () => {
    await testServer().database.query(
      sql`update promo_codes set is_active = false where code = 'WELCOME100'`,
    );
    try {
      const answer = await post(testServer().browser(), 'campaigns/checkPromocode', {
        promo_code: 'WELCOME100',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
    } finally {
      await testServer().database.query(
        sql`update promo_codes set is_active = true where code = 'WELCOME100'`,
      );
    }
  });

  it('limits checks per address, so codes cannot be enumerated', async () => {
    const tab = testServer().browser();
    for (let i = 0; i < PROMO_CHECKS_PER_WINDOW; i += 1) {
      await post(tab, 'campaigns/checkPromocode', { promo_code: `GUESS${i}` });
    }
    const refused = await post(tab, 'campaigns/checkPromocode', { promo_code: 'WELCOME100' });
    expect(refused.status).toBe(429);
  });
});

describe('a promo code at sign-up', () => {
  it('is refused on its field when not valid, stored in canonical form when valid', async () => {
    const base = { ...REGISTRATION_PROFILE, password: 'Secret-123', terms: '1' };
    const bad = await post(testServer().browser(), 'auth/register', {
      ...base,
      email: 'promo.bad@example.com',
      promo_code: 'SUMMER2025',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.invalid_parameters).toEqual({ promo_code: ['promo_code_invalid'] });

    const good = await post(testServer().browser(), 'auth/register', {
      ...base,
      email: 'promo.good@example.com',
      promo_code: 'welcome100',
    });
    expect(good.status).toBe(200);
    const [row] = await testServer().database.query<{ promo_code: string }>(
      sql`select promo_code from players where login = 'promo.good@example.com'`,
    );
    expect(row?.promo_code).toBe('WELCOME100');
  });
});
