import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import {
  startTestServer,
  type TestServer,
} from '../../../apps/platform/src/testing/test-server.ts';
import { createApiClient } from './index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

function client(fetcher: typeof fetch, extra: { embedded?: boolean } = {}) {
  return createApiClient({
    baseUrl: server.url.replace(/\/$/, ''),
    version: '2.34',
    locale: () => 'es-ES',
    embedded: () => extra.embedded ?? false,
    fetch: fetcher,
    retryDelayMs: 1,
  });
}

describe('api-client against the real platform', () => {
  it('signs in with form data, keeps the session cookie, and reads typed answers', async () => {
    const api = client(server.browser());
    const login = await api.call('auth', 'login', {
      login: 'demo@northstar.test',
      password: 'NorthstarDemo1',
    });
    expect(login).toMatchObject({ two_factor_auth: false });
    const info = await api.call('account', 'getInfo');
    expect(info.balance_main).toEqual({ amount: '500.00', currency: 'EUR' });
    const profile = await api.call('account', 'getprofileinfo', { fields: 'contacts' });
    expect(profile.contacts?.[0]).toMatchObject({
      contact: 'demo@northstar.test',
      is_confirmed: true,
    });
  });

  it('throws ApiError with the field errors of the envelope', async () => {
    const api = client(server.browser());
    const error = await api
      .call('auth', 'register', { email: 'bad', password: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      type: 'InvalidParameter',
      status: 400,
      invalidParameters: { email: ['email'], password: ['min_length'] },
    });
    const visitor = await client(server.browser())
      .call('account', 'getBalance')
      .catch((e: unknown) => e);
    expect(visitor).toMatchObject({ type: 'Authorization', status: 401 });
  });
});

describe('api-client request rules (§7, §9)', () => {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  let status = 503;
  const recorder = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 200
          ? '{"data":1}'
          : '{"error":{"type":"ApplicationUnavailableException","code":"application_unavailable","message":"down"}}',
      );
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const address = recorder.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => recorder.close(() => resolve())));

  const api = (embedded = false) =>
    createApiClient({
      baseUrl: base,
      version: '2.34',
      locale: () => 'pt-BR',
      embedded: () => embedded,
      retryDelayMs: 1,
    });

  it('adds v, locale and (in a frame) _non_strict, drops nulls, and sends the marker', async () => {
    status = 200;
    seen.length = 0;
    await api(true).call('games', 'getProviders', { fields: undefined, types: 'casino' });
    const url = new URL(seen[0]!.url, base);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: '2.34',
      locale: 'pt-BR',
      _non_strict: '1',
      types: 'casino',
    });
    expect(seen[0]!.headers['x-app-client']).toBe('web/2.34');
  });

  it('sends POST params as form data, booleans as 1/0', async () => {
    status = 200;
    seen.length = 0;
    await api().call('account', 'changeTwoFactorAuth', { enable: true });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body).toMatch(/name="enable"\r\n\r\n1\r\n/);
    expect(new URL(seen[0]!.url, base).searchParams.get('enable')).toBeNull();
  });

  it('retries a body-less call once on 503, and never a POST', async () => {
    status = 503;
    seen.length = 0;
    await expect(api().call('metadata', 'getgeneralinfo')).rejects.toMatchObject({
      type: 'ApplicationUnavailable',
      status: 503,
    });
    expect(seen).toHaveLength(2);
    seen.length = 0;
    await expect(api().call('auth', 'logout')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
    seen.length = 0;
    await expect(
      api().call('account', 'changefakename', { fakename: 'Lucky7' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('api-client types', () => {
  it('refuses wrong params at compile time', () => {
    const api = createApiClient({
      version: '2.34',
      locale: () => 'en-US',
      fetch: async () => new Response('{"data":1}'),
    });
    const calls = [
      // @ts-expect-error login needs a password
      () => api.call('auth', 'login', { login: 'x' }),
      // @ts-expect-error no such method
      () => api.call('account', 'getEverything'),
      // @ts-expect-error a param of another method
      () => api.call('account', 'changelocale', { currency: 'EUR' }),
      // @ts-expect-error confirmContact needs its params
      () => api.call('account', 'confirmContact'),
    ];
    expect(calls).toHaveLength(4);
  });
});
