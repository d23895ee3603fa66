import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Issue #25: the sandbox KYC provider is a demo-mode piece, as the payment sandbox. A start
 * without the sandbox providers (a production start, demo/mode.ts) has no provider page, no
 * webhook that anyone could call as the sandbox, and verification answers that it is not
 * available rather than failing.
 */
let server: TestServer;

beforeAll(async () => {
  process.env.SOCIAL_SANDBOX = '0';
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  delete process.env.SOCIAL_SANDBOX;
  await server.close();
});

describe('identity verification without the sandbox provider', () => {
  it('answers ApplicationUnavailable and serves no sandbox page or webhook', async () => {
    const tab = server.browser();
    const registered = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: `kyc-off-${Date.now()}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
    });
    expect(registered.status).toBe(200);
    const made = await post(tab, 'sumsub/createApplicant');
    expect(made.body.error?.type).toBe('ApplicationUnavailableException');
    expect((await post(tab, 'sumsub/getAccessToken')).body.error?.type).toBe(
      'KycUserProfileException',
    );
    const page = await server.app.inject('/kyc/sandbox/sdk.js');
    expect(page.statusCode).not.toBe(200);
    const hook = await server.app.inject({
      method: 'POST',
      url: '/kyc/sandbox/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
