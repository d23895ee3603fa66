import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { listenTo } from '../shared-store/index.ts';

/**
 * The channel the content tables notify after every committed write (migration 0015's trigger on
 * `cms_entries` and `locales`: entries, single types, media records, locales alike).
 */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * Answers assembled from the content (`/nfx/cms-config/{locale}`: nine queries a page load
 * without it), kept per key until the content changes. Every instance listens to the database's
 * `content_changed` channel, so a write on one instance empties the cache of all of them; the
 * instance that wrote also empties its own before answering the write (a notification through
 * another connection may arrive a moment after the answer).
 *
 * While the listening connection is lost, nothing is cached: answers come from the database, as
 * they would without a cache, until it listens again.
 */
export class ContentCache {
  readonly #answers = new Map<string, unknown>();
  /** Bumped by every invalidation: a load that began before one is not kept after it. */
  #generation = 0;
  #listening = false;

  invalidate(): void {
    this.#generation += 1;
    this.#answers.clear();
  }

  /** The listener is (again, or no longer) hearing every write. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.invalidate();
  }

  get size(): number {
    return this.#answers.size;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#answers.has(key)) return this.#answers.get(key) as T;
    const generation = this.#generation;
    const answer = await load();
    // A write committed while this load ran may or may not be in its answer: keep only answers
    // whose load began after the last invalidation.
    if (this.#listening && generation === this.#generation) {
      this.#answers.set(key, deepFreeze(answer));
    }
    return answer;
  }
}

/** Shared answers must not be changed by one reader for the next: a change throws instead. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

const caches = new WeakMap<AppContext, ContentCache>();

/** The running server's content cache; none (every read from the database) outside a server. */
export function contentCacheOf(app: AppContext): ContentCache | undefined {
  return caches.get(app);
}

/**
 * Starts the content cache of a server: listens to `content_changed`, empties the cache after
 * each write answered by this instance, and stops listening when the server closes.
 */
export async function startContentCache(server: FastifyInstance, app: AppContext): Promise<void> {
  const cache = new ContentCache();
  const unlisten = await listenTo(app.database, CONTENT_CHANNEL, {
    notified: () => cache.invalidate(),
    reset: (listening) => {
      if (!listening) server.log.warn('content cache off: the database listener was lost');
      cache.setListening(listening);
    },
  });
  cache.setListening(true);
  caches.set(app, cache);
  // A refused write changed nothing: only writes that succeeded empty the cache (so a flood of
  // refused ones cannot make every page load assemble the config again).
  server.addHook('onSend', async (request, reply) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      isContentPath(request.url)
    ) {
      cache.invalidate();
    }
  });
  server.addHook('onClose', async () => {
    caches.delete(app);
    await unlisten();
  });
}

const isContentPath = (url: string) => url === '/cms' || url.startsWith('/cms/');
