import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

async function player(email: string) {
  const tab = server.browser();
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: 'Secret-123',
    currency: 'EUR',
    terms: '1',
  });
  expect(answer.status).toBe(200);
  return tab;
}

describe('storage', () => {
  it('sets, gets and lists keys per player; an empty value removes the key', async () => {
    const tab = await player('store@example.com');
    expect(
      (await post(tab, 'storage/set', { key: 'promo_code', value: ' WELCOME ' })).body,
    ).toEqual({ data: 1 });
    await post(tab, 'storage/set', { key: 'confirm_sent_1', value: '{"at":1}' });
    await post(tab, 'storage/set', { key: 'promo_code', value: 'SPRING' });
    expect((await get(tab, 'storage/getKeys')).body.data).toEqual(['confirm_sent_1', 'promo_code']);
    expect((await get(tab, 'storage/get', { keys: 'promo_code,missing' })).body.data).toEqual({
      promo_code: 'SPRING',
    });
    const other = await player('other-store@example.com');
    expect((await get(other, 'storage/getKeys')).body.data).toEqual([]);
    await post(tab, 'storage/set', { key: 'promo_code', value: '' });
    expect((await get(tab, 'storage/getKeys')).body.data).toEqual(['confirm_sent_1']);
  });

  it('keeps a value byte for byte', async () => {
    const tab = await player('exact@example.com');
    await post(tab, 'storage/set', { key: 'k', value: '  spaced  ' });
    expect((await get(tab, 'storage/get', { keys: 'k' })).body.data).toEqual({ k: '  spaced  ' });
  });

  it('refuses a value with a NUL character on its field (a database text cannot hold one), keeping nothing', async () => {
    const tab = await player('nul@example.com');
    const answer = await post(tab, 'storage/set', { key: 'k', value: 'a\u0000b' });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.type).toBe('InvalidParameterException');
    expect(answer.body.error?.invalid_parameters).toEqual({ value: ['wrong_field'] });
    expect((await get(tab, 'storage/getKeys')).body.data).toEqual([]);
  });

  it('refuses visitors', async () => {
    const answer = await get(server.browser(), 'storage/getKeys');
    expect(answer.status).toBe(401);
    expect(answer.body.error?.type).toBe('AuthorizationException');
  });

  it('answers StorageQuotaExceeded past 4 KB a value and 64 KB a player', async () => {
    const tab = await player('quota@example.com');
    expect((await post(tab, 'storage/set', { key: 'big', value: 'x'.repeat(4096) })).status).toBe(
      200,
    );
    const tooBig = await post(tab, 'storage/set', { key: 'big', value: 'x'.repeat(4097) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error?.type).toBe('StorageQuotaExceededException');
    // Multi-byte characters count as bytes: 2,049 two-byte characters are over 4 KB.
    const wide = await post(tab, 'storage/set', { key: 'wide', value: 'é'.repeat(2049) });
    expect(wide.body.error?.type).toBe('StorageQuotaExceededException');

    // 15 values of 4,096 bytes plus their keys fit (61,4xx bytes); a 16th does not.
    for (let i = 1; i < 15; i++) {
      const answer = await post(tab, 'storage/set', { key: `k${i}`, value: 'y'.repeat(4096) });
      expect(answer.status, `k${i}`).toBe(200);
    }
    const full = await post(tab, 'storage/set', { key: 'k15', value: 'z'.repeat(4096) });
    expect(full.status).toBe(413);
    expect(full.body.error?.type).toBe('StorageQuotaExceededException');
    // Replacing an existing value counts its new size only.
    expect((await post(tab, 'storage/set', { key: 'k1', value: 'w'.repeat(4096) })).status).toBe(
      200,
    );
    // Freeing space lets the write through.
    await post(tab, 'storage/set', { key: 'k2', value: '' });
    expect((await post(tab, 'storage/set', { key: 'k15', value: 'z'.repeat(4096) })).status).toBe(
      200,
    );
  });
});

describe('storage quota whatever the size', () => {
  const set = (tab: typeof fetch, encoding: string, value: string) => {
    const headers: Record<string, string> = { 'X-App-Client': 'web/2.34' };
    let body: string | FormData;
    if (encoding === 'multipart') {
      body = new FormData();
      body.append('key', 'huge');
      body.append('value', value);
    } else if (encoding === 'urlencoded') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams({ key: 'huge', value }).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ key: 'huge', value });
    }
    return tab('/api/storage/set?v=2.34&locale=en-US', { method: 'POST', headers, body });
  };

  // §8: an over-quota value is StorageQuotaExceeded, not a parameter or a request the server
  // could not read, however large it is up to the body limit (1 MiB).
  it.each([
    ['multipart', 70_000],
    ['multipart', 1_000_000],
    ['urlencoded', 70_000],
    ['urlencoded', 1_000_000],
    ['json', 1_000_000],
  ])('answers StorageQuotaExceeded for a %s value of %i bytes', async (encoding, size) => {
    const tab = await player(`huge-${encoding}-${size}@example.com`);
    const answer = await set(tab, encoding, 'x'.repeat(size));
    expect(answer.status).toBe(413);
    const body = (await answer.json()) as { error?: { type: string } };
    expect(body.error?.type).toBe('StorageQuotaExceededException');
    expect((await get(tab, 'storage/getKeys')).body.data).toEqual([]);
  });
});
