import { apiErrorBody } from '@northstar/errors';
import { domain } from '../lib/domain.ts';
import { registerApi } from './api.ts';
import { registerApiReference } from './openapi.ts';

/** The `/api` dispatcher generated from `packages/contract` (architecture.md, http/). */
export const httpDomain = domain('http', (server, app) => {
  registerApi(server, app);
  registerApiReference(server);
  const methodNotFound = (url: string) =>
    apiErrorBody('MethodNotFound', `No API method at ${url.split('?')[0]}`);
  server.all('/api', (request, reply) => {
    const { status, body } = methodNotFound(request.url);
    return reply.code(status).send(body);
  });
  server.all('/api/*', (request, reply) => {
    const { status, body } = methodNotFound(request.url);
    return reply.code(status).send(body);
  });
});

export { API_ROUTE, handlerStarted } from './api.ts';
// The handler types live in modules/handlers.ts; re-exported for handlers not yet moved to it.
export { DEFAULT_THROTTLE, registerThrottle } from './throttle.ts';
