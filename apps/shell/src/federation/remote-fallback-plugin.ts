import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: when a remote cannot be loaded, say which one and why in the console (with the
 * runtime's own error code) and let the error reach the route's error boundary, which draws the
 * fallback in the remote's place. Returning nothing makes the runtime rethrow the original error.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'northstar-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] remote module "${id}" failed during ${lifecycle}`, error);
      return undefined;
    },
  };
}
