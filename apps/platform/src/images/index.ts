import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { isImageSource, parseModifiers } from '@northstar/shell-sdk/images';
import { domain } from '../lib/domain.ts';
import { ImageResizer } from './resizer.ts';

export { ImageResizer, MAX_INPUT_PIXELS } from './resizer.ts';

/** A source larger than this is not resized (a content upload is capped lower; art is small). */
export const MAX_SOURCE_BYTES = 15 * 1024 * 1024;

/**
 * The images domain: `/_ipx/{modifiers}/{path}` (§3 modifiers, §9 defaults; the grammar, the
 * caps and the allowed sources are `@northstar/shell-sdk/images`, which the pages build their
 * addresses with). The source is fetched from this site itself (`inject`: the game art, the
 * shell's banners, the content backend's uploads on disk or S3, with their own rules), resized by
 * ipx and kept on disk under `DATA_DIR/image-cache` (resizer.ts).
 *
 * Answers: 200 with the image, `Cache-Control` for a day (a changed source has a new ETag, and
 * the pages' addresses do not change with it, so not immutable); 304 to a matching
 * `If-None-Match`; 400 for a modifier outside the grammar or over the caps; 403 for a source
 * outside the allow-list (another site, a path elsewhere on this one: no open proxy); 404 when
 * the source is not there; 415 when it is not an image.
 *
 * Making images takes the CPU: at most one per core at a time, the rest wait in turn, so a flood
 * of new sizes slows images and not the site's pages and API.
 */
export const imagesDomain = domain('images', async (server, app) => {
  const resizer = new ImageResizer(path.join(app.config.dataDir, 'image-cache'));
  const slots = new Slots(Math.max(1, availableParallelism()));

  const refuse = (reply: FastifyReply, status: number, reason: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/plain').send(reason);

  server.get('/_ipx/*', async (request, reply) => {
    const raw = request.url.slice('/_ipx/'.length).split(/[?#]/, 1)[0] ?? '';
    const slash = raw.indexOf('/');
    if (slash <= 0) return refuse(reply, 400, 'missing_modifiers');
    const parsed = parseModifiers(decodeURIComponentSafe(raw.slice(0, slash)));
    if (!parsed.ok) return refuse(reply, 400, `${parsed.error.reason}:${parsed.error.key}`);
    const source = raw.slice(slash);
    if (!isImageSource(source)) return refuse(reply, 403, 'source_not_allowed');

    const fetched = await server.inject({ method: 'GET', url: source });
    if (fetched.statusCode === 404) return refuse(reply, 404, 'source_not_found');
    if (fetched.statusCode !== 200) return refuse(reply, 502, 'source_unavailable');
    const type = String(fetched.headers['content-type'] ?? '')
      .split(';', 1)[0]!
      .trim();
    if (!type.startsWith('image/')) return refuse(reply, 415, 'source_not_an_image');
    const data = fetched.rawPayload;
    if (data.byteLength > MAX_SOURCE_BYTES) return refuse(reply, 400, 'source_too_large');

    let image;
    try {
      image = await slots.run(() => resizer.resize({ data, type }, parsed.modifiers));
    } catch (error) {
      // sharp refuses what it cannot read or what is over MAX_INPUT_PIXELS: the source's fault.
      request.log.warn({ err: error, source }, 'image not resized');
      return refuse(reply, 400, 'source_unreadable');
    }
    const etag = `"${image.etag}"`;
    reply
      .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
      .header('etag', etag)
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.type).send(image.data);
  });
});

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** At most `size` tasks at once; the others wait their turn, first come first served. */
class Slots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}
