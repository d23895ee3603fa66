import { existsSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { splitLocalePath } from '@northstar/i18n/locales';
import { matchRoute } from '@northstar/shell-sdk/page-rules';
import { REMOTE_NAMES } from '@northstar/shell-sdk/routes';
import {
  OFFLINE_PAGE_PREFIX,
  PAGE_CACHE_HEADER,
  PAGE_CACHE_VISITOR,
} from '@northstar/shell-sdk/service-worker';
import { syncSessionHint } from '../identity/index.ts';
import { domain } from '../lib/domain.ts';
import { cacheControlFor, isAssetPath, NO_CACHE } from './cache-rules.ts';
import { maintenanceHook } from './maintenance.ts';
import { webManifest } from './manifest.ts';
import { robotsTxt } from './page-head.ts';
import { decidePage, headerSafeUrl, PAGE_VARY, type PageAnswer } from './page-rules.ts';
import { pageRenderer } from './page.ts';
import { remotesDocument } from './remotes-document.ts';
import { newNonce, NO_CSP_EXTRAS, pagePolicy, withScriptNonce } from './csp.ts';
import { forgetSiteState, originOf, siteState } from './site-state.ts';
import { siteOrigin } from './site-origin.ts';
import { registerSitemap } from './sitemap.ts';
import { registerIconSprite } from './icon-sprite.ts';
import { registerBackoffice } from './backoffice.ts';
import { pagePlatform, withPlatformAttribute } from './platform-type.ts';
import { serverRenderer, withRenderedPage } from './ssr.ts';

/**
 * The web domain: the built shell for every page path (with the page's SEO head, after the page
 * rules of page-rules.ts: maintenance, locale, redirects, guards, 404s), each remote's
 * dist under `/remotes/<name>/`, `/remotes.json`, `/robots.txt`, and the cache rules. Registered
 * last: its not-found handler is the page of every path no other domain claimed.
 */
export const webDomain = domain('web', async (server, app) => {
  const { config } = app;
  const shellDist = path.join(config.appsDir, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  const renderer = pageRenderer(app, indexHtml);
  const ssr = serverRenderer(server, config);
  const shellBuilt = () => existsSync(indexHtml);
  /**
   * Who may show a page in a frame: the embedded sign-in and sign-up forms (§2) on this site and
   * the embedding sites of the site config, every other page on this site only.
   */
  const frameAncestors = async (url: string): Promise<string> => {
    const match = matchRoute(url.split('?', 1)[0] ?? '/');
    const embeddable = match?.id === 'signInForm' || match?.id === 'signUpForm';
    const origins = embeddable
      ? await siteState(app).then(
          (s) => s.embedOrigins,
          () => [],
        )
      : [];
    return `frame-ancestors ${["'self'", ...origins].join(' ')}`;
  };
  /** Where the remotes' manifests are fetched from, for the pages' connect-src (web/csp.ts). */
  const remoteOrigins = async (): Promise<string[]> => {
    const document = await remotesDocument(config);
    const origins = Object.values(document)
      .map((entry) => originOf(String(entry).replace(/^(https?:\/\/[^/]+).*$/, '$1')))
      .filter((origin): origin is string => origin !== null);
    return [...new Set(origins)];
  };
  /** The origin pages and robots.txt name the site by: never the Host as sent (site-origin.ts). */
  const siteOf = (request: FastifyRequest) =>
    siteOrigin(config, request, server.server.listening ? server.server.address() : null);

  // Step 1 of the page rules, for every request: the maintenance switch (maintenance.ts).
  server.addHook('onRequest', maintenanceHook(app, renderer, shellBuilt));
  // A content write on this process takes effect on the next request (site-state.ts).
  server.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      /^\/cms(?:\/|\?|$)/.test(request.url)
    ) {
      if (reply.statusCode < 400) forgetSiteState(app.database);
    }
    return payload;
  });

  server.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/plain; charset=utf-8')
      .send(await robotsTxt(app, siteOf(request))),
  );
  registerSitemap(server, app, siteOf);
  registerIconSprite(server);

  // The installed app's manifest, one per site locale (web/manifest.ts).
  server.get<{ Params: { file: string } }>('/manifest/:file', async (request, reply) => {
    const locale = request.params.file.replace(/\.webmanifest$/, '');
    // The content backend unreadable: no site locale is known, so no manifest (not a 500).
    const state = await siteState(app).catch(() => null);
    if (!request.params.file.endsWith('.webmanifest') || !state?.available.includes(locale)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const manifest = await webManifest(app, locale, state.defaultLocale ?? locale, siteOf(request));
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifest));
  });

  // The staff's app (issue #30): before the pages' not-found handler, which it is not part of.
  await registerBackoffice(server, config);

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
          // Source maps stay on the server for an error tracker; browsers never get them.
          allowedPath: (pathName: string) => !pathName.endsWith('.map'),
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
      allowedPath: (pathName: string) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => void res.header('cache-control', cacheControlFor(filePath)),
    });
  }

  // Every other GET (and HEAD) is a page of the site, answered by the rules of page-rules.ts in
  // their order: the maintenance switch (the hook above, for every path), the default locale's
  // 301, the locale's 302, the redirect table, the guards and page validation, the gamehall
  // category middleware, slug pages; then the shell, which routes on the client, with the page's
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
    reply.header('vary', PAGE_VARY);
    let answer: PageAnswer;
    try {
      answer = await decidePage(app, request);
    } catch (error) {
      // The content backend failed: the shell goes out and applies the same rules on the client.
      request.log.error({ err: error, url: request.url }, 'page rules failed; plain page served');
      // The path's locale (the rules could not decide one): the page is drawn in it as before.
      answer = {
        kind: 'page',
        status: 200,
        lang: splitLocalePath(request.url.split(/[?#]/, 1)[0] || '/').locale,
      };
    }
    if (answer.kind === 'redirect') {
      return reply
        .header('cache-control', NO_CACHE)
        .redirect(headerSafeUrl(answer.location), answer.status);
    }
    if (!shellBuilt()) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The site is not built yet: run `pnpm start`.');
    }
    let html: string;
    const nonce = newNonce();
    // §1 the installed and web-view apps: the layout's changes are in the HTML (platform-type.ts).
    const platform = pagePlatform(app, request, reply);
    if (answer.status === 500 && answer.systemPage) {
      html = withScriptNonce(
        withPlatformAttribute(
          await renderer.bare(answer.lang, answer.systemPage, answer.statusMessage ?? null),
          platform,
        ),
        nonce,
      );
    } else {
      // The head from the content backend and the server render of the page, side by side.
      const [document, rendered] = await Promise.all([
        renderer.page({ url: request.url, site: siteOf(request) }, request.log, answer.systemPage),
        ssr.render(request, {
          locale: answer.lang,
          session: { signedIn: answer.signedIn ?? false },
          systemPage: answer.systemPage ?? null,
          nonce,
        }),
      ]);
      const page = withScriptNonce(withPlatformAttribute(document, platform), nonce);
      html = rendered ? withRenderedPage(page, rendered, { script: nonce }) : page;
    }
    syncSessionHint(app, request, reply);
    reply.code(answer.status);
    if (answer.statusMessage) reply.raw.statusMessage = answer.statusMessage;
    // A page drawn for a visitor may be kept by the service worker for offline; a signed-in
    // player's never is (@northstar/shell-sdk/service-worker).
    if (answer.status === 200 && answer.signedIn === false && !answer.systemPage) {
      reply.header(PAGE_CACHE_HEADER, PAGE_CACHE_VISITOR);
    }
    return sendPage(request, reply, html, nonce);
  });

  /**
   * The offline page of a locale (issue #28), drawn like any system page, for the service worker
   * to keep at install and show when the network is gone (apps/shell/src/sw). A visitor's page:
   * no session is read, and nothing in it is anyone's.
   */
  server.get<{ Params: { locale: string } }>(
    `${OFFLINE_PAGE_PREFIX}:locale`,
    async (request, reply) => {
      const { locale } = request.params;
      const available = await siteState(app).then(
        (s) => s.available,
        () => [] as string[],
      );
      if (!available.includes(locale)) {
        return reply.code(404).type('text/plain').send('Not found');
      }
      if (!shellBuilt()) {
        return reply.code(503).type('text/plain').send('The site is not built yet.');
      }
      const nonce = newNonce();
      const [document, rendered] = await Promise.all([
        renderer.bare(locale, 'offline'),
        ssr.render(request, {
          locale,
          session: { signedIn: false },
          systemPage: 'offline',
          nonce,
        }),
      ]);
      const page = withScriptNonce(document, nonce);
      reply.code(200);
      return sendPage(
        request,
        reply,
        rendered ? withRenderedPage(page, rendered, { script: nonce }) : page,
        nonce,
      );
    },
  );

  /** A page's answer: no-cache, its Content-Security-Policy with the nonce, compressed. */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    nonce: string,
  ) {
    reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
    const csp = pagePolicy({
      nonce,
      frameAncestors: await frameAncestors(request.url),
      remoteOrigins: await remoteOrigins(),
      extras: await siteState(app).then(
        (s) => s.csp,
        () => NO_CSP_EXTRAS,
      ),
    });
    if (csp.reportOnly) {
      reply.header('content-security-policy', csp.frameAncestors);
      reply.header('content-security-policy-report-only', csp.policy);
    } else {
      reply.header('content-security-policy', csp.policy);
    }
    // The not-found handler is no route, so @fastify/compress's route hook never sees it: the
    // page (tens of KB of server-rendered HTML and state) is compressed here.
    reply.header('vary', `${PAGE_VARY}, Accept-Encoding`);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (request.method === 'GET' && /\bbr\b/.test(accepted)) {
      // Quality 5: most of brotli's gain for a page made per request, at gzip's speed.
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (request.method === 'GET' && /\bgzip\b/.test(accepted)) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    }
    return reply.send(html);
  }
});
