import { createHmac } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/** §4 the messaging app's mini-app registration (`is_tg`) through the real API. */

const BOT_TOKEN = '424242:mini-app-test-token-abcdefghij';
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  [server, plain] = await Promise.all([
    startTestServer({ config: { miniAppBotToken: BOT_TOKEN } }),
    startTestServer(),
  ]);
}, 60_000);
afterAll(() => Promise.all([server.close(), plain.close()]));

/** `initData` signed as the messaging platform signs it. */
function initData(user: Record<string, unknown>, authDate: number, token = BOT_TOKEN): string {
  const fields: Record<string, string> = {
    auth_date: String(authDate),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const now = () => Math.floor(Date.now() / 1000);
const USER = { id: 777000123, first_name: 'Ana', username: 'ana_tg', language_code: 'es' };

function registration(payload: string) {
  const hash = new URLSearchParams(payload).get('hash') ?? '';
  return {
    is_tg: '1',
    id: String(USER.id),
    username: USER.username,
    hash,
    language_code: USER.language_code,
    payload,
  };
}

describe('mini-app registration (is_tg)', () => {
  it('a valid signature signs in a new player, and the same account again later', async () => {
    const tab = server.browser();
    const first = await post(tab, 'auth/register', registration(initData(USER, now() - 30)));
    expect(first.status).toBe(200);
    const uid = (first.body.data as { uid: number }).uid;
    const info = await get(tab, 'account/getInfo');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ uid, locale: 'es-ES' });

    const again = await post(
      server.browser(),
      'auth/register',
      registration(initData(USER, now() - 5)),
    );
    expect(again.status).toBe(200);
    expect((again.body.data as { uid: number }).uid).toBe(uid);
  });

  it('a forged signature, another bot’s, or a stale one signs no one in', async () => {
    const good = initData({ ...USER, id: 777000999 }, now());
    const forged = good.replace('ana_tg', 'someone');
    const otherBot = initData({ ...USER, id: 777000999 }, now(), '1:another-bot-token-xyz12345');
    const stale = initData({ ...USER, id: 777000999 }, now() - 25 * 60 * 60);
    for (const payload of [forged, otherBot, stale]) {
      const tab = server.browser();
      const answer = await post(tab, 'auth/register', registration(payload));
      expect(answer.status, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect((await get(tab, 'account/getInfo')).status).toBe(401);
    }
  });

  it('is refused with a field error where no bot token is configured', async () => {
    const answer = await post(
      plain.browser(),
      'auth/register',
      registration(initData(USER, now())),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error?.invalid_parameters).toEqual({ is_tg: ['wrong_field'] });
  });

  it('an ordinary registration still needs its password', async () => {
    const answer = await post(server.browser(), 'auth/register', {
      email: 'nopass@example.com',
      currency: 'EUR',
      terms: '1',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.invalid_parameters).toMatchObject({ password: ['required'] });
  });

  it('with the authenticator app on, the mini app signs in only after its code (issue #25)', async () => {
    const user = { ...USER, id: 777000456, username: 'app_tg' };
    const tab = server.browser();
    expect((await post(tab, 'auth/register', registration(initData(user, now())))).status).toBe(
      200,
    );
    const started = await post(tab, 'account/startAppTwoFactor');
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32((started.body.data as { secret: string }).secret),
    });
    const setup = totp.generate({ timestamp: Date.now() - 30_000 });
    expect((await post(tab, 'account/confirmAppTwoFactor', { code: setup })).status).toBe(200);

    const phone = server.browser();
    const first = await post(phone, 'auth/register', registration(initData(user, now())));
    expect(first.body.data).toEqual({
      two_factor_auth: true,
      resend_time: 0,
      two_factor_method: 'app',
    });
    expect((await get(phone, 'account/getInfo')).status).toBe(401);
    const submit = (code: string) =>
      phone('/oauth/two-factor', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-client': 'web/2.34' },
        body: JSON.stringify({ code }),
      });
    expect((await submit('000000')).status).toBe(401);
    expect((await submit(totp.generate())).status).toBe(200);
    expect((await get(phone, 'account/getInfo')).status).toBe(200);
  });
});
