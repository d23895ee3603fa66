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
 * The sandbox accepts whatever e-mail is typed into its form, "verified" included, so it is a
 * demo-mode piece (demo/mode.ts, SOCIAL_SANDBOX): off in a production start unless SOCIAL_SANDBOX=1
 * turns it on for a demo deployment. Off, no provider is configured and every provider path
 * answers MethodNotFound.
 */
function configure(
  app: AppContext,
  options: { sandbox: boolean },
): ReadonlyMap<string, SocialProvider> {
  const providers = new Map<string, SocialProvider>();
  if (!options.sandbox) return providers;
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

/** Sets up the providers of a server (the social domain does, as the server starts). */
export function configureSocialProviders(app: AppContext, options: { sandbox: boolean }): void {
  configured.set(app, configure(app, options));
}

/** The providers of this server; none for a server whose social domain did not configure them. */
export function socialProviders(app: AppContext): ReadonlyMap<string, SocialProvider> {
  return configured.get(app) ?? new Map();
}

/** The provider a path or query names; an unknown name is MethodNotFound (404), as any unknown path. */
export function socialProvider(app: AppContext, name: unknown): SocialProvider {
  const provider = typeof name === 'string' ? socialProviders(app).get(name) : undefined;
  if (!provider) throw new ApiError('MethodNotFound', 'No such social sign-in provider');
  return provider;
}
