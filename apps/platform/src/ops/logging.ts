import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { LogLevel } from '../config.ts';

/**
 * What never reaches a log line: session and sign-in material, provider signatures, and anything
 * a body might carry that is a password, a one-time code or card data (bodies are not logged,
 * but an error object may hold one).
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-wallet-signature"]',
  'req.headers["sandbox-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.code',
  '*.token',
  '*.number',
  '*.cvc',
  '*.requisites',
];

/**
 * Query parameters whose values are secrets, matched without case: the game launch token, the
 * social providers' tokens, codes and state, signatures and the mini-app's signed init data, mail
 * links' tokens, passwords and keys. A URL in a log line keeps its path and every other parameter,
 * and shows these as `[redacted]` (the name stays: it tells what kind of request it was).
 */
export const SECRET_QUERY_PARAMETERS = [
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'code',
  'state',
  'code_verifier',
  'signature',
  'sig',
  'hash',
  'init_data',
  'initdata',
  'tgwebappdata',
  'password',
  'secret',
  'key',
  'api_key',
  'jwt',
  'otp',
  'session',
];
const SECRET_PARAMETER_SET = new Set(SECRET_QUERY_PARAMETERS);

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as a log line may show it: every secret query parameter's value redacted. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER_SET.has(parameterName(name))
        ? `${name}=[redacted]`
        : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * Demo mode's readable line: a request's `GET /cashier 200 12 ms`, else the message as it is
 * (pino-pretty's template syntax has no "if not", so any other message printed blank).
 */
export function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  if (typeof log.method === 'string' && typeof log.url === 'string') {
    return `${log.method} ${log.url} ${String(log.status)} ${String(log.ms)} ms`;
  }
  const message = log[messageKey];
  return typeof message === 'string' ? message : '';
}

/** A request id a trusted proxy may hand over: short, and nothing a log viewer could misread. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's logger (pino): on by default at `info` (LOG_LEVEL changes it; `silent` turns it off),
 * JSON lines in production, readable lines in demo mode. Each request gets an id, taken from
 * `X-Request-Id` when the platform sits behind trusted proxies (TRUST_PROXY) and the value is
 * sane, otherwise a new UUID; it is on every log line of the request and in the answer.
 */
export function loggingOptions(options: {
  level: LogLevel;
  readable: boolean;
  trustsProxy: boolean;
  /** Where lines go (tests read them); stdout by default. */
  destination?: NodeJS.WritableStream;
}): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Fastify's own lines about a request (a fault's `req`) carry its URL too.
      serializers: {
        req: (request: { method?: string; url?: string; id?: string }) => ({
          method: request.method,
          url: request.url === undefined ? undefined : redactUrl(request.url),
          id: request.id,
        }),
      },
      ...(options.readable
        ? {
            // In the process (not a transport's worker thread), so the message format can be a
            // function; the extra fields of a request line follow it on the same line.
            stream: pretty({
              translateTime: 'HH:MM:ss.l',
              singleLine: true,
              messageFormat: readableMessage,
              ignore: 'pid,hostname,method,url,status,ms',
              ...(options.destination ? { destination: options.destination, colorize: false } : {}),
            }),
          }
        : options.destination
          ? { stream: options.destination }
          : {}),
    },
    // One line per request, written when it ends (routes.ts), instead of Fastify's two.
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      if (options.trustsProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
      return randomUUID();
    },
  };
}
