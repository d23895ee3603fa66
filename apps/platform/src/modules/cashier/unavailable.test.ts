import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import { createPlayer } from '../../identity/index.ts';
import { configurePaymentProviders, type PaymentProvider } from '../../providers/payments/index.ts';
import { get, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { makeDeposit } from '../../payments/index.ts';

/**
 * The two billing failures that are not the player's: no payment provider configured (a
 * production start without the sandbox: `BillingUnavailable`, the method listed as excluded),
 * and a provider that does not answer (`BillingServiceError`, the deposit failed and no longer
 * counting towards a limit).
 */
let server: TestServer;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-cashier-unavailable-'));

beforeAll(async () => {
  // Demo mode's sandbox providers off, as in a production start (demo/mode.ts).
  process.env.SOCIAL_SANDBOX = '0';
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  delete process.env.SOCIAL_SANDBOX;
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('billing failures that are not the player’s', () => {
  it('without a payment provider: the method is excluded and a deposit is BillingUnavailable', async () => {
    const tab = server.browser();
    await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: `unavailable-${Date.now()}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
    });
    const settings = await get(tab, 'cashier/getdepositsettings');
    expect(settings.body.data).toMatchObject({ methods: [], excluded_methods: ['card'] });
    const deposit = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '50' });
    expect(deposit.status).toBe(402);
    expect(deposit.body.error?.type).toBe('BillingUnavailableException');
    // No sandbox pages either: the path is the site's own not-found (here without a built site).
    const page = await server.app.inject('/payments/sandbox/pay/pay_000000000000000000000000');
    expect(page.statusCode).not.toBe(200);
    expect(page.body).not.toContain('Sandbox Pay');
  });

  it('a provider that does not answer: BillingServiceError, and the deposit is marked failed', async () => {
    const app: AppContext = {
      database: server.database,
      config: testConfig(folder),
      secret: Buffer.alloc(32),
      now: () => new Date(),
    };
    const silent: PaymentProvider = {
      id: 'sandbox',
      sessionSeconds: 1800,
      createPayment: () => Promise.reject(new Error('connect ETIMEDOUT')),
      createPayout: () => Promise.reject(new Error('connect ETIMEDOUT')),
      verifyWebhook: () => {
        throw new Error('not used');
      },
    };
    configurePaymentProviders(app, new Map([['sandbox', silent]]));
    const player = await createPlayer(
      server.database.db,
      {
        login: `silent-${Date.now()}@example.com`,
        passwordHash: 'x',
        currency: 'EUR',
        locale: 'en-US',
        regTime: new Date(),
      },
      [],
    );
    const attempt = makeDeposit(app, {
      playerId: player.id,
      method: 'card',
      amount: '50',
      offerId: null,
      locale: 'en-US',
      origin: 'http://127.0.0.1:9',
    });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ type: 'BillingServiceError' });
    const rows = await server.database.query<{ status: string; reason_code: string }>(
      sql`select status, reason_code from payments where player_id = ${player.id}`,
    );
    expect(rows).toEqual([{ status: 'failed', reason_code: 'provider_error' }]);
  });
});
