import { describe, expect, it } from 'vitest';
import type { MethodRef } from './transport.ts';
import { createTransport } from './transport.ts';

const GAMES = { module: 'games', method: 'get', http: 'GET' } as unknown as MethodRef<never>;

function transport(fetcher: typeof fetch) {
  return createTransport({
    baseUrl: 'http://platform.test',
    version: '2.34',
    locale: () => 'en-US',
    fetch: fetcher,
    retryDelayMs: 1,
  });
}

const ok = () => new Response(JSON.stringify({ data: { total: 0, items: [] } }), { status: 200 });

describe('transport: cancelling a call', () => {
  it('hands the caller’s signal to fetch, so aborting it cancels the request', async () => {
    const seen: (AbortSignal | null | undefined)[] = [];
    const api = transport(async (_url, init) => {
      seen.push(init?.signal);
      return ok();
    });
    const controller = new AbortController();
    await api.send(GAMES, {} as never, { signal: controller.signal });
    await api.send(GAMES, {} as never);
    expect(seen[0]).toBe(controller.signal);
    expect(seen[1]).toBeUndefined();
  });

  it('does not retry a call aborted while it waited for the retry', async () => {
    let calls = 0;
    const controller = new AbortController();
    const api = transport(async () => {
      calls += 1;
      controller.abort(new DOMException('next key', 'AbortError'));
      return new Response('{}', { status: 503 });
    });
    const error = await api
      .send(GAMES, {} as never, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('transport: the marker header', () => {
  it('names the platform type, asked at each call when given as a function (§1, issue #28)', async () => {
    const markers: string[] = [];
    const fetcher: typeof fetch = async (_url, init) => {
      markers.push(new Headers(init?.headers).get('X-App-Client') ?? '');
      return ok();
    };
    let platform: 'web' | 'pwa' | 'webview' = 'web';
    const api = createTransport({
      version: '2.34',
      baseUrl: 'http://platform.test',
      locale: () => 'en-US',
      fetch: fetcher,
      platform: () => platform,
    });
    await api.send(GAMES, {} as never);
    platform = 'webview';
    await api.send(GAMES, {} as never);
    const fixed = createTransport({
      version: '2.34',
      baseUrl: 'http://platform.test',
      locale: () => 'en-US',
      fetch: fetcher,
      platform: 'pwa',
    });
    await fixed.send(GAMES, {} as never);
    expect(markers).toEqual(['web/2.34', 'webview/2.34', 'pwa/2.34']);
  });
});
