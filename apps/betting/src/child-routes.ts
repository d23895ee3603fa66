/**
 * The betting remote's own pages under `/betting` (#23 §3, issue #29): an event's page with every
 * market. Dependency-free on purpose (a type import only): tools/generate-child-routes.ts reads it
 * into shell-sdk's route table, so the platform's page rules and the shell's guard know the child
 * without loading the remote. After a change here run `node tools/generate-child-routes.ts`.
 */
import type { RemoteChildRoutes } from '@northstar/shell-sdk/routes';

export const childRoutes = {
  owner: 'betting',
  parent: '/betting',
  children: {
    bettingEvent: 'event/:id',
  },
} as const satisfies RemoteChildRoutes;
