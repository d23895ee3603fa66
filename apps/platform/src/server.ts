import { mkdirSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import { ApiError, apiErrorBody, type ApiErrorBody } from '@northstar/errors';
import { trustedProxies, type PlatformConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { bonusesDomain } from './bonuses/index.ts';
import { cashbackDomain } from './cashback/index.ts';
import { tournamentsDomain } from './tournaments/index.ts';
import { chatDomain } from './chat/index.ts';
import { sportsbookDomain, type FeedProvider } from './sportsbook/index.ts';
import { loyaltyDomain } from './loyalty/index.ts';
import { observeDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import {
  checkProductionStart,
  demoMode,
  ensureDemoStaffAuthenticators,
  seed,
  type DemoMode,
} from './demo/index.ts';
import { contentDomain, isContentBackendUrl, strapiErrorBody } from './content/index.ts';
import { gameExportsDomain, gameLaunchDomain, originalsDomain } from './games/index.ts';
import {
  API_ROUTE,
  DEFAULT_THROTTLE,
  handlerStarted,
  httpDomain,
  registerThrottle,
} from './http/index.ts';
import type { DomainPlugin } from './lib/domain.ts';
import { loadSecret } from './lib/secret.ts';
import { oauthDomain } from './modules/auth/index.ts';
import { kycDomain } from './kyc/index.ts';
import { paymentWebhooksDomain } from './payments/index.ts';
import { paymentsDomain } from './providers/payments/index.ts';
import { mailDomain } from './providers/mail/index.ts';
import { socialDomain } from './providers/social/index.ts';
import { seamlessWalletDomain } from './wallet/index.ts';
import { wireSignUp } from './sign-up/index.ts';
import { wirePlayerProtection } from './responsible/index.ts';
import { imagesDomain } from './images/index.ts';
import { analyticsDomain } from './analytics/index.ts';
import { webDomain } from './web/index.ts';
import { databaseMetrics, loggingOptions, opsDomain } from './ops/index.ts';

/**
 * The platform's domains, each a Fastify plugin behind its `index.ts`, registered in this order.
 * `web` comes last: its not-found handler serves the page of every path the others left. The
 * demo pieces (demo/mode.ts) decide the sandbox providers and whether `mail` (the outbox page) is on.
 */
const domains = (demo: DemoMode, feed: FeedProvider | undefined): readonly DomainPlugin[] => [
  opsDomain({ production: demo.production }),
  httpDomain,
  contentDomain,
  oauthDomain,
  socialDomain({ sandbox: demo.socialSandbox }),
  ...(demo.mailOutbox ? [mailDomain] : []),
  paymentsDomain({ sandbox: demo.socialSandbox }),
  paymentWebhooksDomain,
  kycDomain({ sandbox: demo.socialSandbox }),
  seamlessWalletDomain,
  bonusesDomain,
  cashbackDomain,
  tournamentsDomain,
  chatDomain,
  sportsbookDomain({ sandbox: demo.socialSandbox, ...(feed ? { feed } : {}) }),
  loyaltyDomain,
  gameLaunchDomain,
  originalsDomain,
  gameExportsDomain,
  imagesDomain,
  analyticsDomain,
  webDomain,
];

/**
 * Errors become the envelope of architecture.md. Typed errors keep their status; what Fastify
 * refuses before a handler runs (malformed or oversized body, bad content type) is a 4xx
 * InvalidRequest; only a genuine fault is a logged 500. On the content backend (`/cms`) the same
 * error is answered in Strapi's shape (content/strapi-error.ts).
 */
function sendError(error: FastifyError | ApiError | Error, reply: FastifyReply) {
  const send = (status: number, body: ApiErrorBody) =>
    reply
      .code(status)
      .send(isContentBackendUrl(reply.request.url) ? strapiErrorBody(status, body) : body);
  if (error instanceof ApiError) return send(error.status, error.toBody());
  // Anything that failed before the API handler ran came from reading the request (a truncated
  // multipart body, a broken encoding): the client's fault, answered as such.
  if (reply.request.routeOptions.url === API_ROUTE && !handlerStarted(reply.request)) {
    const { body } = apiErrorBody('InvalidRequest', 'The request body could not be read');
    const status = (error as FastifyError).statusCode;
    return send(status === 413 || status === 415 ? status : 400, body);
  }
  const statusCode = (error as FastifyError).statusCode;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const { body } = apiErrorBody('InvalidRequest', error.message);
    return send(statusCode === 413 || statusCode === 415 ? statusCode : 400, body);
  }
  reply.log.error(error);
  const { status, body } = apiErrorBody('InternalServerError', 'Something went wrong on our side');
  return send(status, body);
}

/** Fastify's refusals before routing: the client's fault (4xx) as InvalidRequest, else a fault. */
function frameworkError(error: FastifyError, reply: FastifyReply) {
  const send = (status: number, body: ApiErrorBody) =>
    reply
      .code(status)
      .send(isContentBackendUrl(reply.request.url) ? strapiErrorBody(status, body) : body);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return send(status, apiErrorBody('InvalidRequest', 'The URL could not be read').body);
  }
  reply.log.error(error);
  const fault = apiErrorBody('InternalServerError', 'Something went wrong on our side');
  return send(fault.status, fault.body);
}

export interface ServerOptions {
  /** An open database (tests pass theirs); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Seed on start (default true): reference data and content, the demo accounts in demo mode. */
  seed?: boolean;
  /** The demo pieces (demo/mode.ts); default from the environment (`demoMode()`). */
  demo?: DemoMode;
  now?: () => Date;
  /**
   * The sportsbook's feed provider; default: the sandbox feed with the sandbox providers, else
   * none (tests hand in a scripted one, behind the same interface).
   */
  feed?: FeedProvider;
  /** Where log lines go (tests read them); stdout by default. */
  logDestination?: NodeJS.WritableStream;
}

/**
 * The platform server: the built shell for every page path, each remote's dist under
 * `/remotes/<name>/`, `/remotes.json`, and `/api/*` (which never falls back to the HTML page).
 */
export async function createServer(
  config: PlatformConfig,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  // Issue #23: what a new player gets besides its identity (wallet, loyalty) is wired here.
  wireSignUp();
  wirePlayerProtection();
  mkdirSync(config.dataDir, { recursive: true });
  // The database reports query time and pool use to ops/'s metrics (db/ imports no domain).
  observeDatabase(databaseMetrics);
  const database =
    options.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      ...(config.databasePoolMax ? { poolMax: config.databasePoolMax } : {}),
    }));
  const demo = options.demo ?? demoMode();
  if (options.seed !== false) await seed(database, { demo: demo.seed });
  await checkProductionStart(database, demo);
  const context: AppContext = {
    database,
    config,
    secret: loadSecret(config.dataDir),
    now: options.now ?? (() => new Date()),
  };
  // The demo back office's authenticator keys are sealed with this server's secret (once).
  if (demo.seed) await ensureDemoStaffAuthenticators(context);
  const app = Fastify({
    ...loggingOptions({
      level: config.logLevel ?? 'info',
      // Readable lines in demo mode, JSON lines (for a log shipper) in production (LOG_FORMAT).
      readable: (config.logFormat ?? (demo.production ? 'json' : 'readable')) === 'readable',
      trustsProxy: config.trustProxy !== undefined && config.trustProxy !== false,
      ...(options.logDestination ? { destination: options.logDestination } : {}),
    }),
    bodyLimit: 1024 * 1024,
    // Serve HEAD for every GET route.
    exposeHeadRoutes: true,
    // TRUST_PROXY: the proxies (addresses or hop count) whose X-Forwarded-* are believed; none by
    // default, so a client cannot choose its own address (rate limits are per address).
    trustProxy: trustedProxies(config.trustProxy),
    // What Fastify refuses before routing (a URL whose percent-encoding does not decode, `/%zz`;
    // a path param over its length limit) gets the typed envelope, not Fastify's own body.
    frameworkErrors: (error, _request, reply) => frameworkError(error, reply),
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
  // A DELETE whose body is empty has no content to type: Strapi's client sends
  // `Content-Type: application/json` with no body on every call, which Fastify's JSON parser
  // refuses (400 "Body cannot be empty"). Dropping the header there alone leaves every body that
  // exists to the default parser, with its prototype-poisoning protection and its typed errors.
  app.addHook('onRequest', async (request) => {
    const { headers } = request.raw;
    if (
      request.method === 'DELETE' &&
      headers['content-type'] !== undefined &&
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0')
    ) {
      delete headers['content-type'];
    }
  });

  // Security headers on every answer (@fastify/helmet). The CSP is the pages' own (web/: their
  // frame-ancestors; the sandbox and upload pages a strict one); a site-wide CSP with nonces
  // for the inline scripts is not switched on yet. HSTS only when the public origin is https.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Remotes and images may be loaded by other origins (a CDN copy, mail clients).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Social sign-in and payment windows keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl?.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)',
    );
  });
  await app.register(fastifyCookie);
  // The general per-address throttle of /api and /cms, counted in the database for every
  // instance (http/throttle.ts), before any body is read.
  await registerThrottle(app, database, config.requestThrottle ?? DEFAULT_THROTTLE);
  await app.register(fastifyFormbody, { bodyLimit: 1024 * 1024 });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: 64 * 1024, fields: 200, files: 0, fileSize: 1, parts: 200 },
  });

  // gzip as served (the JS budgets of tools/budget.ts are measured on it). Built assets come
  // with zopfli `.gz` files served as they are; everything else is compressed here.
  await app.register(fastifyCompress, { encodings: ['gzip'], threshold: 1024 });

  for (const plugin of domains(demo, options.feed)) await app.register(plugin, { app: context });

  return app;
}
