import { afterEach, describe, expect, it, vi } from 'vitest';
import { openChatStream, type ChatStreamHandlers } from './chat-stream.ts';

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, data: unknown, id = '') {
    const event = { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id };
    for (const listener of this.listeners.get(type) ?? []) listener(event as MessageEvent<string>);
  }
  /** The browser reconnects by itself (readyState CONNECTING) or gives up (CLOSED). */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? 2 : 0;
    this.onerror?.();
  }
}

function handlers(resyncTo: number | null = 40) {
  return {
    message: vi.fn(),
    read: vi.fn(),
    conversation: vi.fn(),
    typing: vi.fn(),
    resync: vi.fn(() => Promise.resolve(resyncTo)),
  } satisfies ChatStreamHandlers;
}

const open = (h: ChatStreamHandlers, after: number | null) =>
  openChatStream(h, {
    after,
    retryMs: 1000,
    EventSource: FakeSource as unknown as typeof EventSource,
  });

afterEach(() => {
  FakeSource.all = [];
  vi.useRealTimers();
});

describe('the built-in chat’s stream', () => {
  it('starts after the conversation it read, or from now on', () => {
    open(handlers(), 12)();
    open(handlers(), null)();
    expect(FakeSource.all.map((s) => s.url)).toEqual([
      '/platform/chat/stream?after=12',
      '/platform/chat/stream',
    ]);
  });

  it('hands each event on, and skips a broken one', () => {
    const h = handlers();
    open(h, 0);
    const source = FakeSource.all[0]!;
    source.open();
    source.emit('message', { id: 1, text: 'Hi' }, '5');
    source.emit('typing', { conversation_id: 9, from: 'agent', typing: true });
    source.emit('read', { conversation_id: 9, by: 'agent', up_to_seq: 5 }, '6');
    source.emit('conversation', { id: 9, status: 'assigned' }, '7');
    source.emit('message', '{not json', '8');
    expect(h.message).toHaveBeenCalledExactlyOnceWith({ id: 1, text: 'Hi' });
    expect(h.typing).toHaveBeenCalledOnce();
    expect(h.read).toHaveBeenCalledOnce();
    expect(h.conversation).toHaveBeenCalledOnce();
  });

  it('leaves a dropped connection to the browser, which resumes by Last-Event-ID', () => {
    vi.useFakeTimers();
    const h = handlers();
    open(h, 0);
    FakeSource.all[0]!.fail(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(h.resync).not.toHaveBeenCalled();
  });

  it('when the browser gives up: reads the conversation again and opens after it, waiting longer each time', async () => {
    vi.useFakeTimers();
    const h = handlers(40);
    open(h, 3);
    const first = FakeSource.all[0]!;
    first.emit('message', { id: 1 }, '9');
    first.fail(true);
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.resync).toHaveBeenCalledOnce();
    expect(FakeSource.all[1]!.url).toBe('/platform/chat/stream?after=40');
    // Fails again at once: twice the wait.
    FakeSource.all[1]!.fail(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(3);
    // Open again: the next loss waits the first pause again.
    FakeSource.all[2]!.open();
    FakeSource.all[2]!.fail(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all).toHaveLength(4);
  });

  it('keeps the furthest position: a resync behind the events already seen does not go back', async () => {
    vi.useFakeTimers();
    const h = handlers(2);
    open(h, 3);
    FakeSource.all[0]!.emit('message', { id: 1 }, '9');
    FakeSource.all[0]!.fail(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all[1]!.url).toBe('/platform/chat/stream?after=9');
  });

  it('stops: closes the stream and opens no other', async () => {
    vi.useFakeTimers();
    const stop = open(handlers(), 0);
    FakeSource.all[0]!.fail(true);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(FakeSource.all[0]!.closed).toBe(true);
  });
});
