// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ServerState } from '../routing/server-state.ts';
import { missingQueries, serializeState, serverQueryClient } from './server-data.ts';

function Page({
  fetchA,
  fetchB,
}: {
  fetchA: () => Promise<string>;
  fetchB: () => Promise<string>;
}) {
  const a = useQuery({ queryKey: ['a'], queryFn: fetchA });
  // A query the page only runs for a player: not for this request.
  useQuery({ queryKey: ['b'], queryFn: fetchB, enabled: false });
  // Asked for only once `a` is there (data depending on data).
  const c = useQuery({
    queryKey: ['c', a.data],
    queryFn: async () => `c of ${a.data}`,
    enabled: !!a.data,
  });
  return <p>{c.data ?? 'loading'}</p>;
}

describe('the server render’s queries', () => {
  it('fetches what the page asked for, round by round, and never a disabled query', async () => {
    const client = serverQueryClient();
    const fetchA = vi.fn(async () => 'A');
    const fetchB = vi.fn(async () => 'B');
    const render = () =>
      renderToString(
        <QueryClientProvider client={client}>
          <Page fetchA={fetchA} fetchB={fetchB} />
        </QueryClientProvider>,
      );

    expect(render()).toContain('loading');
    const first = missingQueries(client);
    expect(first.map((q) => q.queryKey)).toEqual([['a']]);
    await Promise.all(first.map((q) => client.prefetchQuery(q as never)));

    render();
    const second = missingQueries(client);
    expect(second.map((q) => q.queryKey)).toEqual([['c', 'A']]);
    await Promise.all(second.map((q) => client.prefetchQuery(q as never)));

    expect(render()).toContain('c of A');
    expect(missingQueries(client)).toEqual([]);
    expect(fetchA).toHaveBeenCalledTimes(1);
    expect(fetchB).not.toHaveBeenCalled();
  });

  it('a failed query is not asked again in the next round (the browser tries)', async () => {
    const client = serverQueryClient();
    const failing = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    const render = () =>
      renderToString(
        <QueryClientProvider client={client}>
          <Page fetchA={failing} fetchB={failing} />
        </QueryClientProvider>,
      );
    render();
    await Promise.all(missingQueries(client).map((q) => client.prefetchQuery(q as never)));
    render();
    expect(missingQueries(client).map((q) => q.queryKey)).toEqual([]);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe('serializeState', () => {
  it('cannot close the script element it is written into', () => {
    const state = {
      locale: 'en-US',
      session: { status: 'anonymous' },
      queries: { mutations: [], queries: [] },
      loaderData: { x: '</script><script>alert(1)</script>' },
      errors: null,
      clientOnlyRemotes: [],
    } as unknown as ServerState;
    const text = serializeState(state);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual(state);
  });
});
