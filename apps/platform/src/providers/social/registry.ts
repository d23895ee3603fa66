import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import { SandboxOAuthProvider } from './sandbox.ts';
import type { SocialProvider } from './types.ts';

/**
 * The paths of this site a provider sends the browser back to (what one registers as "redirect
 * URIs" with a real provider): the content backend's connect flow and the site's `/oauth/init`
 * flow. They are built here so the flows and the provider agree on them.
 */
export const socialCallbackPaths = (provider: string) => ({
  cms: `/cms/connect/${provider}/callback`,
  site: `/oauth/${provider}/callback`,
});

/**
 * The configured social sign-in providers: `google` and `facebook`, both instances of the
 * sandbox provider (sandbox.ts), since no real provider account is configured for this
 * platform. A real one replaces an entry here with its own `SocialProvider` (authorize URL at
 * the provider, profile from its user-info API); nothing else changes.
 *
 * The sandbox accepts whatever e-mail is typed into its form, "verified" included, so it is off
 * when NODE_ENV is `production` (then no provider is configured and every provider path answers
 * MethodNotFound), unless SOCIAL_SANDBOX=1 turns it on for a demo deployment.
 */
function configure(app: AppContext): ReadonlyMap<string, SocialProvider> {
  const sandboxOn = process.env.NODE_ENV !== 'production' || process.env.SOCIAL_SANDBOX === '1';
  const providers = new Map<string, SocialProvider>();
  if (!sandboxOn) return providers;
  for (const [name, label] of [
    ['google', 'Google'],
    ['facebook', 'Facebook'],
  ] as const) {
    const paths = socialCallbackPaths(name);
    providers.set(name, new SandboxOAuthProvider(app, name, label, [paths.cms, paths.site]));
  }
  return providers;
}

const configured = new WeakMap<AppContext, ReadonlyMap<string, SocialProvider>>();

/** The providers of this server (configured once per server). */
export function socialProviders(app: AppContext): ReadonlyMap<string, SocialProvider> {
  let providers = configured.get(app);
  if (!providers) {
    providers = configure(app);
    configured.set(app, providers);
  }
  return providers;
}

/** The provider a path or query names; an unknown name is MethodNotFound (404), as any unknown path. */
export function socialProvider(app: AppContext, name: unknown): SocialProvider {
  const provider = typeof name === 'string' ? socialProviders(app).get(name) : undefined;
  if (!provider) throw new ApiError('MethodNotFound', 'No such social sign-in provider');
  return provider;
}
