import { Socket } from 'node:net';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import {
  DEFAULT_THROTTLE_MAX,
  DEFAULT_THROTTLE_WINDOW_S,
  type RequestThrottle,
} from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  BatchedThrottle,
  forgetEndedWindows,
  postgresThrottleStore,
} from '../shared-store/index.ts';

/**
 * The default general throttle: 600 requests a minute per address over `/api` and `/cms`
 * together. A page load makes about 15 such calls and the balance refresh 6 a minute (§9), so
 * one player stays far below it even with several tabs, while a few dozen players behind one
 * NAT address still fit; a script hammering the API is slowed to 10 requests a second per
 * address. RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_SECONDS change it (README "Settings").
 */
export const DEFAULT_THROTTLE: RequestThrottle = {
  max: DEFAULT_THROTTLE_MAX,
  windowSeconds: DEFAULT_THROTTLE_WINDOW_S,
};

/**
 * The paths the general throttle counts: the application API, the content backend and `/hit`
 * (each kept hit is a row: issue #28).
 */
const THROTTLED = /^\/(?:api|cms|hit)(?:[/?]|$)/;

/**
 * A general per-address throttle on `/api` and `/cms` (`@fastify/rate-limit`), beside the
 * per-account limits of sign-in, codes and registration (identity/rate-limit.ts), which stay
 * much stricter. Its counters live in the database (shared-store/throttle-store.ts), so every
 * instance counts an address's requests together. Over the budget: 429 with the API's typed
 * error (TooManyRequests, `retry_after` in its error data) and `Retry-After`.
 *
 * `max: 0` turns it off (a test platform driven from one address, or a proxy that throttles).
 */
export async function registerThrottle(
  server: FastifyInstance,
  database: DatabaseHandle,
  throttle: RequestThrottle,
): Promise<void> {
  if (throttle.max === 0) return;
  const windowMs = throttle.windowSeconds * 1000;
  const counts = new BatchedThrottle(database);
  // What this instance counted and has not written yet goes to the table as it closes.
  server.addHook('onClose', async () => counts.close());
  await server.register(fastifyRateLimit, {
    // Only the paths above, through the hook below; not every route of the site.
    global: false,
    max: throttle.max,
    timeWindow: windowMs,
    store: postgresThrottleStore(counts),
    // The address as Fastify sees it (TRUST_PROXY decides whether a proxy's X-Forwarded-For is
    // believed); IPv6 clients are counted per /56, as the plugin does, since one holder has many.
    errorResponseBuilder: (_request, context) =>
      new ApiError('TooManyRequests', 'Too many requests from this address; please wait', {
        errorData: { retry_after: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
    // A database fault while counting must not refuse the request: the request itself then
    // meets the database and answers for it.
    skipOnError: true,
  });
  const limit = server.rateLimit();
  server.addHook('onRequest', async (request, reply) => {
    if (isThrottled(request)) await limit.call(server, request, reply);
  });

  // Ended windows are deleted now and then (every instance may do it: a delete of nothing).
  const sweep = setInterval(
    () => void forgetEndedWindows(database, windowMs).catch(() => undefined),
    Math.max(windowMs, 60_000),
  );
  sweep.unref();
  server.addHook('onClose', async () => clearInterval(sweep));
}

/**
 * A client's request to `/api`, `/cms` or `/hit`. Requests the server makes to itself (`inject`: the
 * server render answering a page's own data calls in-process, web/ssr.ts) come from no socket
 * and would all count against 127.0.0.1, one budget for every visitor's page: they are left out
 * (the page itself is not an API call, and the browser does not repeat what it was given).
 */
const isThrottled = (request: FastifyRequest) =>
  request.raw.socket instanceof Socket && THROTTLED.test(request.url);
