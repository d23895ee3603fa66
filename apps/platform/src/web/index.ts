import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { defaultLocaleRedirect } from '@northstar/i18n/locales';
import { REMOTE_NAMES } from '@northstar/shell-sdk/routes';
import { syncSessionHint } from '../identity/index.ts';
import { domain } from '../lib/domain.ts';
import { cacheControlFor, isAssetPath, NO_CACHE } from './cache-rules.ts';
import { robotsTxt } from './page-head.ts';
import { pageRenderer } from './page.ts';
import { remotesDocument } from './remotes-document.ts';
import { siteOrigin } from './site-origin.ts';

/**
 * The web domain: the built shell for every page path (with the page's SEO head), each remote's
 * dist under `/remotes/<name>/`, `/remotes.json`, `/robots.txt`, and the cache rules. Registered
 * last: its not-found handler is the page of every path no other domain claimed.
 */
export const webDomain = domain('web', async (server, app) => {
  const { config } = app;
  const shellDist = path.join(config.appsDir, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  const renderPage = pageRenderer(app, indexHtml);
  /** The origin pages and robots.txt name the site by: never the Host as sent (site-origin.ts). */
  const siteOf = (request: FastifyRequest) =>
    siteOrigin(config, request, server.server.listening ? server.server.address() : null);

  server.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/plain; charset=utf-8')
      .send(await robotsTxt(app, siteOf(request))),
  );

  server.get('/remotes.json', async (_request, reply) => {
    const document = await remotesDocument(config);
    return reply.header('cache-control', NO_CACHE).send(document);
  });

  for (const name of REMOTE_NAMES) {
    const root = path.join(config.appsDir, name, 'dist');
    if (!existsSync(root)) continue;
    await server.register(
      async (scope) => {
        await scope.register(fastifyStatic, {
          root,
          prefix: '/',
          decorateReply: false,
          cacheControl: false,
          // The builds write zopfli `.gz` files beside their assets (tools/lib/precompress-plugin.ts).
          preCompressed: true,
          setHeaders: (res, filePath) => {
            res.header('cache-control', cacheControlFor(filePath));
            // A remote is plain static code: any origin may load it (a CDN would say the same).
            res.header('access-control-allow-origin', '*');
          },
        });
      },
      { prefix: `/remotes/${name}` },
    );
  }

  if (existsSync(shellDist)) {
    await server.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => void res.header('cache-control', cacheControlFor(filePath)),
    });
  }

  // Every other GET is a page of the site: the default locale's prefix answers 301 to the bare
  // path (§1, §2), everything else gets the shell, which routes on the client, with the page's
  // SEO head, language and custom code already in it (architecture.md, request flow step 1).
  server.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({
        error: {
          type: 'MethodNotFoundException',
          code: 'method_not_found',
          message: 'Not found',
        },
      });
    }
    if (request.url.startsWith('/remotes/') || isAssetPath(request.url)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const canonical = defaultLocaleRedirect(request.url);
    if (canonical !== null) return reply.redirect(canonical, 301);
    if (!existsSync(indexHtml)) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The site is not built yet: run `pnpm start`.');
    }
    const html = await renderPage({ url: request.url, site: siteOf(request) }, request.log);
    syncSessionHint(app, request, reply);
    return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  });
});
