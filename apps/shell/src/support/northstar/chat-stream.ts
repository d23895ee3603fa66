import { CHAT_STREAM_PATH } from '../support-api.ts';
import type { ConversationState, ReadMark, StoredMessage, TypingEvent } from './conversation.ts';

/** What the stream tells (packages/contract/src/modules/chat.ts, "SSE events"). */
export interface ChatStreamHandlers {
  message(message: StoredMessage): void;
  read(mark: ReadMark): void;
  conversation(state: ConversationState): void;
  typing(typing: TypingEvent): void;
  /**
   * The stream was lost for good (a refused or broken connection the browser gives up on) and is
   * about to open again: read the conversation again and answer its `stream_seq`, so the new
   * stream starts after it.
   */
  resync(): Promise<number | null>;
}

export interface ChatStreamOptions {
  /** Where the stream starts: the `stream_seq` of a `chat/getconversation` just read; null for "from now on". */
  after: number | null;
  /** The first pause before opening again after a loss; it doubles up to 30 s. */
  retryMs?: number;
  EventSource?: typeof EventSource;
}

const EVENTS = ['message', 'read', 'conversation', 'typing'] as const;
const CLOSED = 2;

/**
 * The built-in chat's live updates (`GET /platform/chat/stream`, Server-Sent Events). While the
 * connection holds, the browser itself reconnects after a drop and resumes by `Last-Event-ID`;
 * when it gives up (the stream answered an error), this reads the conversation again and opens a
 * new stream after it, waiting longer each time. Returns the stop.
 */
export function openChatStream(
  handlers: ChatStreamHandlers,
  options: ChatStreamOptions,
): () => void {
  const Source = options.EventSource ?? EventSource;
  const retryMs = options.retryMs ?? 2000;
  let after = options.after;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    const url = after === null ? CHAT_STREAM_PATH : `${CHAT_STREAM_PATH}?after=${after}`;
    const current = new Source(url);
    source = current;
    current.onopen = () => {
      failures = 0;
    };
    for (const type of EVENTS) {
      current.addEventListener(type, (event) => {
        const { data, lastEventId } = event as MessageEvent<string>;
        const seq = Number(lastEventId);
        if (lastEventId && Number.isFinite(seq)) after = Math.max(after ?? 0, seq);
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch {
          return;
        }
        (handlers[type] as (value: unknown) => void)(payload);
      });
    }
    current.onerror = () => {
      if (stopped || current.readyState !== CLOSED) return;
      current.close();
      failures += 1;
      timer = setTimeout(() => void reopen(), Math.min(30_000, retryMs * 2 ** (failures - 1)));
    };
  };

  const reopen = async () => {
    if (stopped) return;
    try {
      const seq = await handlers.resync();
      if (seq !== null) after = Math.max(after ?? 0, seq);
    } catch {
      // Still offline: the new stream's own failure schedules the next try.
    }
    if (!stopped) connect();
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
