import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { finishSocialFlow, providerError, startSocialFlow } from '../identity/index.ts';
import { socialSignIn } from '../identity/index.ts';
import { socialProvider } from '../providers/social/index.ts';
import { sameOriginPath, withQuery } from '../lib/redirects.ts';
import { signedIn, twoFactorRequired } from './auth.ts';
import { siteLocales } from './store.ts';

/**
 * Social sign-in on the content backend, Strapi users-permissions style (§7 "Content backend"):
 *
 * - `GET /cms/connect/{provider}?redirect_url=/path` (the browser link `{backend}/connect/…`)
 *   sends the browser to the provider (modules/auth/social-flow.ts keeps the state);
 * - the provider returns to `GET /cms/connect/{provider}/callback`, which lands the browser on
 *   the same-origin `redirect_url` with `?access_token=…` (or `?error=access_denied`);
 * - the front end calls `GET /cms/auth/{provider}/callback?access_token=…` and gets
 *   `{ jwt, user }`, `user.provider` naming the provider.
 *
 * A `redirect_url` that is not a path of this site (absolute, `//host`) lands on `/`.
 */
export function registerContentSocial(server: FastifyInstance, app: AppContext): void {
  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/connect/:provider',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const returnTo = sameOriginPath(request.query.redirect_url) ?? '/';
      const location = startSocialFlow(app, request, reply, 'cms', provider, {
        returnTo,
        typeAuth: 'login',
      });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/connect/:provider/callback',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const flow = finishSocialFlow(app, request, reply, 'cms', provider, request.query.state);
      const token = request.query.access_token;
      const landing =
        typeof token === 'string' && /^[\w.~-]{1,2000}$/.test(token)
          ? withQuery(flow.returnTo, { access_token: token })
          : withQuery(flow.returnTo, { error: providerError(request.query.error) });
      return reply.header('cache-control', 'no-store').redirect(landing, 302);
    },
  );

  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/auth/:provider/callback',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const code = request.query.code;
      const { outcome } = await socialSignIn(app, {
        provider,
        accessToken: request.query.access_token,
        ip: request.ip,
        locale: (await siteLocales(app)).defaultLocale,
        // Nothing here says the terms were accepted: the site's social-registration popup (§2)
        // completes the account.
        registrationCompleted: false,
        // Two-factor on: the first call sends the code and answers 401 (error_data
        // two_factor_auth); the same call with `code` signs in (the token lives 10 minutes).
        code: typeof code === 'string' && /^\d{6}$/.test(code) ? code : undefined,
      });
      reply.header('cache-control', 'no-store');
      if (outcome.status === 'two-factor') throw twoFactorRequired(outcome.resendTime);
      return signedIn(app, outcome.player, provider.name);
    },
  );
}
