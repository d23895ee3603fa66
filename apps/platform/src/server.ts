import { existsSync, mkdirSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { ApiError, apiErrorBody } from '@northstar/errors';
import { defaultLocaleRedirect } from '@northstar/i18n/locales';
import { REMOTE_NAMES } from '@northstar/shell-sdk/routes';
import type { PlatformConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seed } from './db/seed.ts';
import { API_ROUTE, handlerStarted, registerApi } from './http/api.ts';
import { registerMailPage } from './dev/mail-page.ts';
import { registerContent } from './content/routes.ts';
import { registerSiteSocialSignIn } from './modules/auth/oauth-routes.ts';
import { registerSandboxOAuthPages } from './providers/social/sandbox-page.ts';
import { loadSecret } from './services/secret.ts';
import { syncSessionHint } from './services/sessions.ts';
import { remotesDocument } from './web/remotes-document.ts';
import { pageRenderer } from './web/page.ts';
import { robotsTxt } from './web/page-head.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** Files whose name does not change with their content: always revalidated. */
function cacheControlFor(filePath: string): string {
  // A precompressed copy (`main.abc.js.gz`) is cached like the file it stands for.
  const base = path.basename(filePath).replace(/\.(gz|br)$/, '');
  if (base === 'index.html' || base.startsWith('mf-') || base.endsWith('.json')) return NO_CACHE;
  return /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpg)$/.test(base)
    ? IMMUTABLE
    : 'public, max-age=3600';
}

/**
 * A missing file (`/og/default.png`, `/main.abc.js`) is a 404, not the shell's page: an image or
 * script tag must not receive HTML. Pages never end in these extensions (slugs are
 * `[a-z0-9-]`, game sysnames have no file extension).
 */
const ASSET_EXTENSION =
  /\.(?:png|jpe?g|webp|avif|gif|svg|ico|css|js|mjs|map|json|woff2?|ttf|txt|xml|webmanifest|gz|br)$/i;

function isAssetPath(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return ASSET_EXTENSION.test(pathname);
}

function methodNotFound(reply: FastifyReply, url: string) {
  const { status, body } = apiErrorBody('MethodNotFound', `No API method at ${url.split('?')[0]}`);
  return reply.code(status).send(body);
}

/**
 * Errors become the envelope of architecture.md. Typed errors keep their status; what Fastify
 * refuses before a handler runs (malformed or oversized body, bad content type) is a 4xx
 * InvalidRequest; only a genuine fault is a logged 500.
 */
function sendError(error: FastifyError | ApiError | Error, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.code(error.status).send(error.toBody());
  }
  // Anything that failed before the API handler ran came from reading the request (a truncated
  // multipart body, a broken encoding): the client's fault, answered as such.
  if (reply.request.routeOptions.url === API_ROUTE && !handlerStarted(reply.request)) {
    const { body } = apiErrorBody('InvalidRequest', 'The request body could not be read');
    const status = (error as FastifyError).statusCode;
    return reply.code(status === 413 || status === 415 ? status : 400).send(body);
  }
  const statusCode = (error as FastifyError).statusCode;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const { body } = apiErrorBody('InvalidRequest', error.message);
    return reply.code(statusCode === 413 || statusCode === 415 ? statusCode : 400).send(body);
  }
  reply.log.error(error);
  const { status, body } = apiErrorBody('InternalServerError', 'Something went wrong on our side');
  return reply.code(status).send(body);
}

export interface ServerOptions {
  /** An open database (tests pass theirs); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Seed demo data on start (default true). */
  seed?: boolean;
  now?: () => Date;
}

/**
 * The platform server: the built shell for every page path, each remote's dist under
 * `/remotes/<name>/`, `/remotes.json`, and `/api/*` (which never falls back to the HTML page).
 */
export async function createServer(
  config: PlatformConfig,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  mkdirSync(config.dataDir, { recursive: true });
  const database =
    options.database ??
    (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  if (options.seed !== false) await seed(database);
  const context: AppContext = {
    database,
    config,
    secret: loadSecret(config.dataDir),
    now: options.now ?? (() => new Date()),
  };
  const app = Fastify({
    logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
    bodyLimit: 1024 * 1024,
    // Serve HEAD for every GET route.
    exposeHeadRoutes: true,
    trustProxy: process.env.TRUST_PROXY === '1',
    // A request Node cannot even parse (headers or URL too long, broken HTTP) still gets the
    // typed envelope, not Fastify's default body.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const status = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify(
        apiErrorBody('InvalidRequest', 'The request could not be read').body,
      );
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', async () => database.close());
  app.setErrorHandler((error, _request, reply) => sendError(error as FastifyError, reply));

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 1024 * 1024 });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: 64 * 1024, fields: 200, files: 0, fileSize: 1, parts: 200 },
  });

  // gzip as served (the JS budgets of tools/budget.ts are measured on it). Built assets come
  // with zopfli `.gz` files served as they are; everything else is compressed here.
  await app.register(fastifyCompress, { encodings: ['gzip'], threshold: 1024 });

  const shellDist = path.join(config.appsDir, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  const renderPage = pageRenderer(context, indexHtml);

  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/plain; charset=utf-8')
      .send(await robotsTxt(context, request.host)),
  );

  app.get('/remotes.json', async (_request, reply) => {
    const document = await remotesDocument(config);
    return reply.header('cache-control', NO_CACHE).send(document);
  });

  for (const name of REMOTE_NAMES) {
    const root = path.join(config.appsDir, name, 'dist');
    if (!existsSync(root)) continue;
    await app.register(
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

  registerApi(app, context);
  registerContent(app, context);
  registerSiteSocialSignIn(app, context);
  registerSandboxOAuthPages(app, context);
  registerMailPage(app, context);
  app.all('/api', (request, reply) => methodNotFound(reply, request.url));
  app.all('/api/*', (request, reply) => methodNotFound(reply, request.url));

  if (existsSync(shellDist)) {
    await app.register(fastifyStatic, {
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
  app.setNotFoundHandler(async (request, reply) => {
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
    const html = await renderPage(
      { url: request.url, protocol: request.protocol, host: request.host },
      request.log,
    );
    syncSessionHint(request, reply);
    return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  });

  return app;
}
