import type { ConsentChoice, QueuedAnalyticsEvent } from '@northstar/shell-sdk/analytics';

/** Where an event goes once the visitor allowed analytics (sinks.ts). */
export interface AnalyticsSink {
  name: string;
  send(event: QueuedAnalyticsEvent): void | Promise<unknown>;
}

/** At most this many events wait for the visitor's answer; older ones are dropped first. */
export const MAX_WAITING = 50;

/**
 * Hands the page's queued events (`window.northstarAnalytics`) to the sinks, each event once, and
 * only while the visitor's consent is `all` (issue #28):
 * - not answered yet (`null`): events wait in the page, nothing is sent;
 * - `all`: the waiting events go out, then each new one as it is queued;
 * - `necessary`: the waiting events are dropped, and every later one.
 * The queue stays the page's array (a remote's `track` pushes onto it; the dispatcher wraps its
 * `push`, as a tag manager does with its data layer). A sink that fails is that sink's loss: the
 * others still get the event, and the page never sees the error.
 */
export class AnalyticsDispatcher {
  private readonly sent = new Set<string>();
  private waiting: QueuedAnalyticsEvent[] = [];
  private consent: ConsentChoice | null;
  private readonly queue: QueuedAnalyticsEvent[];
  private readonly sinks: readonly AnalyticsSink[];
  private readonly onSinkError: (sink: string, error: unknown) => void;
  private originalPush: QueuedAnalyticsEvent[]['push'] | null = null;

  constructor(options: {
    queue: QueuedAnalyticsEvent[];
    sinks: readonly AnalyticsSink[];
    consent: ConsentChoice | null;
    onSinkError?: (sink: string, error: unknown) => void;
  }) {
    this.queue = options.queue;
    this.sinks = options.sinks;
    this.consent = options.consent;
    this.onSinkError = options.onSinkError ?? (() => {});
  }

  /** Takes what is queued so far and every later `push`. */
  start(): void {
    if (this.originalPush) return;
    const queue = this.queue;
    this.originalPush = queue.push;
    const original = this.originalPush;
    queue.push = (...events: QueuedAnalyticsEvent[]) => {
      const length = original.apply(queue, events);
      for (const event of events) this.take(event);
      return length;
    };
    for (const event of queue) this.take(event);
  }

  /** Puts the queue's own `push` back. */
  stop(): void {
    if (this.originalPush) this.queue.push = this.originalPush;
    this.originalPush = null;
  }

  /** The visitor answered the banner (or changed their mind). */
  setConsent(choice: ConsentChoice): void {
    this.consent = choice;
    const waiting = this.waiting;
    this.waiting = [];
    if (choice === 'all') for (const event of waiting) this.deliver(event);
  }

  private take(event: QueuedAnalyticsEvent): void {
    if (!event || typeof event.event_id !== 'string' || this.sent.has(event.event_id)) return;
    if (this.consent === 'all') this.deliver(event);
    else if (this.consent === null) {
      if (this.waiting.some((waiting) => waiting.event_id === event.event_id)) return;
      this.waiting.push(event);
      if (this.waiting.length > MAX_WAITING) this.waiting.shift();
    }
  }

  private deliver(event: QueuedAnalyticsEvent): void {
    if (this.sent.has(event.event_id)) return;
    this.sent.add(event.event_id);
    for (const sink of this.sinks) {
      try {
        const result = sink.send(event);
        if (result && typeof result.then === 'function') {
          result.then(undefined, (error: unknown) => this.onSinkError(sink.name, error));
        }
      } catch (error) {
        this.onSinkError(sink.name, error);
      }
    }
  }
}
