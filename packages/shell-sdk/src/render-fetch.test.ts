/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestFetch, scopeRenderFetch } from './render-fetch.ts';

type Transport = (url: string, init?: RequestInit) => Promise<Response>;
const renders = new AsyncLocalStorage<Transport>();

describe('requestFetch (the server build’s fetch)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    scopeRenderFetch(() => undefined);
  });

  it("sends each render's page requests to that render's transport, never through the global fetch", async () => {
    const realFetch = vi.fn(async () => new Response('real'));
    vi.stubGlobal('fetch', realFetch);
    scopeRenderFetch(() => renders.getStore());
    const asked: string[] = [];
    const transport =
      (who: string): Transport =>
      async (url) => {
        asked.push(`${who} ${url}`);
        return new Response(who);
      };
    const [alice, bob] = await Promise.all([
      renders.run(transport('alice'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return (await requestFetch('/cms/banners?x=1')).text();
      }),
      renders.run(transport('bob'), async () =>
        (await requestFetch('http://northstar.internal/api/account/getInfo?locale=es-ES')).text(),
      ),
    ]);
    expect([alice, bob]).toEqual(['alice', 'bob']);
    // The API client's locale is sent as it built it: nothing rewrites it.
    expect(asked.sort()).toEqual([
      'alice /cms/banners?x=1',
      'bob /api/account/getInfo?locale=es-ES',
    ]);
    expect(realFetch).not.toHaveBeenCalled();
    // The global itself is left as it was.
    expect(globalThis.fetch).toBe(realFetch);
  });

  it('leaves other origins, and everything outside a render, to the real fetch', async () => {
    const realFetch = vi.fn(async (_input: RequestInfo | URL) => new Response('real'));
    vi.stubGlobal('fetch', realFetch);
    scopeRenderFetch(() => renders.getStore());
    const transport = vi.fn<Transport>(async () => new Response('render'));
    await renders.run(transport, () => requestFetch('https://cdn.example.com/a.json'));
    await requestFetch('/cms/banners');
    expect(transport).not.toHaveBeenCalled();
    expect(realFetch.mock.calls.map(([url]) => String(url))).toEqual([
      'https://cdn.example.com/a.json',
      '/cms/banners',
    ]);
  });
});
