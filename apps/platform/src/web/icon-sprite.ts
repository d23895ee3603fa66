import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { iconSprite } from '@northstar/ui/icon-sprite';
import { IMMUTABLE, NO_CACHE } from './cache-rules.ts';

/** Where pages find the design system's icons (`Icon` of `@northstar/ui` draws from it). */
export const ICON_SPRITE_PATH = '/_icons/sprite.svg';

/**
 * The icons' sprite (issue #28, §2 `/_icons`): one SVG of `<symbol>`s that every icon of every
 * page uses by reference, so no icon's path is in the pages' JS. Asked for under its version
 * (`?v=`, the first 10 hex digits of its SHA-256, as tools/generate-icon-sprite.ts writes it
 * into the pages' build): that URL is kept for a year; any other is revalidated, so a page of an
 * older build still gets icons.
 */
export function registerIconSprite(server: FastifyInstance): void {
  const sprite = iconSprite();
  const version = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
  server.get<{ Querystring: { v?: unknown } }>(ICON_SPRITE_PATH, async (request, reply) =>
    reply
      .header('cache-control', request.query.v === version ? IMMUTABLE : NO_CACHE)
      .type('image/svg+xml; charset=utf-8')
      .send(sprite),
  );
}
