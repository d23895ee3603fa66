import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * A domain of the platform as a Fastify plugin: `server.ts` registers each from one list. Domains
 * share the root scope (the error handler, cookies, body parsers, the not-found page, the ops
 * domain's request hooks), so the plugin is not encapsulated: `fastify-plugin` says so (rather
 * than setting Fastify's symbols by hand), names it (`server.hasPlugin('web')`, the name in a
 * boot error) and refuses a Fastify major the domains were not written for.
 */
export interface DomainPlugin {
  (server: FastifyInstance, options: { app: AppContext }): Promise<void>;
}

export function domain(
  name: string,
  register: (server: FastifyInstance, app: AppContext) => void | Promise<void>,
): DomainPlugin {
  return fastifyPlugin(
    async (server: FastifyInstance, options: { app: AppContext }) => {
      await register(server, options.app);
    },
    { name, fastify: '5.x' },
  );
}
