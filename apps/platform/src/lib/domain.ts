import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * A domain of the platform as a Fastify plugin: `server.ts` registers each from one list. Domains
 * share the root scope (the error handler, cookies, body parsers, the not-found page), so the
 * plugin is not encapsulated (what `fastify-plugin` does, by the same symbol).
 */
export interface DomainPlugin {
  (server: FastifyInstance, options: { app: AppContext }): Promise<void>;
}

export function domain(
  name: string,
  register: (server: FastifyInstance, app: AppContext) => void | Promise<void>,
): DomainPlugin {
  const plugin = async (server: FastifyInstance, options: { app: AppContext }) => {
    await register(server, options.app);
  };
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
