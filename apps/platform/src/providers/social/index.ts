import { domain, type DomainPlugin } from '../../lib/domain.ts';
import { configureSocialProviders } from './registry.ts';
import { registerSandboxOAuthPages } from './sandbox-page.ts';

/** Social sign-in providers: one interface, a sandbox OAuth implementation. */
export { socialCallbackPaths, socialProvider, socialProviders } from './registry.ts';
export type { SocialProfile, SocialProvider } from './types.ts';
export { INIT_DATA_MAX_AGE_S, miniAppProvider, verifyInitData } from './telegram.ts';

/**
 * The providers of the server: with `sandbox` (demo mode's SOCIAL_SANDBOX, demo/mode.ts) the sandbox
 * provider behind `google` and `facebook`, else none. The consent pages' routes serve only a
 * configured sandbox provider: without one, `/sandbox/oauth/…` answers MethodNotFound (404), as
 * for an unknown provider, rather than falling through to the site's page.
 */
export const socialDomain = (options: { sandbox: boolean }): DomainPlugin =>
  domain('social', (server, app) => {
    configureSocialProviders(app, options);
    registerSandboxOAuthPages(server, app);
  });
