import { describe, expect, it } from 'vitest';
import type { QueuedAnalyticsEvent } from '@northstar/shell-sdk/analytics';
import { EVENTS_HANDLE, sinksFrom } from './sinks.ts';

const event: QueuedAnalyticsEvent = {
  event: 'deposit',
  event_id: 'deposit-42',
  at: 5,
  amount: 20,
  currency: 'EUR',
};

function fakeApi() {
  const calls: { ref: unknown; params: unknown }[] = [];
  return {
    calls,
    api: {
      send: ((ref: unknown, params: unknown) => {
        calls.push({ ref, params });
        return Promise.resolve(1);
      }) as never,
    },
  };
}

describe('analytics sinks from general info’s `analytic`', () => {
  it('sends to the site’s collector as events/handle with the properties as JSON', async () => {
    const { api, calls } = fakeApi();
    const [sink] = sinksFrom({ collector: { enabled: true } }, { api, page: {} });
    expect(sink?.name).toBe('collector');
    await sink!.send(event);
    expect(calls).toEqual([
      {
        ref: EVENTS_HANDLE,
        params: {
          event_name: 'deposit',
          event_params: JSON.stringify({
            event_id: 'deposit-42',
            at: 5,
            amount: 20,
            currency: 'EUR',
          }),
        },
      },
    ]);
    expect(EVENTS_HANDLE).toMatchObject({ module: 'events', method: 'handle', http: 'GET' });
  });

  it('pushes onto the data layer the operator names, made when missing, kept when there', () => {
    const page: Record<string, unknown> = { gtmLayer: [{ 'gtm.start': 1 }] };
    const { api } = fakeApi();
    const [sink] = sinksFrom({ data_layer: { name: 'gtmLayer' } }, { api, page });
    sink!.send(event);
    expect(page.gtmLayer).toEqual([{ 'gtm.start': 1 }, { ...event }]);

    const fresh: Record<string, unknown> = {};
    sinksFrom({ data_layer: {} }, { api, page: fresh })[0]!.send(event);
    expect(fresh.dataLayer).toEqual([{ ...event }]);
    // A name that is no global's name falls back to dataLayer.
    const odd: Record<string, unknown> = {};
    sinksFrom({ data_layer: { name: 'x; alert(1)' } }, { api, page: odd })[0]!.send(event);
    expect(Object.keys(odd)).toEqual(['dataLayer']);
  });

  it('has no sink for an unknown key, a disabled one, or no config', () => {
    const { api } = fakeApi();
    expect(sinksFrom(undefined, { api, page: {} })).toEqual([]);
    expect(
      sinksFrom(
        { collector: { enabled: false }, data_layer: false, pixel: { enabled: true } },
        { api, page: {} },
      ),
    ).toEqual([]);
    expect(
      sinksFrom({ collector: {}, data_layer: {} }, { api, page: {} }).map((s) => s.name),
    ).toEqual(['collector', 'data_layer']);
  });
});
