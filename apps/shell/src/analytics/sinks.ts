import { methodRef, type pageApi } from '@northstar/shell-sdk';
import type { QueuedAnalyticsEvent } from '@northstar/shell-sdk/analytics';
import type { AnalyticsSink } from './dispatcher.ts';

/** The site's own collector (§7 `events/handle`, issue #28). */
export const EVENTS_HANDLE = methodRef('events', 'handle');

type Transport = Pick<typeof pageApi, 'send'>;

const enabled = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && (value as { enabled?: unknown }).enabled !== false;

/** A global's name an operator may give the data layer (`dataLayer` by default). */
const GLOBAL_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

/**
 * The sinks general info's `analytic` turns on (apps/platform/src/lib/general-settings.ts):
 * - `collector`: the site's own, `events/handle` (kept in PostgreSQL by the platform);
 * - `data_layer`: pushes `{ event, …properties }` onto `window[name]` (`dataLayer`), the array a
 *   tag manager reads; the operator loads the tag manager itself (content backend custom code).
 * An unknown key or a sink with `enabled: false` is no sink.
 */
export function sinksFrom(
  analytic: Record<string, unknown> | undefined,
  deps: { api: Transport; page: Record<string, unknown> },
): AnalyticsSink[] {
  const sinks: AnalyticsSink[] = [];
  const config = analytic ?? {};
  if (enabled(config.collector)) {
    sinks.push({
      name: 'collector',
      send: (event) => {
        const { event: name, ...properties } = event;
        return deps.api.send(EVENTS_HANDLE, {
          event_name: name,
          event_params: JSON.stringify(properties),
        });
      },
    });
  }
  if (enabled(config.data_layer)) {
    const wanted = config.data_layer.name;
    const name = typeof wanted === 'string' && GLOBAL_NAME.test(wanted) ? wanted : 'dataLayer';
    sinks.push({
      name: 'data_layer',
      send: (event: QueuedAnalyticsEvent) => {
        const layer = deps.page[name];
        const target = Array.isArray(layer) ? layer : (deps.page[name] = []);
        (target as unknown[]).push({ ...event });
      },
    });
  }
  return sinks;
}
