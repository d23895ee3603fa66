import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Writes an SSE message (`id:`/`event:`/`data:` lines and the blank line); nothing once closed. */
  send(text: string): void;
  /** What to do when the stream ends (the client left, or the server closes); at once if it has. */
  onClose(cleanup: () => void): void;
}

/**
 * Answers a request with a Server-Sent Events stream (the live leaderboard, the odds stream):
 * the headers (no caching, no proxy buffering), a reconnection delay of 2 s, a heartbeat, and
 * an end that runs once whether the client leaves or the server closes (`closers`: the domain
 * ends every open stream before the server waits for open requests).
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  closers: Set<() => void>,
): EventStream {
  void reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  let closed = false;
  let cleanup: (() => void) | null = null;
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    closers.delete(close);
    clearInterval(heartbeat);
    cleanup?.();
    raw.end();
  };
  closers.add(close);
  request.raw.on('close', close);
  return {
    send: (text) => {
      if (!closed) raw.write(text);
    },
    onClose: (next) => {
      if (closed) next();
      else cleanup = next;
    },
  };
}
