/**
 * Reads a Server-Sent Events response from a streaming fetch, one message at a time (the live
 * leaderboard's and the odds stream's tests): `next` answers the next message with data, or null
 * after `ms` without one or when the stream ends.
 */
export function sseReader<T>(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // A read that outlived a `next` that gave up waiting: the next call takes its chunk, which
  // would otherwise be lost with it.
  let pending: ReturnType<typeof reader.read> | null = null;
  return {
    async next(ms = 10_000): Promise<{ id: string | null; event: string | null; data: T } | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const payload = /^data: (.*)$/m.exec(block);
          if (!payload) continue;
          return {
            id: /^id: (.*)$/m.exec(block)?.[1] ?? null,
            event: /^event: (.*)$/m.exec(block)?.[1] ?? null,
            data: JSON.parse(payload[1]!) as T,
          };
        }
        const left = deadline - Date.now();
        if (left <= 0) return null;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) return null;
        pending = null;
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}
