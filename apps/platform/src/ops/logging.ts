import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyServerOptions } from 'fastify';
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
}): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.readable
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                translateTime: 'HH:MM:ss.l',
                singleLine: true,
                // `GET /cashier 200 12 ms`, then the request id and any other fields.
                messageFormat:
                  '{if method}{method} {url} {status} {ms} ms{end}{if not method}{msg}{end}',
                ignore: 'pid,hostname,method,url,status,ms',
              },
            },
          }
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
