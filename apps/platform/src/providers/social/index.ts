import { domain } from '../../lib/domain.ts';
import { registerSandboxOAuthPages } from './sandbox-page.ts';

/** Social sign-in providers: one interface, a sandbox OAuth implementation. */
export { socialCallbackPaths, socialProvider, socialProviders } from './registry.ts';
export type { SocialProfile, SocialProvider } from './types.ts';
/** The sandbox provider's consent pages. */
export const socialDomain = domain('social', registerSandboxOAuthPages);
