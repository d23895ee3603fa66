import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import { PAGE_QUERY_DEFAULTS } from './query-errors.ts';

/**
 * §9 one retry in all: a query of the page's QueryClient over the transport, against a counting
 * server that fails every request. Without the page's retry rule, react-query retried each
 * failed query three times on top of the transport's retry (eight requests for one GET).
 */

const GET = { module: 'account', method: 'getInfo', http: 'GET' } as unknown as MethodRef<never>;

function countingServer(answer: () => Response | Promise<Response>) {
  const server = { requests: 0, fetch: (async () => answer()) as typeof fetch };
  server.fetch = (async () => {
    server.requests += 1;
    return answer();
  }) as typeof fetch;
  return server;
}

function pageQuery(server: ReturnType<typeof countingServer>) {
  const api = createTransport({
    baseUrl: 'http://platform.test',
    version: '2.34',
    locale: () => 'en-US',
    fetch: server.fetch,
    retryDelayMs: 1,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { ...PAGE_QUERY_DEFAULTS, retryDelay: 1 } },
  });
  return client.fetchQuery({ queryKey: ['count'], queryFn: () => api.send(GET, {} as never) });
}

const failing = (status: number) => () =>
  new Response(JSON.stringify({ error: { type: 'x', code: 'x', message: 'm' } }), { status });

describe('§9 a failed GET is retried once in all', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    '%i: two requests, then the error',
    async (status) => {
      const server = countingServer(failing(status));
      await expect(pageQuery(server)).rejects.toThrow();
      expect(server.requests).toBe(2);
    },
  );

  it('a status the transport does not retry: one request', async () => {
    const server = countingServer(failing(404));
    await expect(pageQuery(server)).rejects.toThrow();
    expect(server.requests).toBe(1);
  });

  it('no answer at all (the network failed): one retry, by the query', async () => {
    const server = countingServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(pageQuery(server)).rejects.toThrow('Failed to fetch');
    expect(server.requests).toBe(2);
  });

  it('a failure then a success: the retry answers', async () => {
    let n = 0;
    const server = countingServer(() =>
      ++n === 1 ? failing(503)() : new Response(JSON.stringify({ data: { uid: 1 } })),
    );
    await expect(pageQuery(server)).resolves.toEqual({ uid: 1 });
    expect(server.requests).toBe(2);
  });
});
