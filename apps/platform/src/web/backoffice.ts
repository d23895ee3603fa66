import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PlatformConfig } from '../config.ts';
import { cacheControlFor } from './cache-rules.ts';

/**
 * The back office (issue #30, `apps/backoffice`) at `/backoffice`: its hashed assets as files,
 * and its one page for every other path under it (the app routes on the client). The page is
 * the staff's only: never cached, never indexed, never framed (clickjacking an approve button),
 * no referrer leaving it, and a policy that runs only its own scripts.
 */
export const BACKOFFICE_PATH = '/backoffice';

const POLICY = [
  `default-src 'self'`,
  `script-src 'self'`,
  // styled-components writes its rules into a style element.
  `style-src 'self' 'unsafe-inline'`,
  // The authenticator set-up's QR code is an SVG data URL.
  `img-src 'self' data:`,
  `connect-src 'self'`,
  `object-src 'none'`,
  `base-uri 'none'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
].join('; ');

export async function registerBackoffice(
  server: FastifyInstance,
  config: PlatformConfig,
): Promise<void> {
  const dist = path.join(config.appsDir, 'backoffice', 'dist');
  const index = path.join(dist, 'index.html');
  if (existsSync(dist)) {
    await server.register(
      async (scope) => {
        await scope.register(fastifyStatic, {
          root: dist,
          prefix: '/',
          index: false,
          wildcard: false,
          cacheControl: false,
          preCompressed: true,
          decorateReply: false,
          allowedPath: (name: string) => !name.endsWith('.map') && !name.endsWith('.html'),
          setHeaders: (res, file) => void res.header('cache-control', cacheControlFor(file)),
        });
      },
      { prefix: BACKOFFICE_PATH },
    );
  }
  let html: string | null = null;
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!existsSync(index)) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The back office is not built yet: run `pnpm start`.');
    }
    html ??= readFileSync(index, 'utf8');
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', POLICY)
      .header('x-frame-options', 'DENY')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  server.get(BACKOFFICE_PATH, page);
  server.get(`${BACKOFFICE_PATH}/*`, page);
}
