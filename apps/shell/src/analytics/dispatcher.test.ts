import { describe, expect, it } from 'vitest';
import type { QueuedAnalyticsEvent } from '@northstar/shell-sdk/analytics';
import { AnalyticsDispatcher, MAX_WAITING, type AnalyticsSink } from './dispatcher.ts';

const event = (
  id: string,
  name: QueuedAnalyticsEvent['event'] = 'login',
): QueuedAnalyticsEvent => ({
  event: name,
  event_id: id,
  at: 1,
});

function recorder(): AnalyticsSink & { got: string[] } {
  const got: string[] = [];
  return { name: 'rec', got, send: (e) => void got.push(e.event_id) };
}

describe('the analytics dispatcher (issue #28: nothing before consent, each event once)', () => {
  it('sends nothing while the visitor has not answered, then what waited once they accept', () => {
    const queue = [event('before-1')];
    const sink = recorder();
    const dispatcher = new AnalyticsDispatcher({ queue, sinks: [sink], consent: null });
    dispatcher.start();
    queue.push(event('before-2'));
    expect(sink.got).toEqual([]);
    dispatcher.setConsent('all');
    expect(sink.got).toEqual(['before-1', 'before-2']);
    queue.push(event('after'));
    expect(sink.got).toEqual(['before-1', 'before-2', 'after']);
    // The page's queue is still the page's: a remote's later push lands in it too.
    expect(queue.map((e) => e.event_id)).toEqual(['before-1', 'before-2', 'after']);
  });

  it('drops what waited, and everything later, when the visitor refuses', () => {
    const queue = [event('a')];
    const sink = recorder();
    const dispatcher = new AnalyticsDispatcher({ queue, sinks: [sink], consent: null });
    dispatcher.start();
    dispatcher.setConsent('necessary');
    queue.push(event('b'));
    expect(sink.got).toEqual([]);
    // Changing their mind later sends only what comes after.
    dispatcher.setConsent('all');
    expect(sink.got).toEqual([]);
    queue.push(event('c'));
    expect(sink.got).toEqual(['c']);
  });

  it('hands each event to every sink once, however often it is queued', () => {
    const queue: QueuedAnalyticsEvent[] = [];
    const first = recorder();
    const second = recorder();
    const dispatcher = new AnalyticsDispatcher({ queue, sinks: [first, second], consent: 'all' });
    dispatcher.start();
    queue.push(event('x'), event('x'));
    queue.push(event('y'));
    queue.push(event('x'));
    dispatcher.start();
    expect(first.got).toEqual(['x', 'y']);
    expect(second.got).toEqual(['x', 'y']);
  });

  it('keeps a failing sink from losing the event for the others, and says which failed', async () => {
    const queue: QueuedAnalyticsEvent[] = [];
    const good = recorder();
    const failures: string[] = [];
    const dispatcher = new AnalyticsDispatcher({
      queue,
      consent: 'all',
      sinks: [
        {
          name: 'throws',
          send: () => {
            throw new Error('boom');
          },
        },
        { name: 'rejects', send: () => Promise.reject(new Error('offline')) },
        good,
      ],
      onSinkError: (sink) => failures.push(sink),
    });
    dispatcher.start();
    queue.push(event('z'));
    await Promise.resolve();
    expect(good.got).toEqual(['z']);
    expect(failures.sort()).toEqual(['rejects', 'throws']);
  });

  it('keeps at most MAX_WAITING events waiting, the newest', () => {
    const queue: QueuedAnalyticsEvent[] = [];
    const sink = recorder();
    const dispatcher = new AnalyticsDispatcher({ queue, sinks: [sink], consent: null });
    dispatcher.start();
    for (let i = 0; i < MAX_WAITING + 5; i += 1) queue.push(event(`e${i}`));
    dispatcher.setConsent('all');
    expect(sink.got).toHaveLength(MAX_WAITING);
    expect(sink.got[0]).toBe('e5');
  });

  it('puts the queue’s own push back when stopped', () => {
    const queue: QueuedAnalyticsEvent[] = [];
    const sink = recorder();
    const dispatcher = new AnalyticsDispatcher({ queue, sinks: [sink], consent: 'all' });
    dispatcher.start();
    dispatcher.stop();
    queue.push(event('late'));
    expect(sink.got).toEqual([]);
  });
});
