import * as v from 'valibot';
import * as w from '../wire.ts';
import { method, ok } from './shared.ts';

// §7 `events`: its methods.

/**
 * Issue #28: the events the site's analytics sends (§4 "sign-up analytics events are sent", §8
 * "the error code goes to analytics"): a sign-up or sign-in and their failures (with the §8 error
 * code), a deposit and the first one, a game opened.
 */
export const ANALYTICS_EVENTS = [
  'sign_up',
  'sign_up_error',
  'login',
  'login_error',
  'deposit',
  'first_deposit',
  'game_open',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** A property's name: lower-case snake case, as the event names. */
const PROPERTY_NAME = /^[a-z][a-z0-9_]{0,31}$/;
/** At most this many properties per event. */
export const MAX_EVENT_PROPERTIES = 16;

/**
 * An event's properties (`event_params`, JSON): flat scalars under snake-case names, no nested
 * objects (what a data layer or a table column can take as is). `event_id` is the event's own id,
 * made once in the browser: an event sent twice (a retry, a second tab replaying the queue) is
 * kept once.
 */
export const analyticsEventProperties = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(PROPERTY_NAME, 'wrong_field')),
    v.union(
      [v.pipe(v.string(), v.maxLength(200, 'max_length')), v.number(), v.boolean(), v.null()],
      'wrong_field',
    ),
    'wrong_field',
  ),
  v.check((properties) => Object.keys(properties).length <= MAX_EVENT_PROPERTIES, 'max_length'),
  v.check(
    (properties) =>
      properties.event_id === undefined ||
      (typeof properties.event_id === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(properties.event_id)),
    'wrong_field',
  ),
);
export type AnalyticsEventProperties = v.InferOutput<typeof analyticsEventProperties>;

export const events = {
  /**
   * The site's own analytics collector (issue #28; one of the sinks `analytic` in general info
   * turns on): records one event. A GET, as §7 has it, that changes state: it needs the marker
   * header, and the platform keeps nothing without the visitor's analytics consent.
   */
  handle: {
    ...method(
      'events',
      'handle',
      'GET',
      'public',
      w.params({
        event_name: w.oneOf(ANALYTICS_EVENTS),
        event_params: w.optional(
          v.pipe(
            v.string('wrong_field'),
            v.maxLength(4000, 'max_length'),
            w.json(analyticsEventProperties),
          ),
        ),
      }),
      ok,
      'built',
    ),
    mutates: true,
  },
};
